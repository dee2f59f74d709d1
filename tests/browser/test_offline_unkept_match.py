"""A match page the phone never kept (it was opened before the service worker took control, and
the network went before the worker could keep it): reloaded offline it opens from the event data
on the phone, and the entries made on the online page are named as people say them, not "?"."""
from offline_phones import event_with_pin, four_entries, open_match, ops_with, pack_has, staff_page
from playwright.sync_api import expect


def test_entries_made_online_read_with_names_on_the_match_shell(live_server, phone):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    pack_has(page, match.id)  # the kept page is taken away below: the shell builds the match from the pack
    phone.set_offline(True)
    four_entries(page)
    page.evaluate("""async () => { for (const k of await caches.keys()) {
        if (k.startsWith('taikai-pages')) await (await caches.open(k)).delete(location.href, {ignoreVary: true}); } }""")
    page.reload()
    ops_with(page, "saved", 4)
    shell = page.locator("#offline-match")
    expect(shell).to_be_visible()
    entries = shell.locator("[data-testid=offline-entry]")
    expect(entries).to_have_count(4)
    expect(entries.filter(has_text="?")).to_have_count(0)
    expect(entries.filter(has_text="チームA")).not_to_have_count(0)
