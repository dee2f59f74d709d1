"""Public pages for viewers without a session, replayed in front of Flask once the app has made them.

Most of the day's page views are players and spectators who never sign in, and the bracket they
read changes a few times a minute. Flask itself is the cost then (the session, the sign-in, the
locale, the security headers: nearly all of a kept page's time). This WSGI layer keeps, per
worker, the answer the app gave to such a request — status, headers and compressed body — and
answers the same request again from memory after one stamp read (stamps.py).

What keeps it safe:
- The key is the stamp (the phase's or event's version, which every change the page shows moves
  in its own transaction: versions.py) plus everything else the answer may depend on, as sent:
  path, query, the Cookie header, Accept-Encoding, the htmx headers, scheme, host and prefix
  (the last three as webapp/venue/proxies.py leaves them: a forwarded one only where trusted).
  A new version is a new key, so nothing is ever invalidated by hand and nothing stale is replayed.
- Only requests whose Cookie header holds nothing but the language choice qualify: no session,
  so no person, no CSRF token and no flash. Only answers the app marked as the same for every such
  viewer (fragments.respond) are kept, and only 200s that set no cookie.
- The memory is bounded (KEPT_BYTES per worker, least recently used out): made-up query strings
  cost what they cost without the gate.
"""
from http.cookies import CookieError, SimpleCookie

from sqlalchemy.exc import OperationalError

from ..lru import LRU
from ..web.i18n import LANG_COOKIE
from . import stamps

REPLAYABLE = "taikai.replayable"  # environ key: fragments.respond() puts the page's stamp there
KEPT_BYTES, ENTRY_MAX = 8 * 1024 * 1024, 1024 * 1024
# Everything of a request the answer may depend on, as sent: the Cookie header itself, not the
# language read from it (a header naming the language twice is read one way here and another by
# the app, and would otherwise keep an English page under Japanese readers' key).
_ASKED = ("PATH_INFO", "QUERY_STRING", "HTTP_COOKIE", "HTTP_ACCEPT_ENCODING", "HTTP_HX_REQUEST",
          "HTTP_HX_BOOSTED", "HTTP_HX_TARGET", "wsgi.url_scheme", "HTTP_HOST", "SCRIPT_NAME")
_STANDINGS_PATH = "/standings"


class PageGate:
    """WSGI middleware replaying the app's answer to a session-less public page view."""

    def __init__(self, app, wsgi_app):
        self.app, self.wsgi_app = app, wsgi_app
        with app.app_context():
            from ..extensions import db
            self.engine = db.engine
        self.kept = kept_answers(KEPT_BYTES)
        self.replays = 0

    def __call__(self, environ, start_response):
        try:
            key = self._key(environ)
        except OperationalError:
            key = None  # the database is away: the app answers (its 503 in words), never a bare 500 here
        if key is None:
            return self.wsgi_app(environ, start_response)
        kept = self.kept.get(key)
        if kept is None:
            return self._ask_the_app(environ, start_response, key)
        status, headers, body = kept
        if environ.get("HTTP_HX_REQUEST") and _names(environ.get("HTTP_IF_NONE_MATCH"), headers):
            return self.wsgi_app(environ, start_response)  # the app's 304 (the poll gate's, mostly)
        self.replays += 1  # read by tests and benches only: a lost count under threads is harmless
        start_response(status, list(headers))
        return [body]

    def _key(self, environ) -> tuple | None:
        """The request's key (with the page's current stamp) when it may be replayed."""
        if environ.get("REQUEST_METHOD") != "GET" or "lang=" in environ.get("QUERY_STRING", ""):
            return None
        if not _only_language(environ.get("HTTP_COOKIE", "")):
            return None
        stamp = self._stamp(environ.get("PATH_INFO", ""))
        if stamp is None:
            return None
        return (stamp, *(environ.get(name) for name in _ASKED))

    def _stamp(self, path: str) -> tuple | None:
        match = stamps.POLL_PATH.match(path)
        if match:
            return stamps.phase_stamp(match.group(1), int(match.group(2)), self.engine)
        if path.startswith("/e/") and path.endswith(_STANDINGS_PATH) and path.count("/") == 3:
            return stamps.event_stamp(path[3:-len(_STANDINGS_PATH)], self.engine)
        return None

    def _ask_the_app(self, environ, start_response, key):
        """The app answers; its answer is kept when it is the same for every viewer."""
        answer: dict = {}

        def start(status, headers, exc_info=None):
            answer.update(status=status, headers=headers)
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)
        chunks = self.wsgi_app(environ, start)
        try:
            body = b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()
        if environ.get(REPLAYABLE) == key[0] and _keepable(answer, body):
            self.kept.keep(key, (answer["status"], tuple(answer["headers"]), body))
        return [body]


def kept_answers(bound: int) -> LRU:
    """The kept answers (status, headers, body), weighed by their bodies' bytes."""
    return LRU(bound, weigh=lambda answer: len(answer[2]))


def _keepable(answer: dict, body: bytes) -> bool:
    return (answer.get("status", "").startswith("200 ") and len(body) <= ENTRY_MAX
            and not any(name.lower() == "set-cookie" for name, _ in answer.get("headers", ())))


def _names(held: str | None, headers) -> bool:
    """Whether the browser's If-None-Match names the kept answer's version (as public._seen reads it)."""
    if not held:
        return False
    tag = next((v for k, v in headers if k.lower() == "etag"), "").strip('"').split(":")[0]
    return any(t.strip().removeprefix("W/").strip('"').split(":")[0] == tag for t in held.split(","))


def _only_language(header: str) -> bool:
    """Whether the Cookie header holds nothing but the language choice (or nothing): no session."""
    if not header:
        return True
    try:
        cookies = SimpleCookie(header)
    except CookieError:
        return False
    return set(cookies) <= {LANG_COOKIE} and header.count("=") == len(cookies)


def init_page_gate(app) -> None:
    """Put the gate in front of the app."""
    app.wsgi_app = app.extensions["taikai_page_gate"] = PageGate(app, app.wsgi_app)
