"""A stand-in for TournamentStreamHelper's web server: records each request as TSH's endpoints take it.

TSH (src/TSHWebServer.py) answers "OK" to ``GET /reset-match``, ``GET /set?...``, ``GET /swap-teams``,
``POST /score`` (JSON ``team1score``/``team2score``) and ``POST /update-team-<team>-<player>`` (a JSON
player). This server answers those the same way, refuses anything else with 404 (and records it),
and lets a test wait for the n-th request instead of sleeping.
"""
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

GET_PATHS = re.compile(r"^/(reset-match|set|swap-teams)$")
POST_PATHS = re.compile(r"^/(score|update-team-[12]-\d+)$")


class StandIn:
    """Start with ``with StandIn() as tsh:``; ``tsh.url`` is its address, ``tsh.calls`` what it got."""

    def __init__(self, port: int = 0):
        self.calls: list[tuple] = []
        self.changed = threading.Condition()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):  # noqa: N802 (http.server's name)
                parts = urlsplit(self.path)
                owner._record(("GET", parts.path, tuple(parse_qsl(parts.query, keep_blank_values=True))))
                self._answer(bool(GET_PATHS.match(parts.path)))

            def do_POST(self):  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"null")
                owner._record(("POST", self.path, body))
                self._answer(bool(POST_PATHS.match(self.path)) and isinstance(body, dict))

            def _answer(self, ok: bool):
                payload = b"OK" if ok else b"not a TSH endpoint"
                self.send_response(200 if ok else 404)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def _record(self, call: tuple) -> None:
        with self.changed:
            self.calls.append(call)
            self.changed.notify_all()

    def wait_for(self, count: int, timeout: float = 5.0) -> list[tuple]:
        """The calls once there are at least ``count`` of them (AssertionError after timeout)."""
        with self.changed:
            if not self.changed.wait_for(lambda: len(self.calls) >= count, timeout):
                raise AssertionError(f"TSH stand-in got {len(self.calls)} calls, expected {count}: {self.calls}")
            return list(self.calls)

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
