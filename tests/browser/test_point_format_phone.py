"""A 3on3 point-format match on a 390 px staff phone: the set and the sets won are said before each
game, the decider's naming names any member, and nothing runs off the right edge."""
import pytest
from axe_support import PHONE, overflowing, shot, small_targets
from desk_sign_in import sign_in_desk
from play_support import member_ids, send, team_event
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_point_format_match_on_a_staff_phone(live_server, browser, desk_user):
    _, match = team_event("point_format", "standard_team", size=2, best_of=1)
    a, b = member_ids(match, "a"), member_ids(match, "b")
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP")
    page = context.new_page()
    sign_in_desk(page, live_server.url)
    send(match, "name_player", position=0, side="a", member_id=a[0])
    send(match, "name_player", position=1, side="b", member_id=b[0])
    page.goto(f"{live_server.url}/staff/m/{match.id}?lang=ja")
    expect(page.locator("[data-testid=point-set]")).to_contain_text("第1セット")
    assert not overflowing(page), overflowing(page)
    shot(page, "point-format-set-phone")
    send(match, "report_game", position=2, winner="a", rounds_a=2, rounds_b=0)
    send(match, "name_player", position=3, side="a", member_id=a[1])
    send(match, "name_player", position=4, side="b", member_id=b[1])
    send(match, "report_game", position=5, winner="b", rounds_a=1, rounds_b=2)
    page.goto(f"{live_server.url}/staff/m/{match.id}?lang=ja")
    expect(page.locator("[data-testid=next-step] h2")).to_contain_text("大将戦")
    expect(page.locator("[data-testid=score]")).to_contain_text("1 – 1")
    assert not small_targets(page), small_targets(page)
    shot(page, "point-format-decider-phone")
