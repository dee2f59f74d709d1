"""Browser fixtures: the app served on a real port, and a real Chromium (Playwright).

Each test gets a Chromium of its own; its contexts end with it, so tests do not close them
(a context close is the call Chromium has been seen never to answer)."""
import socket
import threading

import pytest
from chromium_support import TEST_LIMIT_S, chromium_watchdog, close_chromium, launch_chromium
from desk_sign_in import sign_in_desk  # noqa: F401 (tests import it from here)
from playwright.sync_api import sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

from webapp.operations import clock_loop


class _TrackedHandler(WSGIRequestHandler):
    """Remembers its connection so the server can cut kept-alive ones when it stops."""

    open_connections: set = set()

    def setup(self):
        super().setup()
        self.open_connections.add(self.connection)

    def finish(self):
        self.open_connections.discard(self.connection)
        super().finish()


class LiveServer:
    """The app on 127.0.0.1:<port>, which a test may stop and start again on the same port."""

    def __init__(self, app):
        self.app = app
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server = None
        self._thread = None

    def start(self):
        self._server = make_server("127.0.0.1", self.port, self.app, threaded=True,
                                   request_handler=_TrackedHandler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self):
        """Down for real: no new connections, and the kept-alive ones are cut too
        (their handler threads would otherwise go on answering)."""
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            for connection in list(_TrackedHandler.open_connections):
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            self._thread.join(5)
            self._server = None




def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def _live_server(_app):
    server = LiveServer(_app)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def live_server(app, _live_server):
    """The running server (restarted if a test stopped it), with empty tables, and its day clock
    running as a server's does (walkovers, reports confirmed, stream calls), each second; stopped
    before the tables are emptied."""
    if _live_server._server is None:
        _live_server.start()
    app.config["WTF_CSRF_ENABLED"] = True
    app.config["CLOCK_SECONDS"] = 1
    clock = clock_loop.start_thread(app)
    try:
        yield _live_server
    finally:
        clock.set()
        if _live_server._server is None:
            _live_server.start()


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture
def browser(playwright_instance):
    """A headless Chromium of its own for each test, so no test inherits another's service workers."""
    chromium = launch_chromium(playwright_instance)
    with chromium_watchdog(chromium, TEST_LIMIT_S):
        yield chromium
    close_chromium(chromium)


@pytest.fixture
def context(browser):
    """A fresh browser profile (cookies, service worker, IndexedDB) per test; it ends with its browser."""
    return browser.new_context(locale="ja-JP")


@pytest.fixture
def phone(browser):
    """A phone-sized profile: 360 px wide, touch."""
    return browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                               locale="ja-JP")
