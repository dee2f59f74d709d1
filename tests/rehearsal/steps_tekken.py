"""The team day: a kachinuki match on a phone in English, a win voided after the fact (an
undeclared character), and the desk's ruling on the games played since."""
import re

from day import into_view, see
from playwright.sync_api import expect
from steps_phones import at_position
from steps_reception import day_slug, sign_in_staff


def first_match(day, page, event, lang):
    """Referee Two signs in to the team day and opens the first match ready to play."""
    sign_in_staff(day, page, event, "Referee Two", lang)
    day.go(page, f"/staff/e/{day_slug(day, event)}", lang)
    day.look(page, "team-day-matches", "referee2", lang, full=False)
    page.locator("a.match-link").first.click()
    expect(page).to_have_url(re.compile(r"/staff/m/\d+"))
    return [s.inner_text() for s in page.locator("h1.versus span:not(.muted)").all()]


def _name_first_member(page):
    """The team names its next player: the first member offered."""
    button = page.locator("form[data-op=name_player]:visible button").first
    member = button.inner_text().split("(")[0].strip()
    button.click()
    return member


def _game(page, score):
    form = page.locator("form[data-op=report_game]:visible")
    form.locator("label", has=page.locator(f"input[name=score][value='{score}']")).click()
    form.locator("button[type=submit]").click()


def three_games(day, page, lang):
    """Toss, first players, A's first player beats three of B's: eight entries."""
    toss = page.locator("form[data-op=coin_toss]")
    toss.locator("label", has=page.locator("input[name=winner][value=a]")).click()
    toss.locator("label", has=page.locator("input[name=choice][value=stage]")).click()
    toss.locator("button[type=submit]").click()
    at_position(page, 1)
    first_a = _name_first_member(page)
    at_position(page, 2)
    _name_first_member(page)
    at_position(page, 3)
    _game(page, "3-0")
    at_position(page, 4)
    _name_first_member(page)
    at_position(page, 5)
    day.look(page, "kachinuki-game2", "referee2", lang, full=False)
    _game(page, "3-1")
    at_position(page, 6)
    _name_first_member(page)
    at_position(page, 7)
    _game(page, "3-2")
    at_position(page, 8)
    return first_a


def void_first_win(day, page, lang, player):
    """The opponents point out A's first player used an undeclared character in game 1.

    The referee picks game 1 among the games played, in words; games after it were played, so a
    ruling is due."""
    page.locator("details", has_text="Penalty").first.locator("summary").click()
    form = page.locator("form[data-op=penalty]")
    form.locator("label", has=page.locator("input[name=side][value=a]")).click()
    form.locator("select[name=penalty]").select_option("undeclared_change")
    choice = form.locator("select[name=game] option", has_text=re.compile(r"^(Game 1|第1ゲーム)"))
    form.locator("select[name=game]").select_option(choice.get_attribute("value"))
    day.look(page, "void-form", "referee2", lang, full=False)
    form.locator("button[type=submit]").click()
    at_position(page, 9)
    pending = page.locator("[data-testid=ruling-pending]")
    expect(pending).to_be_visible()
    voided = re.search(r"Game (\d+) was voided", pending.inner_text()).group(1)
    assert voided == "1", f"choosing game 1 voided game {voided}"
    into_view(pending)
    day.look(page, "void-waits-ruling", "referee2", lang, full=False)


def ruling(day, desk, event, team_a, team_b, player):
    """The desk reads the void and both choices in words, and replays from the void."""
    day.go(desk, f"/desk/e/{event}", "ja")
    card = desk.locator("[data-testid=ruling-needed]")
    see(card, "本部の裁定が必要", team_a, team_b, player)
    day.look(desk, "ruling-needed", "desk", "ja")
    card.locator("[data-testid=ruling-replay] button").click()
    expect(desk.locator("[data-testid=ruling-needed]")).to_have_count(0)
    day.look(desk, "ruling-done", "desk", "ja")


def phone_after_ruling(day, page, lang):
    """The referee's phone: no ruling pending, the match goes on from the void."""
    page.reload()
    expect(page.locator("[data-testid=ruling-pending]")).to_have_count(0)
    expect(page.locator("[data-testid=next-step]")).to_be_visible()
    day.look(page, "after-ruling", "referee2", lang)
