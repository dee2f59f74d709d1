"""Helpers several test files share (moved from tests/browser/test_offline_sync.py, where they were imported from)."""

from page_wait import wait_until
from play_support import team_event
from playwright.sync_api import expect

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.accounts import users as accounts

FAST = "window.TAIKAI_BACKOFF_MS = 150; window.TAIKAI_POLL_MS = 400;"


def staff_page(context, url, event, name="審判 佐藤"):
    """A signed-in staff page on a fresh phone, its service worker in control."""
    context.add_init_script(FAST)
    page = context.new_page()
    page.goto(f"{url}/e/{event.slug}/staff-login")
    page.fill("input[name=name]", name)
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")
    page.wait_for_load_state()
    return page


def open_match(page, url, match):
    """The match page, under the service worker, and kept for offline (a page loaded before the
    worker took control is kept once it does: sw_register.js asks for it)."""
    page.goto(f"{url}/staff/m/{match.id}")
    wait_until(page, "navigator.serviceWorker && navigator.serviceWorker.controller", timeout=30000)
    wait_until(page, "async () => !!(await caches.match(location.href, {ignoreVary: true}))", timeout=30000)


def event_with_pin(**kw):
    event, match = team_event(**kw)
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    return event, match


def toss(page, winner="a"):
    form = page.locator("form[data-op=coin_toss]:visible")
    form.locator(f"input[name=winner][value={winner}]").check()
    form.locator("input[name=choice][value=stage]").check()
    form.locator("button[type=submit]").click()


def name(page, label):
    """Tap a member: on the server's next step, or on the unchecked panel while entries are unsent."""
    page.locator("form[data-op=name_player]:visible button", has_text=label).first.click()


def report(page, winner, rounds_a, rounds_b):
    """The score choice says who won (winner is kept for the reader)."""
    form = page.locator("form[data-op=report_game]:visible")
    form.locator(f"input[name=score][value='{rounds_a}-{rounds_b}']").check()
    form.locator("button[type=submit]").click()


def pending_entries(page, count):
    expect(page.locator("#offline-entry [data-testid=pending-entry]")).to_have_count(count, timeout=30000)


def four_entries(page):
    """Toss, both first players and a game, without the server: the phone's own view moves on."""
    toss(page)
    pending_entries(page, 1)
    expect(page.locator("#offline-entry")).to_be_visible()
    expect(page.locator("[data-testid=next-step]")).to_be_hidden()
    name(page, "A1")
    pending_entries(page, 2)
    name(page, "B1")
    pending_entries(page, 3)
    report(page, "a", 3, 1)
    pending_entries(page, 4)
    ops_with(page, "saved", 4)
    expect(page.locator("#offline-entry [data-testid=pending-entry]").last).to_contain_text("3–1")


def ops_with(page, status, count, timeout=30000):
    expect(page.locator(f"#outbox-status li[data-status={status}]")).to_have_count(count, timeout=timeout)


def actions_of(match):
    db.session.rollback()  # end the test's read snapshot
    return db.session.get(MatchRow, match.id).actions


# Signed-in pages are kept in the signed-in person's own cache (sw.js personCache).
PERSON_KEPT = """async (u) => {
  for (const name of await caches.keys())
    if (/^taikai-pages-2-u\\d+$/.test(name) && await (await caches.open(name)).match(u)) return true;
  return false;
}"""


def kept(page, url, path):
    """Wait until the phone keeps the page (its pack arrived and the pages were fetched)."""
    for _ in range(60):  # the service worker in control (polled here: a waited-for string is an eval the CSP refuses)
        if page.evaluate("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
            break
        page.wait_for_timeout(250)
    for _ in range(80):
        if page.evaluate(PERSON_KEPT, f"{url}{path}"):
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"{path} was never kept on the phone")


PACK_HAS = """(id) => new Promise((done) => {
  const open = indexedDB.open('taikai-pack');
  open.onerror = () => done(false);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('events')) { db.close(); return done(false); }
    const all = db.transaction('events').objectStore('events').getAll();
    all.onsuccess = () => { db.close(); done(all.result.some((e) => e.phases.some((p) => p.brackets.some(
      (b) => b.matches.some((m) => m.id === id))))); };
    all.onerror = () => { db.close(); done(false); };
  };
})"""


def pack_has(page, match_id):
    """Wait until the service worker is in control and the phone's stored pack holds the match. The page
    itself can be kept before the pack is stored (the page asks the worker to keep it as soon as it is in
    control), so a kept page alone does not say the phone can build the match offline."""
    wait_until(page, "navigator.serviceWorker && navigator.serviceWorker.controller", timeout=30000)
    for _ in range(120):
        if page.evaluate(PACK_HAS, match_id):
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"match {match_id} never reached the phone's offline pack")


def kept_as_it_is_now(page, url, match):
    """The pack holds the games entered online, and the page keeper kept the match page as it is now
    (evicting it earlier would see the keeper put it back); then the kept page is evicted, so the phone
    builds the match from the pack, as it does for any match it did not keep."""
    db.session.rollback()
    row = db.session.get(MatchRow, match.id)
    version, played = f"{row.version}.{row.slots_version}", len(row.actions)
    wait_until(page, f"async () => ((await TaikaiPack.find({match.id})) || {{match: {{}}}}).match.actions === {played}",
               timeout=30000)
    wait_until(page, f"""async () => {{ for (const k of await caches.keys()) {{
        const hit = await (await caches.open(k)).match(location.href, {{ignoreVary: true}});
        if (hit && hit.headers.get('X-Taikai-Kept') === '{version}') return true; }} return false; }}""", timeout=30000)


def offline_from_the_pack(phone, page):
    """The wifi drops and this match's kept page is gone: the reload shows the match from the offline pack."""
    phone.set_offline(True)
    page.evaluate("""async () => { for (const k of await caches.keys()) {
        if (k.startsWith('taikai-pages')) await (await caches.open(k)).delete(location.href, {ignoreVary: true}); } }""")
    page.reload()
    return page.locator("#offline-match")
