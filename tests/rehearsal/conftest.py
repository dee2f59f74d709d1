"""The rehearsal day's fixtures: the served app, one Chromium, the people's screens.

The browser fixtures of tests/browser are reused (loaded from their file, not copied). Playwright's
sync API allows one instance per thread, so when tests/browser already started one in this run
(`make test` collects it first) the rehearsal borrows it instead of starting a second."""
import pathlib
import sys

import pytest
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from browser_support import browser_fixtures  # noqa: E402
from day import Day  # noqa: E402

_live_server = browser_fixtures._live_server  # noqa: SLF001 - the same served app, by its own fixture
live_server = browser_fixtures.live_server

# The whole day in one Chromium: longer than one browser test's limit, still a hard stop.
DAY_LIMIT_S = 540


def _fixturedefs(manager, name):
    """The definitions of a fixture name across directories (pytest keeps them in a private table)."""
    for attr in ("_arg2node2fixturedefs", "_arg2nodeid2fixturedefs", "_arg2fixturedefs"):
        table = getattr(manager, attr, {}).get(name) or {}
        for group in (table.values() if isinstance(table, dict) else [table]):
            yield from group


def _running_playwright(request):
    """The Playwright that tests/browser's session fixture started in this run, if any."""
    manager = request._fixturemanager  # noqa: SLF001 - no public way to read another directory's fixture
    for fixturedef in _fixturedefs(manager, "playwright_instance"):
        cached = getattr(fixturedef, "cached_result", None)
        if cached and cached[0] is not None:
            return cached[0]
    return None


@pytest.fixture(scope="session")
def day_playwright(request):
    running = _running_playwright(request)
    if running is not None:
        yield running
        return
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture
def day_browser(day_playwright):
    chromium = browser_fixtures.launch_chromium(day_playwright)
    with browser_fixtures.chromium_watchdog(chromium, DAY_LIMIT_S):
        yield chromium
    browser_fixtures.close_chromium(chromium)


@pytest.fixture
def day(live_server, day_browser, desk_user):
    """Everyone's screen for the day: the desk laptop, three referees' phones, players, projector."""
    return Day(live_server, day_browser)
