"""Rendered page fragments cached by (what, id, version, language).

A version number changes in the transaction that changes what the fragment shows
(webapp/versions.py), so an entry never needs deleting: a new version is a new key.
The key also names the row's creation time (ids restart when a database is rebuilt)
and a digest of the templates and translations (a deployment renders anew).
"""
import functools
import hashlib
import os
from typing import Callable

from flask import current_app
from flask_babel import get_locale
from markupsafe import Markup
from sqlalchemy import select

from .extensions import cache, db
from .models import Event, Phase


def phase_stamp(slug: str, phase_id: int) -> tuple | None:
    """(phase id, created, version) of an event's phase, in one indexed read; None if absent."""
    row = db.session.execute(
        select(Phase.id, Phase.created_at, Phase.version).join(Event, Event.id == Phase.event_id)
        .where(Phase.id == phase_id, Event.slug == slug)).first()
    return ("phase", row[0], _moment(row[1]), row[2]) if row else None


def event_stamp(event: Event) -> tuple:
    """(event id, created, version) of a loaded event."""
    return ("event", event.id, _moment(event.created_at), event.version)


def _moment(value) -> str:
    return value.strftime("%Y%m%d%H%M%S%f") if value else ""


def etag(stamp: tuple, *variant) -> str:
    """An ETag for a page showing the stamped row (in this language and variant)."""
    raw = ":".join(str(part) for part in (*stamp, *variant, str(get_locale()), render_version()))
    return hashlib.sha1(raw.encode()).hexdigest()[:24]


def cached(name: str, stamp: tuple, render: Callable[[], str]) -> Markup:
    """The fragment from the cache, or rendered now and kept."""
    key = ":".join(str(part) for part in (name, *stamp, str(get_locale()), render_version()))
    html = cache.get(key)
    if html is None:
        html = str(render())
        cache.set(key, html)
    return Markup(html)


def render_version() -> str:
    """A digest of the templates and compiled translations this process renders with."""
    app = current_app
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
