"""An edit of the event's own row (name, game, day, settings) moves what every cached page is keyed
on in the same transaction (webapp/polling/versions.py): each page shows it at once, whether it
comes from the page gate's memory, the fragment cache or a fresh render."""
import gzip
import time
from datetime import date

from werkzeug.test import Client

from webapp.extensions import db
from webapp.models import Event, Phase
from webapp.polling import fragments
from webapp.services.accounts import users as accounts
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events


def _event():
    event = events.create_event(f"春の大会 {time.monotonic_ns()}", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 7)])
    phase = events.add_phase(event, "本戦", "double_elimination")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase


def _pages(event, phase) -> dict:
    base = f"/e/{event.slug}"
    return {"event": base, "bracket": f"{base}/phase/{phase.id}", "top 8": f"{base}/phase/{phase.id}?view=top8",
            "standings": f"{base}/standings", "projector": f"{base}/calls", "schedule": f"{base}/schedule"}


def _read(app, url: str, **headers) -> str:
    answer = Client(app.wsgi_app, use_cookies=False).get(url, headers={"Accept-Encoding": "gzip", **headers})
    assert answer.status_code == 200, url
    body = answer.get_data()
    return (gzip.decompress(body) if answer.headers.get("Content-Encoding") == "gzip" else body).decode()


def _versions(event, phase) -> tuple:
    db.session.expire_all()
    return db.session.get(Event, event.id).version, db.session.get(Phase, phase.id).version


def test_a_renamed_event_shows_its_new_name_on_every_cached_page_at_once(app):
    event, phase = _event()
    gate = app.extensions["taikai_page_gate"]
    pages = _pages(event, phase)
    for _ in range(2):  # the second view of a kept page is the gate's replay
        for url in pages.values():
            assert event.name in _read(app, url) and event.name in _read(app, url, Cookie="taikai_lang=en")
    replays = gate.replays
    _read(app, pages["bracket"])
    assert gate.replays == replays + 1, "the bracket is replayed from memory before the edit"
    old, new = event.name, "春の大会（改）"
    db.session.get(Event, event.id).name = new
    db.session.commit()
    for what, url in pages.items():
        for headers in ({}, {"Cookie": "taikai_lang=en"}):
            page = _read(app, url, **headers)
            assert new in page and old not in page, (what, headers)
    with app.test_request_context():  # the fragment cache holds the new name under the new versions
        kept = (fragments.lookup("standings-page", fragments.event_stamp(event.slug)),
                fragments.lookup("bracket-page", fragments.phase_stamp(event.slug, phase.id)))
    assert all(page is not None and new in page and old not in page for page in kept)


def test_settings_game_and_day_move_the_versions_and_a_new_pin_does_not(app):
    event, phase = _event()
    seen = [_versions(event, phase)]
    for change in (lambda e: setattr(e, "game", "鉄拳8"), lambda e: setattr(e, "day", date(2027, 1, 2)),
                   lambda e: events.set_archived(e, False)):
        change(db.session.get(Event, event.id))
        db.session.commit()
        seen.append(_versions(event, phase))
    assert all(b[0] > a[0] and b[1] > a[1] for a, b in zip(seen, seen[1:], strict=False)), seen
    accounts.set_staff_pin(db.session.get(Event, event.id), "123456")
    db.session.commit()
    assert _versions(event, phase) == seen[-1], "a PIN is on no page: nothing kept is dropped"
