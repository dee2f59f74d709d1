"""One phone, several people, the real service worker: an entry never goes out as the wrong person.

Referee A queues an entry the server cannot take yet and signs out (told, and asked); B signs
in on the same phone (same event, or another event): A's entry is not sent as B and waits as
A's. The desk signs in on that phone and takes it: recorded as A's, the desk as receiver.
Signed out and offline, the phone shows no staff page and records nothing; its offline copy
of a public page is never a signed-in one.
"""
import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from axe_support import serious_problems, small_targets  # noqa: E402
from chromium_support import open_site_menu  # noqa: E402
from desk_sign_in import sign_in_desk
from offline_phones import event_with_pin, open_match, ops_with, staff_page, toss  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import Operation, User  # noqa: E402


def _queue_as_a(phone, url, event, match):
    """A signs in and enters a coin toss offline; back online, the server's sync route stays down."""
    page = staff_page(phone, url, event, name="審判A")
    open_match(page, url, match)
    phone.set_offline(True)
    toss(page)
    ops_with(page, "saved", 1)
    phone.route("**/sync/ops", lambda route: route.fulfill(status=503, body="later"))
    phone.set_offline(False)
    return page


def _sign_out(page, expect_question=True):
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    open_site_menu(page)
    page.locator("form[data-sign-out] button").click()
    page.wait_for_url("**/")
    if expect_question:
        assert asked and "1件" in asked[0] and "本部が受け取る" in asked[0], asked
    return asked


def _logged():
    db.session.rollback()
    return db.session.query(Operation).all()


def _sync_now(page):
    page.evaluate("window.TaikaiOutbox.sync()")
    page.evaluate("window.TaikaiOutbox.idle()")


def _waiting_notice(page):
    notice = page.locator("[data-testid=shared-phone]")
    expect(notice).to_contain_text("審判Aさんの入力 1件: 送信には審判Aさんのログインが必要です（または本部が受け取ります）")
    return notice


def test_b_on_the_same_event_does_not_send_a_entry_and_the_desk_takes_it_as_a(live_server, browser, desk_user):
    # The phone profile, with axe-core allowed in (our CSP admits no injected script).
    phone = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                locale="ja-JP", bypass_csp=True)
    event, match = event_with_pin()
    page = _queue_as_a(phone, live_server.url, event, match)
    _sign_out(page)
    phone.unroute("**/sync/ops")
    page = staff_page(phone, live_server.url, event, name="審判B")
    open_match(page, live_server.url, match)
    _sync_now(page)
    _waiting_notice(page)
    expect(page.locator("#outbox-status [data-testid=entered-by]")).to_contain_text("審判Aさんの入力")
    expect(page.locator("#shared-phone [data-receive]")).to_have_count(0)  # only the desk takes them
    assert serious_problems(page) == [] and small_targets(page) == []
    assert _logged() == []  # not applied as B, not even logged
    # The desk, on this phone: takes A's entry.
    open_site_menu(page)
    page.locator("form[data-sign-out] button").click()
    page.wait_for_url("**/")
    sign_in_desk(page, live_server.url)
    page.wait_for_url("**/desk/**")
    take = _waiting_notice(page).locator("[data-receive]")
    expect(take).to_contain_text("本部が受け取る（審判Aさんの記録として）")
    assert serious_problems(page) == [] and small_targets(page) == []  # at 360 px, one-handed
    take.click()
    expect(page.locator("[data-testid=shared-phone]")).to_have_count(0, timeout=15000)
    [row] = _logged()
    a = db.session.query(User).filter_by(display_name="審判A").one()
    assert (row.user_id, row.received_by, row.outcome) == (a.id, desk_user.id, "applied")


def test_b_of_another_event_does_not_send_a_entry_nor_is_offered_to_dismiss_it(live_server, phone):
    event, match = event_with_pin()
    other, other_match = event_with_pin()
    page = _queue_as_a(phone, live_server.url, event, match)
    _sign_out(page)
    phone.unroute("**/sync/ops")
    page = staff_page(phone, live_server.url, other, name="審判B")
    open_match(page, live_server.url, other_match)
    _sync_now(page)
    _waiting_notice(page)
    # Kept as A's, unsent: "saved", "sending" (A signed out while a send was under way) or
    # "sign in to send" (a retry met the signed-out session). B's phone shows it as A's either way.
    expect(page.locator("#outbox-status li[data-entered-by]")).to_have_count(1)
    assert page.locator("#outbox-status li[data-entered-by]").get_attribute("data-status") in ("saved", "sending", "auth")
    expect(page.locator("#outbox-status [data-action=discard]")).to_have_count(0)
    assert _logged() == []
    # A signs in again on the phone: now it goes, as A.
    open_site_menu(page)
    page.locator("form[data-sign-out] button").click()
    page.wait_for_url("**/")
    page = staff_page(phone, live_server.url, event, name="審判A")
    open_match(page, live_server.url, match)
    ops_with(page, "applied", 1)
    [row] = _logged()
    assert row.user_id == db.session.query(User).filter_by(display_name="審判A").one().id and row.received_by is None


def test_signed_out_and_offline_the_phone_shows_no_staff_page_and_records_nothing(live_server, phone):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event, name="審判A")
    open_match(page, live_server.url, match)
    page.goto(f"{live_server.url}/e/{event.slug}")  # the public page, seen signed in
    expect(page.locator("form[data-sign-out]")).to_have_count(1)
    _sign_out(page, expect_question=False)
    phone.set_offline(True)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    expect(page.locator("form[data-op]")).to_have_count(0)
    expect(page.locator("body")).to_contain_text("オフライン")
    page.goto(f"{live_server.url}/e/{event.slug}")
    # Whatever the phone shows offline for the public page, it is not the signed-in copy.
    assert page.locator("meta[name=taikai-user]").count() == 0
    assert page.locator("form[data-sign-out]").count() == 0
    keys = page.evaluate("caches.keys()")
    assert not [k for k in keys if "-u" in k], keys  # sign-out dropped the signed-in copies
    stored = page.evaluate("""async () => {
        const db = await new Promise((ok, no) => { const r = indexedDB.open('taikai'); r.onsuccess = () => ok(r.result); r.onerror = no; });
        return await new Promise((ok) => { const r = db.transaction('meta').objectStore('meta').get('user'); r.onsuccess = () => ok(r.result ?? null); });
    }""")
    assert stored is None  # nobody signed in: the outbox takes no entry


# What an older version of the app left in the phone's outbox: an entry without entered_by.
_OLD_ENTRY = """async (matchId) => {
    const S = window.TaikaiOutboxStore, d = await S.db();
    const op = { op_id: S.uuid(), device_id: await S.deviceId(), seq: 1000, kind: 'coin_toss', match_id: matchId,
                 base_version: null, payload: { winner: 'a', choice: 'stage', position: 0 },
                 device_time: S.now(), status: 'saved' };
    await d.put('outbox', op);
    return op.op_id;
}"""


def test_an_entry_an_older_version_queued_is_nobodys_only_the_desk_takes_it(live_server, phone, desk_user):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event, name="審判B")
    open_match(page, live_server.url, match)
    op_id = page.evaluate(_OLD_ENTRY, match.id)
    page.reload()  # as after the app's update: the entry was there before the page
    _sync_now(page)
    unknown = "入力者不明の記録 1件: 以前の版のアプリで入力され、誰の入力か記録されていません。本部だけが受け取れます"
    expect(page.locator("[data-testid=shared-phone]")).to_contain_text(unknown)
    expect(page.locator("#outbox-status [data-testid=entered-by]")).to_contain_text("入力者不明")
    expect(page.locator("#shared-phone [data-receive]")).to_have_count(0)  # B may not take it
    assert _logged() == []  # not sent as B
    open_site_menu(page)
    page.locator("form[data-sign-out] button").click()  # B had nothing of their own: not asked
    page.wait_for_url("**/")
    sign_in_desk(page, live_server.url)
    page.wait_for_url("**/desk/**")
    expect(page.locator("[data-testid=shared-phone]")).to_contain_text(unknown)
    assert _logged() == []  # nor sent as the desk on sign-in
    take = page.locator("#shared-phone [data-receive]")
    expect(take).to_have_text("本部が受け取る（入力者不明）")
    take.click()
    expect(page.locator("[data-testid=shared-phone]")).to_have_count(0, timeout=15000)
    [row] = _logged()
    assert (row.op_id, row.user_id, row.received_by, row.outcome) == (op_id, desk_user.id, desk_user.id, "applied")
