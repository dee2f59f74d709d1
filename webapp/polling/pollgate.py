"""The bracket poll's fast path, in front of Flask: an unchanged bracket answers 304 here.

Hundreds of phones poll a bracket every few seconds and almost every answer is "unchanged".
This WSGI layer reads the phase's version (one indexed read) and, when the browser already
holds that version, answers 304 without building a Flask request. Anything else — a
change, a first load, any other URL — goes on to the app, which answers the same ETag.
The ETag of every configured language is accepted: the poll repeats the tag of the
language it was last given, and a language switch reloads the whole page.
"""
from urllib.parse import parse_qs

from sqlalchemy.exc import OperationalError

from . import fragments
from .stamps import POLL_PATH


class PollGate:
    """WSGI middleware answering unchanged htmx bracket polls with 304."""

    def __init__(self, app, wsgi_app):
        self.app, self.wsgi_app = app, wsgi_app
        with app.app_context():
            from ..extensions import db
            self.engine = db.engine

    def __call__(self, environ, start_response):
        try:
            tag = self._unchanged(environ)
        except OperationalError:
            tag = None  # the database is away: the app answers (its 503 in words), never a bare 500 here
        if tag is None:
            return self.wsgi_app(environ, start_response)
        start_response("304 NOT MODIFIED", [("ETag", f'"{tag}"'), ("Cache-Control", "no-cache"),
                                             ("Vary", "Accept-Encoding")])
        return [b""]

    def _unchanged(self, environ) -> str | None:
        """The tag the browser holds, when it is the current one."""
        held = environ.get("HTTP_IF_NONE_MATCH")
        if environ.get("REQUEST_METHOD") != "GET" or not held or environ.get("HTTP_HX_REQUEST") != "true" \
                or environ.get("HTTP_HX_BOOSTED"):
            return None
        match = POLL_PATH.match(environ.get("PATH_INFO", ""))
        if not match:
            return None
        stamp = fragments.phase_stamp(match.group(1), int(match.group(2)), self.engine)
        if stamp is None:
            return None
        query = parse_qs(environ.get("QUERY_STRING", ""))
        top8, pools = fragments.phase_variant(*((query.get(k) or [None])[0] for k in ("view", "pools")))
        tags = {t.strip().removeprefix("W/").strip('"') for t in held.split(",")}
        for lang in self.app.config["LANGUAGES"]:
            current = fragments.etag(stamp, True, top8, pools, lang=lang, app=self.app,
                                     root=fragments.script_root(environ))
            if any(t.split(":")[0] == current for t in tags):
                return next(t for t in tags if t.split(":")[0] == current)
        return None


def init_poll_gate(app) -> None:
    """Put the gate in front of the app."""
    app.wsgi_app = PollGate(app, app.wsgi_app)
