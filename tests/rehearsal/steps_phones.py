"""Referees at the stations: results game by game on their phones, a penalty, the next call."""
import re

from day import into_view, see
from page_wait import wait_until  # noqa: E402
from playwright.sync_api import expect
from steps_reception import day_slug, sign_in_staff

WORDS = {  # what the phone says, per language
    "ja": {"game": "第{n}ゲーム", "winner": "勝者", "penalty": "ペナルティ"},
    "en": {"game": "Game {n}", "winner": "Winner", "penalty": "Penalty"},
}


def referee(day, event, station, name, lang, page=None):
    """A referee signs in and scans their station's code: the phone opens the match called there."""
    if page is None:  # a phone of their own; a phone already signed in for the event keeps its sign-in
        page = day.phone(lang)
        sign_in_staff(day, page, event, name, lang)
    day.go(page, f"/staff/e/{day_slug(day, event)}?station={station}", lang)
    expect(page).to_have_url(re.compile(r"/staff/m/\d+"))
    wait_until(page, "navigator.serviceWorker && navigator.serviceWorker.controller", timeout=30000)
    return page


def match_id(page):
    return int(page.locator("#match-play").get_attribute("data-match-id"))


def at_position(page, position, timeout=30000):
    expect(page.locator("#match-play")).to_have_attribute("data-position", str(position), timeout=timeout)


def pick_character(page, side, name):
    """Open the roster, type the first letters, tap the character."""
    chars = page.locator(f"form[data-op=report_game]:visible [data-testid=chars-{side}]")
    chars.locator("summary").click()
    chars.locator("[data-char-search]").fill(name[:2])
    chars.locator(".char-roster label", has_text=name).click()


def game(page, score, chars=None):
    """One game: characters when they change, the score (it says who won), record."""
    form = page.locator("form[data-op=report_game]:visible")
    for side, name in (chars or {}).items():
        pick_character(page, side, name)
    form.locator("label", has=page.locator(f"input[name=score][value='{score}']")).click()
    form.locator("button[type=submit]").click()


def games(page, scores, start=0, first_chars=None):
    """Games one after another, each accepted (the match's position moves on) before the next."""
    for n, score in enumerate(scores):
        game(page, score, first_chars if n == 0 else None)
        at_position(page, start + n + 1)


def full_match(day, page, lang, a, b):
    """Station 1: a best of 3 to game three, characters picked in game 1; the phone names the winner."""
    expect(page.locator("h1.versus")).to_contain_text(a)
    expect(page.locator("h1.versus")).to_contain_text(b)
    games(page, ["2-1"], first_chars={"a": "テリー・ボガード", "b": "春麗"})
    see(page.locator("[data-testid=entry-status]"), WORDS[lang]["game"].format(n=1), a)
    day.look(page, "game1", "referee1", lang, full=False)
    games(page, ["1-2", "2-0"], start=1)
    see(page.locator("[data-testid=winner]"), a)
    see(page.locator("[data-testid=score]"), "2 – 1")
    day.look(page, "match-won", "referee1", lang)


def penalty_match(day, page, lang, a, b):
    """Station 4: game 1, then a prohibited act (pause) against b, then the last game."""
    see(page.locator("h1.versus"), a, b)
    games(page, ["2-0"])
    extra = page.locator("details", has_text=WORDS[lang]["penalty"]).first
    extra.locator("summary").click()
    form = page.locator("form[data-op=penalty]")
    form.locator("label", has=page.locator("input[name=side][value=b]")).click()
    form.locator("label", has=page.locator("input[name=act][value=pause]")).click()
    form.locator("input[name=rounds_a]").fill("0")
    form.locator("input[name=rounds_b]").fill("0")
    day.look(page, "penalty-form", "referee2", lang, full=False)
    form.locator("button[type=submit]").click()
    at_position(page, 2)
    day.look(page, "penalty-recorded", "referee2", lang)
    games(page, ["2-1"], start=2)
    see(page.locator("[data-testid=winner]"), a)
    day.look(page, "match-won", "referee2", lang)


def next_on_station(day, page, lang):
    """The finished match points to the next one called to this station."""
    link = page.locator("[data-testid=next-on-station] a")
    expect(link).to_be_visible(timeout=20000)
    day.look(page, "next-on-station", "referee1", lang, full=False)


def ordinary_on_stream(day, page, event, lang, a, b):
    """Referee 1 moves to the stream station, which took an ordinary match while its queue was empty."""
    page = referee(day, event, "配信台", "審判 一号", lang, page=page)
    see(page.locator("h1.versus"), a, b)
    games(page, ["2-0", "2-1"])
    see(page.locator("[data-testid=winner]"), a)
    day.look(page, "stream-ordinary-won", "referee1", lang, full=False)


def stream_match(day, page, event, lang, first_game="2-0"):
    """Referee 1 moves to the stream station and plays game 1 of the match called there."""
    page = referee(day, event, "配信台", "審判 一号", lang, page=page)
    games(page, [first_game])
    day.look(page, "stream-match-in-play", "referee1", lang, full=False)
    return match_id(page)


def after_correction(day, page, lang, new_winner):
    """The referee's phone in the next match: the page shows the new player and no game; when the
    referee enters game 1 again, the sync tells the phone its earlier game 1 was undone, and why."""
    page.reload()
    see(page.locator("h1.versus"), new_winner)
    at_position(page, 0)
    told = "やり直し" if lang == "ja" else "starts again"
    if page.locator("#match-play", has_text=told).count() == 0:
        day.note("after-correction", "the referee's open match page says the match restarted (I1)",
                 "nothing on the page; the phone hears of its undone game only when it next sends an entry")
    page.evaluate("window.scrollTo(0, 0)")  # what the referee looks at first: who plays now
    day.look(page, "after-correction", "referee1", lang, full=False)
    games(page, ["2-0"])
    undone = page.locator("#outbox-status li[data-undone]")
    expect(undone).to_have_count(1, timeout=20000)
    see(undone.locator("[data-testid=undone]"), told)
    into_view(undone)
    day.look(page, "told-undone", "referee1", lang, full=False)
