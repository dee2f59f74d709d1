"""Durable storage (issue 19), over https on a LAN name: the phone asks for persistent storage at
sign-in and the staff page says whether it was granted; entries waiting unsent for more than 30
minutes while online are warned about; the desk's venue page lists the phone's last sync and the
entries it reported waiting."""
import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import ops_with, toss  # noqa: E402
from venue_offline import event_of, open_match, venue_phone  # noqa: E402
from venue_phones import venue_browser, venue_server  # noqa: E402,F401 (fixtures)

from webapp.extensions import db  # noqa: E402
from webapp.models import PhoneSync  # noqa: E402

AGE = """async () => { // the entry was saved 31 minutes ago
  const d = await idb.openDB('taikai', 1), tx = d.transaction('outbox', 'readwrite');
  for (const op of await tx.store.getAll()) { op.device_time = new Date(Date.now() - 31 * 60000).toISOString(); tx.store.put(op); }
  await tx.done; d.close(); }"""


def phone_row():
    db.session.rollback()
    return db.session.query(PhoneSync).one_or_none()


def wait_row(page, check):
    for _ in range(60):
        row = phone_row()
        if row is not None and check(row):
            return row
        page.wait_for_timeout(250)
    raise AssertionError(f"the phone's check-in never arrived: {phone_row()}")


def test_storage_state_late_entries_and_the_desks_phone_list(venue_server, venue_browser, desk_user):
    event, match = event_of()
    context, page = venue_phone(venue_server, venue_browser, event, "ja")
    storage = page.locator("[data-testid=phone-storage]")
    granted = page.locator("[data-testid=persist-state]")
    expect(granted).to_have_attribute("data-granted", __import__("re").compile("^(true|false)$"))
    expect(storage).to_be_hidden()  # nothing on this phone to lose: nothing to say
    shown = granted.get_attribute("data-granted")
    row = wait_row(page, lambda r: r.waiting == 0)
    assert row.persisted is (shown == "true") and row.staff_name == "審判 佐藤"

    open_match(page, venue_server.url, match)
    context.route("**/sync/ops", lambda route: route.fulfill(status=503, body="busy"))  # online, but not sent
    toss(page)
    ops_with(page, "saved", 1)
    page.evaluate(AGE)
    page.goto(f"{venue_server.url}/staff/e/{event.slug}")
    late = page.locator("[data-testid=waiting-too-long]")
    expect(storage).to_be_visible()  # an entry not sent yet: whether the browser keeps it matters now
    expect(granted).to_contain_text("永続ストレージ" if shown == "false" else "許可しました")
    expect(late).to_be_visible()
    expect(late).to_contain_text("1件の入力が30分以上送信されていません")
    wait_row(page, lambda r: r.waiting == 1)  # the check-in after the pack says what it holds

    context.unroute("**/sync/ops")
    open_match(page, venue_server.url, match)
    ops_with(page, "applied", 1, timeout=30000)
    page.goto(f"{venue_server.url}/staff/e/{event.slug}")
    expect(granted).to_have_attribute("data-granted", shown)
    expect(storage).to_be_hidden()  # all sent
    expect(late).to_be_hidden()
    page.goto(f"{venue_server.url}/staff/")  # the referee's home says nothing either
    expect(page.locator("[data-testid=persist-state]")).to_have_attribute("data-granted", shown)
    expect(page.locator("[data-testid=phone-storage]")).to_be_hidden()
    wait_row(page, lambda r: r.waiting == 0)

    desk = venue_browser.new_context(locale="ja-JP").new_page()
    desk.goto(f"{venue_server.url}/login")
    desk.fill("input[name=username]", "desk")
    desk.fill("input[name=password]", "desk-pass-123")
    desk.click("button[type=submit]")
    desk.goto(f"{venue_server.url}/venue/?lang=en")
    phones = desk.locator("[data-testid=venue-phones]")
    referee = phones.locator("[data-testid=phone-row]", has_text="審判 佐藤")  # (the desk's own browser checks in too)
    expect(referee).to_have_count(1)
    expect(referee.locator("[data-testid=phone-waiting]")).to_have_text("0")
