"""Static files: versioned URLs (?v=<digest of static/>) cached for a year, compressed for every browser.

The files are few and small, so each worker keeps every one it has served in memory, compressed
once at the best level (Brotli 11, gzip 9) and answered from there without building a Flask
request: the app answers a file's first request (headers, security headers and all), later ones
are a dictionary look-up. Only the plain and the current version's URLs are kept, so a client
cannot fill the memory with made-up query strings.
"""
import gzip
import hashlib

import brotli
from flask import Flask, request

from .static_digest import static_digest

COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json",
                "image/svg+xml")
KEPT = 256  # files × schemes × host names a worker keeps
# Headers that belong to one answer, not to the file: never replayed to another client.
_OWN = {"content-length", "content-encoding", "date", "set-cookie", "vary", "etag"}


def init_static_files(app: Flask) -> None:
    """Version every url_for('static') and let browsers keep versioned files."""
    @app.url_defaults
    def _version(endpoint, values):
        if endpoint == "static" and "v" not in values:
            values["v"] = static_digest(app.static_folder)

    # Only the static view's answers are marked, by the view itself: the other requests (a phone's
    # sync above all) do not pass through a hook that would only look at them to let them go.
    serve = app.view_functions["static"]

    def static(**kwargs):
        return _long_lived(app.make_response(serve(**kwargs)))
    app.view_functions["static"] = static

    def _long_lived(response):
        # Only the current version's URL is immutable; an old ?v= may be served new content.
        if request.args.get("v") == static_digest(app.static_folder) and response.status_code in (200, 304):
            response.cache_control.max_age = 365 * 24 * 3600
            response.cache_control.public = True
            response.cache_control.immutable = True
            response.cache_control.no_cache = None
        return response
    app.wsgi_app = StaticFromMemory(app, app.wsgi_app)


class StaticFromMemory:
    """WSGI layer: GET /static/… from this worker's memory once the app has served it."""

    def __init__(self, app: Flask, wsgi_app):
        self.app, self.wsgi_app = app, wsgi_app
        self.kept: dict[tuple, tuple] = {}

    def __call__(self, environ, start_response):
        key = self._key(environ)
        if key is None:
            return self.wsgi_app(environ, start_response)
        kept = self.kept.get(key) or self._fetch(environ, key)
        if kept is None:
            return self.wsgi_app(environ, start_response)
        headers, bodies = kept
        encoding = _encoding(environ.get("HTTP_ACCEPT_ENCODING", ""), bodies)
        body, tag = bodies[encoding]
        if tag in {t.strip().removeprefix("W/") for t in environ.get("HTTP_IF_NONE_MATCH", "").split(",")}:
            start_response("304 NOT MODIFIED", [*headers, ("ETag", tag), ("Vary", "Accept-Encoding")])
            return [b""]
        extra = [("Content-Encoding", encoding)] if encoding != "identity" else []
        start_response("200 OK", [*headers, *extra, ("Content-Length", str(len(body))), ("ETag", tag),
                                  ("Vary", "Accept-Encoding")])
        return [body]

    def _key(self, environ) -> tuple | None:
        """The file's key when this request may be answered from memory."""
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") != "GET" or not path.startswith("/static/") or environ.get("HTTP_RANGE"):
            return None
        query = environ.get("QUERY_STRING", "")
        if query and query != f"v={self._digest()}":
            return None
        return path, query, environ.get("wsgi.url_scheme"), environ.get("HTTP_HOST")

    def _digest(self) -> str:
        return static_digest(self.app.static_folder)

    def _fetch(self, environ, key) -> tuple | None:
        """The app's answer for the file, kept with its compressed forms; None unless a 200."""
        asked = {k: v for k, v in environ.items() if k not in ("HTTP_IF_NONE_MATCH", "HTTP_IF_MODIFIED_SINCE")}
        asked["HTTP_ACCEPT_ENCODING"] = "identity"
        answer: dict = {}

        def start(status, headers, exc_info=None):
            answer.update(status=status, headers=headers)
        chunks = self.wsgi_app(asked, start)
        try:
            raw = b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()
        if not answer.get("status", "").startswith("200"):
            return None
        headers = [(k, v) for k, v in answer["headers"] if k.lower() not in _OWN]
        kind = next((v for k, v in headers if k.lower() == "content-type"), "")
        kept = (headers, _forms(raw, kind.startswith(COMPRESSIBLE)))
        if len(self.kept) < KEPT:  # the Host header is the client's: a bound, whatever it sends
            self.kept[key] = kept
        return kept


def _forms(raw: bytes, compressible: bool) -> dict:
    """The file as sent in each encoding, with its ETag."""
    digest = hashlib.sha1(raw).hexdigest()[:20]
    forms = {"identity": (raw, f'"{digest}"')}
    if compressible:
        forms["br"] = (brotli.compress(raw, quality=11), f'"{digest}-br"')
        forms["gzip"] = (gzip.compress(raw, 9, mtime=0), f'"{digest}-gz"')
    return forms


def _encoding(accepted: str, bodies: dict) -> str:
    """Brotli, else gzip, else the file as it is (q=0 refuses an encoding)."""
    offered = {}
    for part in accepted.split(","):
        name, _, params = part.strip().partition(";")
        offered[name.strip().lower()] = "q=0" not in params.replace(" ", "") or "q=0." in params
    return next((e for e in ("br", "gzip") if offered.get(e) and e in bodies), "identity")
