"""Rendered page fragments cached by (what, id, version, language, script root).

A version number changes in the transaction that changes what the fragment shows
(webapp/polling/versions.py), so an entry never needs deleting: a new version is a new key.
The key also names the row's creation time (ids restart when a database is rebuilt)
and a digest of the templates and translations (a deployment renders anew). A fragment's links
start with the script root, the one part of a request a shared page shows: it is the configured
TAIKAI_SCRIPT_ROOT (webapp/venue/proxies.py), or a trusted proxy's X-Forwarded-Prefix where the
operator named it, and is in the key, so no request can keep links of its own under another's key.
"""
import functools
import gzip
import hashlib
import os
from typing import Callable
from urllib.parse import quote

import brotli
from flask import current_app, has_request_context, request, session
from flask_babel import get_locale
from flask_login import current_user
from markupsafe import Markup

from ..extensions import cache
from ..lru import LRU
from ..web.shared_store import shielded
from .stamps import event_stamp, phase_stamp  # noqa: F401 (the views read them here)


def phase_variant(view: str | None, pools: str | None) -> tuple[bool, int]:
    """(top 8 only, page of pools) of a phase page's query: the view and the poll gate read it
    alike, so an unchanged poll's ETag is the one the view gave."""
    pools = pools or "1"
    return view == "top8", int(pools) if pools.isdigit() and 0 < len(pools) < 5 else 1


def script_root(environ: dict | None = None) -> str:
    """The prefix of the app's links for this request (the poll gate passes its environ)."""
    if environ is None:
        environ = request.environ if has_request_context() else {}
    return environ.get("SCRIPT_NAME", "").rstrip("/")


def etag(stamp: tuple, *variant, lang: str | None = None, app=None, root: str | None = None) -> str:
    """An ETag for a page showing the stamped row (in this language and variant)."""
    lang = lang or str(get_locale())
    root = script_root() if root is None else root
    raw = ":".join(str(part) for part in (*stamp, *variant, lang, render_version(app), root))
    return hashlib.sha1(raw.encode()).hexdigest()[:24]


def _key(name: str, stamp: tuple) -> str:
    # The root quoted: a trusted prefix holding ":" must not make one key read as another.
    root = quote(script_root(), safe="/")
    return ":".join(str(part) for part in (name, *stamp, str(get_locale()), render_version(), root))


def cached(name: str, stamp: tuple, render: Callable[[], str]) -> Markup:
    """The fragment from the cache, or rendered now and kept."""
    key = _key(name, stamp)
    html = _get(key)
    if html is None:
        html = str(render())
        _set(key, html)
    return Markup(html)


def lookup(name: str, stamp: tuple) -> str | None:
    """The fragment if some worker has rendered it, else None (the caller renders a batch)."""
    return _get(_key(name, stamp))


def keep(name: str, stamp: tuple, html: str) -> None:
    """Keep a fragment rendered outside cached()."""
    _set(_key(name, stamp), html)


def lookup_utf8(name: str, stamp: tuple) -> bytes | None:
    """lookup() as UTF-8, the form this worker keeps text in: a page joining thousands of blocks
    joins the kept bytes themselves and decodes once, holding no second copy of each block."""
    key = _key(name, stamp)
    value = _LOCAL.get(key)
    if value is None:
        value = _shared_get(key)
        value = None if value is None else _keep(key, value)
    return value.encode() if isinstance(value, str) else value


def keep_utf8(name: str, stamp: tuple, html: str) -> bytes:
    """keep(), answering the fragment as UTF-8 (the kept bytes themselves: no copy)."""
    value = _set(_key(name, stamp), html)
    return value.encode() if isinstance(value, str) else value


# The shared cache (Redis, else a folder every worker of the machine reads: config.py) with
# this worker's most recent answers in front: a key names a version, so a copy never goes
# stale, and a warm page costs a dictionary look-up, not a file or a round trip.
# Bounded by bytes (a kept str is ASCII: one byte a character); one value heavier than the
# bound is kept alone (webapp/lru.py).
_LOCAL_BYTES = 16 * 1024 * 1024
_LOCAL = LRU(_LOCAL_BYTES, weigh=len)


def _shared_get(key: str):
    """The shared cache's copy, or a miss while Redis is away (the page is drawn: web/shared_store.py)."""
    return shielded(lambda: cache.get(key), lambda: None)


def _shared_set(key: str, value) -> None:
    shielded(lambda: cache.set(key, value), lambda: None)


def _get(key: str):
    value = _LOCAL.get(key)
    if value is not None:
        return value.decode() if type(value) is _Utf8 else value
    value = _shared_get(key)
    if value is not None:
        _keep(key, value)
    return value


# A page assembled from kept pieces (a big bracket's blocks) is cheaper to assemble again than to
# write to and read from the folder, or to hold: only its compressed body and the pieces are kept.
SHARED_TEXT_MAX = 1_000_000


def _set(key: str, value):
    """Keep the value in the shared cache and here; answers what this worker keeps."""
    if isinstance(value, str) and len(value) > SHARED_TEXT_MAX:
        return value  # nor kept here: a worker holding every big page it drew grew without bound
    if isinstance(value, str) and not value.isascii():
        value = _Utf8(value, "utf-8")
        # Pickling a str leaves its UTF-8 form attached to it (CPython caches it on the object for
        # good): a copy of the text is pickled instead, and dropped at once.
        _shared_set(key, value.decode())
    else:
        _shared_set(key, value)
    return _keep(key, value)


class _Utf8(bytes):
    """A kept text with non-ASCII characters, as UTF-8 (decoded on use): CPython holds such a str at
    two bytes a character, and a page's markup is mostly ASCII, so a bracket's blocks with
    Japanese names take about half the memory as UTF-8."""

    __slots__ = ()


def _keep(key: str, value):
    """Keep the value in this worker (the least recently used go past _LOCAL_BYTES); answers
    what is kept."""
    if isinstance(value, str) and not value.isascii():
        value = _Utf8(value, "utf-8")
    return _LOCAL.keep(key, value)


def shareable() -> bool:
    """Whether this request gets the page every anonymous viewer gets (no CSRF token, no flash)."""
    return current_user.is_anonymous and "_flashes" not in session


def respond(name: str, stamp: tuple, render: Callable[[], str], etag: str):
    """A page the same for every viewer, rendered and compressed once per version and encoding.

    Compressed here (once per version) rather than by Flask-Compress on every request;
    Flask-Compress leaves a response that already has a Content-Encoding alone.
    """
    request.environ["taikai.replayable"] = stamp  # pagegate.py may replay this answer (REPLAYABLE)
    encoding = next((e for e in ("br", "gzip") if e in request.accept_encodings), None)
    body = _get(_key(name, stamp) + f":{encoding}") if encoding else None
    if body is None:
        body = cached(name, stamp, render).encode()  # Markup encodes as str does, without a copy first
        if encoding:
            body = compress(body, encoding)
            _set(_key(name, stamp) + f":{encoding}", body)
    response = current_app.response_class(body, mimetype="text/html")
    response.vary.add("Accept-Encoding")
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.set_etag(f"{etag}:{encoding}" if encoding else etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


# A page changes with every result, so it is compressed on the request that renders it:
# Brotli 5 / gzip 6 make a page a few per cent bigger than 11 / 9 in a small fraction of the
# time (Brotli 11 took seconds on a cold big bracket). Static files, made once, get 11.
BROTLI_QUALITY, GZIP_LEVEL = 5, 6


# A page over BIG_PAGE (a bracket of thousands of players): Brotli 5 was most of its one-game
# redraw; Brotli 1 is far quicker for a slightly bigger answer, still a twentieth of the
# page (figures in docs/benchmarks.md).
BIG_PAGE, BIG_BROTLI_QUALITY = 1_000_000, 1


def compress(body: bytes, encoding: str) -> bytes:
    """A dynamic page's body in the encoding asked for, at a level chosen for speed."""
    if encoding == "br":
        return brotli.compress(body, quality=BROTLI_QUALITY if len(body) < BIG_PAGE else BIG_BROTLI_QUALITY)
    return gzip.compress(body, GZIP_LEVEL, mtime=0)  # the same bytes on every server and second


def render_version(app=None) -> str:
    """A digest of the templates and compiled translations this process renders with."""
    app = app or current_app
    translations = os.path.join(app.root_path, "translations")
    return _digest(app.template_folder and os.path.join(app.root_path, app.template_folder), translations)


@functools.lru_cache(maxsize=4)
def _digest(*folders: str) -> str:
    digest = hashlib.sha1()
    for folder in folders:
        for root, _dirs, files in sorted(os.walk(folder)):
            for name in sorted(f for f in files if f.endswith((".html", ".mo"))):
                with open(os.path.join(root, name), "rb") as handle:
                    digest.update(name.encode() + handle.read())
    return digest.hexdigest()[:10]
