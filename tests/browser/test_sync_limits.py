"""The phone against the server's size limit on a sync batch (413): nothing is lost or stuck."""
import json
import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import event_with_pin, name, open_match, ops_with, staff_page, toss  # noqa: E402

TOO_LARGE = {"error": "too_large", "limit": 1048576,
             "message": "送る記録の合計が1 MBを超えています。一度に送る数を減らしてください。"}


def test_a_batch_over_the_limit_goes_one_by_one_and_an_entry_too_large_alone_is_refused_in_words(live_server, phone):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    refuse = {"from": 2}  # batches of this many entries or more are "too large"

    def limit(route):
        ops = json.loads(route.request.post_data or "{}").get("ops", [])
        if len(ops) >= refuse["from"]:
            return route.fulfill(status=413, content_type="application/json", body=json.dumps(TOO_LARGE))
        return route.continue_()
    phone.route("**/sync/ops", limit)
    phone.set_offline(True)
    toss(page)
    name(page, "A1")
    ops_with(page, "saved", 2)
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "applied", 2)  # sent one by one
    refuse["from"] = 1
    name(page, "B1")
    ops_with(page, "rejected", 1)
    expect(page.locator("#outbox-status li[data-status=rejected]")).to_contain_text("一度に送る数を減らしてください")
