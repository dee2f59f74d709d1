"""Staff entry on a 390×844 phone: each entry's state shows at its form, in view; taps are counted.

Tap counts (clicks from the match page to the accepted entry) are printed for the report:
run with -s to see them.
"""

import pytest
from play_support import team_event  # noqa: E402
from playwright.sync_api import expect
from staff_pages import game_form, staff

from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow  # noqa: E402

VIEWPORT = {"width": 390, "height": 844}


@pytest.fixture
def phone390(browser):
    """A 390×844 touch phone in Japanese."""
    return browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True, locale="ja-JP")


class Taps:
    """Clicks a person makes, counted."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, locator):
        locator.click()
        self.count += 1




def _status(page, state):
    status = page.locator("[data-testid=entry-status]")
    expect(status).to_have_attribute("data-state", state, timeout=10000)
    return status


def _in_viewport(locator):
    expect(locator).to_be_in_viewport(ratio=1)
    box = locator.bounding_box()
    assert box is not None
    assert 0 <= box["y"] and box["y"] + box["height"] <= VIEWPORT["height"], box
    assert 0 <= box["x"] and box["x"] + box["width"] <= VIEWPORT["width"], box




def _pick_character(tap, form, side, name):
    """Open the roster, search, and tap the character (the search is typing, not a tap)."""
    chars = form.locator(f"[data-testid=chars-{side}]")
    tap(chars.locator("summary"))
    chars.locator("[data-char-search]").fill(name[:2])
    tap(chars.locator(".char-roster label", has_text=name))


def test_kgp_game_counts_taps_and_a_rejection_shows_in_view(live_server, phone390):
    event, match = team_event("best_of", "kgp2025", size=1)
    page = staff(phone390, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    expect(page.locator("[data-testid=match-title]")).to_have_text("決勝")
    tap = Taps(page)
    form = game_form(page)
    _pick_character(tap, form, "a", "テリー・ボガード")
    _pick_character(tap, form, "b", "春麗")
    tap(form.locator("label", has=page.locator("input[name=score][value='2-1']")))
    tap(form.locator("button[type=submit]"))
    status = _status(page, "accepted")
    expect(status).to_contain_text("第1ゲーム: チームA 2–1 チームB")
    _in_viewport(status)
    first_game_taps = tap.count

    # Game 2, characters unchanged: the score and the button.
    tap = Taps(page)
    form = game_form(page, 2)
    expect(form.locator("input[name=char_a][value='テリー・ボガード']")).to_be_checked()
    tap(form.locator("label", has=page.locator("input[name=score][value='0-2']")))
    tap(form.locator("button[type=submit]"))
    expect(_status(page, "accepted")).to_contain_text("第2ゲーム: チームA 0–2 チームB")
    unchanged_taps = tap.count
    assert unchanged_taps <= 3

    # Game 3: B won game 2 and may not switch (KGP ④). The server refuses; the phone says so here.
    form = game_form(page, 3)
    _pick_character(Taps(page), form, "b", "ケン・マスターズ")
    form.locator("label", has=page.locator("input[name=score][value='0-2']")).click()
    form.locator("button[type=submit]").click()
    status = _status(page, "rejected")
    expect(status).to_contain_text("KGP ④")
    expect(status).not_to_contain_text("保存しました")
    _in_viewport(status)
    form = game_form(page)
    expect(form.locator("input[name=char_b][value='ケン・マスターズ']")).to_be_checked()
    expect(form.locator("input[name=score][value='0-2']")).to_be_checked()
    # Corrected in the same form: B keeps the character.
    form.locator("[data-testid=chars-b] .char-keep label").click()
    # A sync meanwhile: the match section waits for the entry being corrected, which stays in the form.
    page.evaluate("document.body.dispatchEvent(new CustomEvent('taikai:synced', {bubbles: true}))")
    page.wait_for_timeout(300)
    form = game_form(page)
    expect(form.locator("input[name=char_b][value='春麗']")).to_be_checked()
    expect(form.locator("input[name=score][value='0-2']")).to_be_checked()
    form.locator("button[type=submit]").click()
    expect(_status(page, "accepted")).to_contain_text("第3ゲーム: チームA 0–2 チームB")
    expect(page.locator("[data-testid=winner]")).to_contain_text("チームB")
    print(f"\nTAPS kgp game 1 (characters picked): {first_game_taps}; kgp game unchanged: {unchanged_taps}")


def test_kachinuki_game_taps_and_queued_then_accepted(live_server, phone390):
    event, match = team_event()
    page = staff(phone390, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    toss = page.locator("form[data-op=coin_toss]")
    toss.locator("label", has=page.locator("input[name=winner][value=a]")).click()
    toss.locator("label", has=page.locator("input[name=choice][value=stage]")).click()
    toss.locator("button[type=submit]").click()
    _status(page, "accepted")
    for label in ("A1", "B1"):
        page.locator("form[data-op=name_player]:visible button", has_text=label).first.click()
        expect(_status(page, "accepted")).to_contain_text(label)
    form = game_form(page, 1)
    form.locator("label", has=page.locator("input[name=score][value='3-1']")).click()
    form.locator("button[type=submit]").click()
    expect(_status(page, "accepted")).to_contain_text("第1ゲーム: チームA 3–1 チームB")

    # Game 2 from the match page: B names its next player, then score and record.
    tap = Taps(page)
    tap(page.locator("form[data-op=name_player]:visible button", has_text="B2").first)
    expect(_status(page, "accepted")).to_contain_text("B2")
    form = game_form(page, 2)
    tap(form.locator("label", has=page.locator("input[name=score][value='3-2']")))
    phone390.set_offline(True)  # the entry waits on the phone: grey, never "recorded"
    tap(form.locator("button[type=submit]"))
    status = _status(page, "queued")
    expect(status).to_contain_text("この端末に保存")
    _in_viewport(status)
    phone390.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(_status(page, "accepted")).to_contain_text("第2ゲーム: チームA 3–2 チームB")
    assert tap.count <= 4
    db.session.rollback()
    assert len(db.session.get(MatchRow, match.id).actions) == 6
    print(f"\nTAPS kachinuki game (name + score + record): {tap.count}")
