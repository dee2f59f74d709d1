"""The browser watchdog: a Chromium that stops answering is killed, so the call waiting on it
fails and the run goes on (a hung close once stalled a whole CI run)."""
import time

import pytest
from chromium_support import chromium_watchdog, close_chromium, launch_chromium
from playwright.sync_api import Error as PlaywrightError

pytestmark = pytest.mark.browser


def test_a_call_that_never_returns_fails_once_the_watchdog_kills_chromium(playwright_instance):
    chromium = launch_chromium(playwright_instance)
    page = chromium.new_page()
    started = time.monotonic()
    with pytest.raises(PlaywrightError):
        with chromium_watchdog(chromium, 1):
            page.wait_for_timeout(60_000)  # stands in for a close Chromium never answers
    assert time.monotonic() - started < 30
    assert not chromium.is_connected()
    close_chromium(chromium)  # closing a killed browser is quiet


def test_a_quick_block_leaves_chromium_running(playwright_instance):
    chromium = launch_chromium(playwright_instance)
    with chromium_watchdog(chromium, 30):
        chromium.new_page().set_content("<p>ok</p>")
    time.sleep(0.2)
    assert chromium.is_connected()
    close_chromium(chromium)
