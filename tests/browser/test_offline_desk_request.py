"""A request to the desk made offline (issue 19): "call the judge" and a DQ from the match page,
queued on the phone, sent on reconnect, on the desk's queue; the match does not change. https, LAN name."""
import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import actions_of, ops_with, pending_entries  # noqa: E402
from team_phones import Phone  # noqa: E402
from venue_offline import event_of, open_match, reconnect, venue_phone  # noqa: E402
from venue_phones import venue_browser, venue_server  # noqa: E402,F401 (fixtures)


def ask(phone, what, side=None, note=""):
    phone.start("request to the desk")
    form = phone.extra("desk_request")
    phone.tap(form.locator(f"input[name=request][value={what}]"), "check")
    if side:
        phone.tap(form.locator(f"input[name=side][value={side}]"), "check")
    if note:
        phone.tap(form.locator("input[name=note]"), "fill", note)
    phone.tap(form.locator("button[type=submit]"))
    phone.done()


def test_requests_made_offline_reach_the_desks_queue(venue_server, venue_browser, desk_user):
    event, match = event_of()
    context, page = venue_phone(venue_server, venue_browser, event, "ja")
    open_match(page, venue_server.url, match)
    context.set_offline(True)
    phone = Phone(page, "offline")
    ask(phone, "judge", note="コントローラー故障")
    ask(phone, "dq", "b")
    pending_entries(page, 2)
    expect(page.locator("#offline-entry [data-testid=pending-entry]").first).to_contain_text("本部への依頼")
    expect(page.locator("form[data-op=coin_toss]:visible")).to_have_count(1)  # the match's next step is unchanged
    reconnect(context, page)
    ops_with(page, "applied", 2, timeout=30000)
    assert actions_of(match) in (None, [])
    desk = venue_browser.new_context(locale="ja-JP").new_page()
    desk.goto(f"{venue_server.url}/login")
    desk.fill("input[name=username]", "desk")
    desk.fill("input[name=password]", "desk-pass-123")
    desk.click("button[type=submit]")
    desk.goto(f"{venue_server.url}/desk/conflicts/")
    requests = desk.locator("[data-testid=desk-request]")
    expect(requests).to_have_count(2)
    expect(requests.first).to_contain_text("審判長を呼ぶ")
    expect(requests.first).to_contain_text("コントローラー故障")
    expect(requests.nth(1)).to_contain_text("失格: チームB")
    requests.first.locator("button").click()
    expect(requests).to_have_count(1)
    print("TAPS offline", dict(phone.taps))
