"""The venue laptop over https on a LAN name, in real Chromium: secure context, service worker,
offline reload with pending entries; and the banner where the context is not secure."""
import pathlib
import sys

import pytest
from playwright.sync_api import expect
from venue_phones import VENUE_NAME, venue_browser, venue_server  # noqa: F401 (pytest fixtures, asked for by name)

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from chromium_support import TEST_LIMIT_S, chromium_watchdog, close_chromium, launch_chromium  # noqa: E402
from offline_phones import event_with_pin, four_entries, ops_with, pending_entries, staff_page  # noqa: E402
from page_wait import wait_until  # noqa: E402


def test_staff_page_over_venue_https_works_offline(venue_server, venue_browser):
    event, match = event_with_pin()
    phone = venue_browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                      is_mobile=True, locale="ja-JP")
    page = staff_page(phone, venue_server.url, event)
    page.goto(f"{venue_server.url}/staff/m/{match.id}")
    assert page.evaluate("window.isSecureContext") is True
    wait_until(page, "navigator.serviceWorker && navigator.serviceWorker.controller", timeout=30000)
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.state)") == "activated"
    expect(page.locator("#insecure-context")).to_be_hidden()
    venue_server.stop()  # the laptop is gone: entries wait on the phone
    four_entries(page)
    page.reload()
    assert page.evaluate("window.isSecureContext") is True
    ops_with(page, "saved", 4)
    pending_entries(page, 4)
    venue_server.start()
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "applied", 4, timeout=30000)


@pytest.fixture
def lan_browser(playwright_instance):
    """Chromium that resolves the venue name to this machine (plain http, nothing trusted)."""
    browser = launch_chromium(playwright_instance, [f"--host-resolver-rules=MAP {VENUE_NAME} 127.0.0.1"])
    with chromium_watchdog(browser, TEST_LIMIT_S):
        yield browser
    close_chromium(browser)


def test_plain_http_from_the_lan_shows_the_insecure_banner(live_server, lan_browser):
    event, match = event_with_pin()
    port = live_server.port
    for base, secure in ((f"http://{VENUE_NAME}:{port}", False), (f"http://127.0.0.1:{port}", True)):
        context = lan_browser.new_context(locale="ja-JP")
        page = staff_page(context, base, event)
        page.goto(f"{base}/staff/m/{match.id}")
        assert page.evaluate("window.isSecureContext") is secure
        banner = page.locator("#insecure-context")
        if secure:
            expect(banner).to_be_hidden()
        else:
            expect(banner).to_be_visible()
            expect(banner).to_contain_text("このページを開いている間だけ")
            expect(banner.locator("[data-testid=https-address]")).to_have_attribute(
                "href", f"https://{VENUE_NAME}/staff/m/{match.id}")
