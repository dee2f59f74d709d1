"""Helpers several test files share (moved from tests/browser/conftest.py, where they were imported from)."""
import contextlib
import os
import pathlib
import shutil
import signal
import threading
import uuid

from playwright.sync_api import Error as PlaywrightError

# A browser test that has not ended by then has a Chromium that stopped answering.
TEST_LIMIT_S = 240


CLOSE_LIMIT_S = 20


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """The system Chromium if there is one; else Playwright's own (installed by `make test`)."""
    for candidate in (os.environ.get("TAIKAI_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser",
                      shutil.which("chromium")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def launch_chromium(playwright, extra_args=(), persistent_profile=None, **options):
    """Start Chromium with a tag of its own on the command line, so the watchdog can find its process."""
    tag = f"--taikai-test-browser={uuid.uuid4().hex}"
    args = CHROMIUM_ARGS + list(extra_args) + [tag]
    if persistent_profile:
        chromium = playwright.chromium.launch_persistent_context(
            persistent_profile, executable_path=chromium_path(), args=args, **options)
    else:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=args, **options)
    chromium.taikai_tag = tag
    return chromium


def kill_chromium(tag: str) -> None:
    """SIGKILL every process started with this tag (the browser; its children then die with it)."""
    for proc in pathlib.Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and tag.encode() in (proc / "cmdline").read_bytes():
                os.kill(int(proc.name), signal.SIGKILL)
        except (OSError, ProcessLookupError):
            continue


@contextlib.contextmanager
def chromium_watchdog(chromium, seconds: float):
    """Kill this Chromium if the block has not ended in `seconds`.

    Chromium now and then never answers a context's or browser's close (an upstream flake,
    seen with service workers); Playwright's sync API then waits for ever and the whole run
    hangs. Killing the process makes the waiting call fail, so the test fails instead."""
    timer = threading.Timer(seconds, kill_chromium, args=(chromium.taikai_tag,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def close_chromium(chromium) -> None:
    """Close a browser (or persistent context) and everything in it; kill it if it does not answer."""
    with chromium_watchdog(chromium, CLOSE_LIMIT_S):
        try:
            chromium.close()
        except PlaywrightError:
            pass  # killed by the watchdog: it is closed all the same


def open_site_menu(page) -> None:
    """On a phone the header's signed-in links are behind 「メニュー」: open it (wider, they show)."""
    summary = page.locator("header .site-menu > summary")
    if summary.is_visible() and summary.locator("xpath=..").get_attribute("open") is None:
        summary.click()
