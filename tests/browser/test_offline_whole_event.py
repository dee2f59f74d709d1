"""The whole event on the phone, and the offline indicator (issue 19), over https on a LAN name.

- A fresh phone signs in and goes offline at once: a match it never opened is there (the real
  page, its forms), so is a match whose players are not known yet (built from the pack).
- "Offline — last synced …, n entries waiting" shows in the header row from the first moment,
  covers none of the header's links, and goes on reconnect without a reload."""
import pathlib
import re
import sys

from offline_phones import kept
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from chromium_support import open_site_menu  # noqa: E402
from offline_phones import ops_with, toss  # noqa: E402
from page_wait import wait_until  # noqa: E402
from venue_offline import event_of, reconnect, venue_phone  # noqa: E402
from venue_phones import venue_browser, venue_server  # noqa: E402,F401 (fixtures)


def matches_of(event):
    matches = sorted(event.phases[0].brackets[0].matches, key=lambda m: (m.round, m.index))
    return [m for m in matches if m.status == "ready"], [m for m in matches if m.slot_a is None]






def test_fresh_phone_offline_right_after_sign_in_opens_a_match_it_never_opened(venue_server, venue_browser):
    event, _ = event_of(teams=4)
    ready, unknown = matches_of(event)
    context, page = venue_phone(venue_server, venue_browser, event, "ja")
    second = ready[1]
    kept(page, venue_server.url, f"/staff/m/{second.id}")
    wait_until(page, f"async () => !!(await TaikaiPack.find({unknown[0].id}))", timeout=20000)
    context.set_offline(True)
    page.goto(f"{venue_server.url}/staff/m/{second.id}")
    expect(page.locator("#match-play")).to_be_visible()
    expect(page.locator("form[data-op=coin_toss]:visible")).to_have_count(1)  # the online page's own form
    expect(page.locator("[data-testid=net-status]")).to_be_visible()
    toss(page)
    ops_with(page, "saved", 1)
    expect(page.locator("#offline-entry form[data-op=name_player]:visible")).to_have_count(2)
    page.goto(f"{venue_server.url}/staff/e/{event.slug}")  # the match list is there too
    expect(page.locator(f"a[href$='/staff/m/{second.id}']").first).to_be_visible()
    page.goto(f"{venue_server.url}/staff/m/{unknown[0].id}")  # players not known yet: from the pack
    expect(page.locator("[data-testid=offline-match]")).to_be_visible()
    expect(page.locator("[data-testid=slot-choice]")).to_have_count(4)
    shell = page.locator("[data-testid=offline-match]")
    for slot in (0, 1):
        shell.locator(f"[data-slot='{slot}'] [data-testid=slot-choice] input").first.check()
    # The online page's forms behind a heading: the event's penalties in words, nothing chosen beforehand.
    penalty = shell.locator("form[data-offline-op=penalty]:visible")
    expect(penalty).to_have_count(0)  # behind its heading
    shell.locator("details:visible:has(form[data-offline-op=penalty]) summary").click()
    expect(penalty.locator("select[name=penalty]")).to_have_value("")
    expect(penalty.locator("select[name=penalty] option")).to_contain_text(["— 選んでください —", "自己責任による中断"])
    request = shell.locator("details:has(form[data-offline-op=desk_request])")
    request.locator("summary").click()
    request.locator("input[name=request][value=judge]").check()
    request.locator("button[type=submit]").click()
    expect(shell.locator("[data-testid=offline-entry]")).to_have_text([re.compile("^本部への依頼 未確認$")])
    reconnect(context, page)
    ops_with(page, "applied", 2, timeout=30000)


def test_offline_indicator_in_the_header_from_the_first_moment_and_gone_on_reconnect(venue_server, venue_browser):
    event, match = event_of()
    context, page = venue_phone(venue_server, venue_browser, event, "en")
    page.goto(f"{venue_server.url}/staff/m/{match.id}")
    kept(page, venue_server.url, f"/staff/m/{match.id}")
    status = page.locator("header [data-testid=net-status]")
    expect(status).to_be_hidden()
    context.set_offline(True)
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    expect(status).to_be_visible()  # before any entry
    expect(status).to_have_text(re.compile(r"Offline — last synced (\d\d:\d\d|—), 0 entries waiting"))
    toss(page)
    expect(status).to_contain_text("1 entries waiting")
    page.reload()  # the saved copy: the indicator, not a banner over the header
    expect(status).to_be_visible()
    expect(page.locator("#stale-banner")).to_have_count(0)
    expect(status).to_contain_text("1 entries waiting")
    open_site_menu(page)  # a phone: the links are behind 「Menu」
    for link in ("header nav a[href='/staff/']", "header nav button.link"):
        box = page.locator(link).bounding_box()
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('a, button')?.outerHTML || ''",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit.startswith(("<a", "<button")) and ("/staff/" in hit or "link" in hit), hit
    reconnect(context, page)
    expect(status).to_be_hidden()  # no reload
    ops_with(page, "applied", 1, timeout=30000)
    open_site_menu(page)
    page.locator("header nav a[href='/staff/']").click()
    expect(page).to_have_url(f"{venue_server.url}/staff/")
    page.locator("header a[hreflang=ja]").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
