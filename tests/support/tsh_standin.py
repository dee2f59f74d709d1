"""A stand-in for TournamentStreamHelper's web server, one per API generation (tests/support/tsh_board.py).

``StandIn(generation, game=...)`` answers as that generation's own Flask app does ("OK", 404 or 500,
a JSON read), keeps the scoreboards its calls drive (``tsh.board(n).shown()``), records each
request, and lets a test wait for the n-th one instead of sleeping. ``slow=True`` answers one byte
a second (a TSH on a bad link), for the tests that no station waits for another.
"""
import copy
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from tsh_board import Api, Refused

_KEYS = Path(__file__).parent.parent / "vendor" / "tsh_character_keys.json"


def asset_keys(codename: str) -> set[str]:
    """The character keys TSH's assets have for a game (the vendored copy)."""
    return set(json.loads(_KEYS.read_text(encoding="utf-8"))["games"].get(codename, []))


class StandIn:
    """Start with ``with StandIn("numbered") as tsh:``; ``tsh.url`` is its address, ``tsh.calls`` what it got."""

    def __init__(self, generation: str = "numbered", port: int = 0, game: str = "sf6", boards: int = 1,
                 slow: bool = False):
        self.calls: list[tuple] = []
        self.history: list[dict] = []  # scoreboard 1 as shown after each request TSH took
        self.changed = threading.Condition()
        self.api = Api(generation, game, asset_keys(game), boards)
        self.slow, owner = slow, self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):  # noqa: N802 (http.server's name)
                parts = urlsplit(self.path)
                query = tuple(parse_qsl(parts.query, keep_blank_values=True))
                self._answer(owner._take(("GET", parts.path, query), dict(query), None))

            def do_POST(self):  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"null")
                except ValueError:
                    body = None
                self._answer(owner._take(("POST", self.path, body), {}, body))

            def _answer(self, answer: tuple[int, bytes]):
                status, payload = answer
                self.send_response(status)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                for index in range(len(payload)):
                    if owner.slow:
                        time.sleep(1.0)
                    self.wfile.write(payload[index:index + 1])
                    self.wfile.flush()

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def _take(self, call: tuple, query: dict, body) -> tuple[int, bytes]:
        with self.changed:
            try:
                status, text = 200, self.api.handle(call[0], call[1], query, body)
            except Refused as refused:
                status, text = refused.status, "Internal Server Error" if refused.status == 500 else "Not Found"
            self.calls.append(call + (status,))
            if status == 200:
                self.history.append(copy.deepcopy(self.api.boards[min(self.api.boards)].shown()))
            self.changed.notify_all()
        return status, text.encode()

    def board(self, number: int = 1):
        """The scoreboard as TSH holds it now."""
        return self.api.boards[number]

    def sent(self, since: int = 0) -> list[tuple]:
        """The requests from the ``since``-th on, without the probe's reads."""
        return [c[:3] for c in self.calls[since:] if not _probe(c)]

    def wait_for(self, count: int, timeout: float = 5.0) -> list[tuple]:
        """The calls (method, path, query or body) once there are at least ``count`` past the probe."""
        with self.changed:
            if not self.changed.wait_for(lambda: len(self.sent()) >= count, timeout):
                raise AssertionError(f"TSH stand-in got {self.sent()}, expected {count} calls")
            return self.sent()

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def _probe(call: tuple) -> bool:
    return call[0] == "GET" and (call[1] in ("/characters", "/ruleset") or call[1].endswith("-get"))


@pytest.fixture
def pushing(app):
    """TSH pushes on, quick retries; this process's pusher forgets what it sent before."""
    from webapp.stream import pusher
    app.config.update(TSH_PUSH=True, TSH_RETRY_SECONDS=0.2)
    worker = pusher.for_app(app)
    worker.forget()
    yield worker
    app.config.update(TSH_PUSH=False, TSH_RETRY_SECONDS=2.0)
    worker.forget()
