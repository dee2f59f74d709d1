"""Rendered page fragments cached by (what, id, version, language).

A version number changes in the transaction that changes what the fragment shows
(webapp/versions.py), so an entry never needs deleting: a new version is a new key.
The key also names the row's creation time (ids restart when a database is rebuilt)
and a digest of the templates and translations (a deployment renders anew).
"""
import functools
import gzip
import hashlib
import os
from typing import Callable

import brotli
from flask import current_app, request, session
from flask_babel import get_locale
from flask_login import current_user
from markupsafe import Markup
from sqlalchemy import bindparam, select

from .extensions import cache, db
from .models import Event, Phase

# Built once: a poll runs this one statement and nothing else against the database.
_PHASE = (select(Phase.__table__.c.id, Phase.__table__.c.created_at, Phase.__table__.c.version)
          .join(Event.__table__, Event.__table__.c.id == Phase.__table__.c.event_id)
          .where(Phase.__table__.c.id == bindparam("phase_id"), Event.__table__.c.slug == bindparam("slug")))
_EVENT = (select(Event.__table__.c.id, Event.__table__.c.created_at, Event.__table__.c.version)
          .where(Event.__table__.c.slug == bindparam("slug")))


def phase_stamp(slug: str, phase_id: int, engine=None) -> tuple | None:
    """(phase id, created, version) of an event's phase, in one indexed read; None if absent."""
    with (engine or db.engine).connect() as connection:  # no ORM session: the cheapest read there is
        row = connection.execute(_PHASE, {"phase_id": phase_id, "slug": slug}).first()
    return ("phase", row[0], _moment(row[1]), row[2]) if row else None


def event_stamp(slug: str) -> tuple | None:
    """(event id, created, version) of an event, in one indexed read; None if absent."""
    with db.engine.connect() as connection:
        row = connection.execute(_EVENT, {"slug": slug}).first()
    return ("event", row[0], _moment(row[1]), row[2]) if row else None


def _moment(value) -> str:
    return value.strftime("%Y%m%d%H%M%S%f") if value else ""


def etag(stamp: tuple, *variant, lang: str | None = None, app=None) -> str:
    """An ETag for a page showing the stamped row (in this language and variant)."""
    lang = lang or str(get_locale())
    raw = ":".join(str(part) for part in (*stamp, *variant, lang, render_version(app)))
    return hashlib.sha1(raw.encode()).hexdigest()[:24]


def _key(name: str, stamp: tuple) -> str:
    return ":".join(str(part) for part in (name, *stamp, str(get_locale()), render_version()))


def cached(name: str, stamp: tuple, render: Callable[[], str]) -> Markup:
    """The fragment from the cache, or rendered now and kept."""
    key = _key(name, stamp)
    html = cache.get(key)
    if html is None:
        html = str(render())
        cache.set(key, html)
    return Markup(html)


def shareable() -> bool:
    """Whether this request gets the page every anonymous viewer gets (no CSRF token, no flash)."""
    return current_user.is_anonymous and "_flashes" not in session


def respond(name: str, stamp: tuple, render: Callable[[], str], etag: str):
    """A page the same for every viewer, rendered and compressed once per version and encoding.

    Compressed here (at the best level, once) rather than by Flask-Compress on every request;
    Flask-Compress leaves a response that already has a Content-Encoding alone.
    """
    encoding = next((e for e in ("br", "gzip") if e in request.accept_encodings), None)
    body = cache.get(_key(name, stamp) + f":{encoding}") if encoding else None
    if body is None:
        body = str(cached(name, stamp, render)).encode()
        if encoding:
            body = brotli.compress(body, quality=11) if encoding == "br" else gzip.compress(body, 9)
            cache.set(_key(name, stamp) + f":{encoding}", body)
    response = current_app.response_class(body, mimetype="text/html")
    response.vary.add("Accept-Encoding")
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.set_etag(f"{etag}:{encoding}" if encoding else etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


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
