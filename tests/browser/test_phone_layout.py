"""On a 390 px phone: each game of a match is one line 「A (Ryu) 2–1 B (Ken)」, nothing runs off the
right edge, and the header stays one row even with the desk's links (behind a menu). A bracket's scroll area
scrolls from the keyboard."""
import re

import pytest
from axe_support import LAPTOP, PHONE, shot
from bracket_builders import big_double_elimination
from chromium_support import open_site_menu  # noqa: E402
from desk_sign_in import sign_in_desk
from play_support import member_ids, send, team_event  # noqa: E402
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _rows(page) -> list[str]:
    return [re.sub(r"\s+", " ", t).strip() for t in page.locator("table.games tbody tr").all_inner_texts()]


def test_a_1on1_match_lists_its_games_one_line_each_on_a_phone(live_server, browser):
    _, match = team_event("best_of", "kgp2025", size=1)
    send(match, "report_game", winner="a", rounds_a=2, rounds_b=0, char_a="テリー", char_b="舞", position=0)
    send(match, "report_game", winner="b", rounds_a=1, rounds_b=2, char_a="テリー", char_b="舞", position=1)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{live_server.url}/m/{match.id}")
    assert _rows(page) == ["1 チームA (テリー) 2–0 チームB (舞)", "2 チームA (テリー) 1–2 チームB (舞)"]
    for row in page.locator("table.games tbody tr").all():
        assert row.bounding_box()["height"] < 48  # one line each
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "match-games-phone")
    context = browser.new_context(viewport=LAPTOP, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{live_server.url}/m/{match.id}")
    expect(page.locator("table.games thead th").nth(1)).to_have_text("チームA")  # a table again, names on top
    assert _rows(page)[0] == "1 テリー 2–0 舞"


def test_a_kachinuki_game_names_the_players_and_their_characters(live_server, browser):
    _, match = team_event()
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", winner="a", choice="stage", position=0)
    send(match, "name_player", side="a", member_id=a[0], position=1)
    send(match, "name_player", side="b", member_id=b[0], position=2)
    send(match, "report_game", winner="a", rounds_a=3, rounds_b=1, position=3)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{live_server.url}/m/{match.id}")
    assert _rows(page) == ["1 A1 (一八) 3–1 B1 (一八)"]


def test_the_header_is_one_row_on_a_phone_with_every_link_reachable(live_server, browser, desk_user):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP")
    page = context.new_page()
    sign_in_desk(page, live_server.url)
    page.goto(f"{live_server.url}/desk/")
    assert page.locator("header.topbar").bounding_box()["height"] <= 60
    sign_out = page.locator("header.topbar button", has_text="ログアウト")
    expect(sign_out).to_be_hidden()  # behind 「メニュー」, never past the right edge
    open_site_menu(page)
    expect(sign_out).to_be_in_viewport(ratio=1)
    expect(page.locator("header.topbar .lang-switch a")).to_have_text("English")
    shot(page, "desk-header-phone")


def test_a_laptop_bracket_scrolls_with_the_page_and_no_box_of_its_own(live_server, browser):
    """Both sides of a 48-player double elimination on a laptop: the page scrolls (keyboard too),
    no side sits in a scroll box of its own, and nothing is cut off at the right."""
    phase = big_double_elimination(players=48, share=0.3)
    context = browser.new_context(viewport=LAPTOP, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}")
    sides = page.locator(".bracket")
    assert sides.count() >= 2
    for i in range(sides.count()):
        inner = sides.nth(i).evaluate("el => [el.scrollHeight - el.clientHeight, el.scrollWidth - el.clientWidth]")
        assert inner[0] <= 1 and inner[1] <= 1, f"side {i} scrolls inside itself: {inner}"
    page.locator("body").click(position={"x": 5, "y": 300})
    for key in ("PageDown", "End"):
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") > 100
