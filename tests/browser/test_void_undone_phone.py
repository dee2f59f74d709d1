"""A referee's phone is told, on its next sync, that a void undid one of its entries."""

from play_support import send, team_event  # noqa: E402
from playwright.sync_api import expect
from staff_pages import sign_in_with_pin, tap_member  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402


def _wait_position(page, position):
    expect(page.locator("#match-play")).to_have_attribute("data-position", str(position), timeout=8000)


def test_the_phone_shows_which_entry_a_void_undid(live_server, phone):
    event, match = team_event()
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    page = phone.new_page()
    sign_in_with_pin(page, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    page.locator("form[data-op=coin_toss] input[name=winner][value=a]").check()
    page.locator("form[data-op=coin_toss] input[name=choice][value=stage]").check()
    page.locator("form[data-op=coin_toss] button[type=submit]").click()
    _wait_position(page, 1)
    tap_member(page, "A1")
    _wait_position(page, 2)
    tap_member(page, "B1")
    _wait_position(page, 3)
    form = page.locator("form[data-op=report_game]")   # a1 beats b1 3-0
    form.locator("input[name=score][value='3-0']").check()
    form.locator("button[type=submit]").click()
    _wait_position(page, 4)
    tap_member(page, "B2")                  # team B names b2 on this phone
    _wait_position(page, 5)
    db.session.rollback()
    # The referee finds out a1 played an undeclared character: entered on the desk's device.
    assert send(match, "penalty", device="desk-tablet", side="a", penalty="undeclared_change",
                game=0).outcome == "applied"
    page.reload()
    tap_member(page, "A2")                  # the next entry syncs and brings the news back
    undone = page.locator("#outbox-status li[data-undone]")
    expect(undone).to_have_count(1, timeout=10000)
    expect(undone.locator("[data-testid=undone]")).to_contain_text("第1ゲームが無効")
    # its status says what became of it, not "recorded" beside the reason it is gone
    expect(undone.locator(".op-status")).to_have_text("記録のあと取り消されました")
