"""The stream scoreboard fed live: a station's match pushed to TournamentStreamHelper after each commit.

Which calls say what is services/stream/tsh_plan.py; the desk's link is services/stream/tsh_link.py.
Here: a session hook notes the events whose matches or entrants a transaction changed (not those the
transaction read as having no station at all: a sync batch reads that with its matches) and, once it
has committed, hands them to this process's pusher (pusher.py), which wakes one sender thread per
linked station (station_worker.py): each finds the API its TSH speaks (tsh_probe.py) and sends the
calls under a whole-call deadline (tsh_http.py), so no TSH waits for another. A result's transaction
never waits for TSH and never fails because of it: an unreachable TSH is written on the station (the
desk's row says so once) and retried with backoff. Enabled unless TAIKAI_TSH_PUSH=0 (tests switch it
on where they need it).
"""
import os

from flask import Flask, current_app
from sqlalchemy import event as sa_event
from sqlalchemy import inspect
from sqlalchemy.orm import Session
from sqlalchemy.orm.util import identity_key

from ..models import Entrant, Event, MatchRow, Member

_NOTED = "taikai.tsh_events"


def _event_id(obj) -> int | None:
    if isinstance(obj, MatchRow):
        bracket = obj.bracket
        return bracket.phase.event_id if bracket is not None and bracket.phase is not None else None
    entrant = obj.entrant if isinstance(obj, Member) else obj
    return entrant.event_id if entrant is not None else None


def _without_stations(session: Session, event_id: int) -> bool:
    """Whether this transaction read the event as having no station at all (a sync batch reads that with
    its matches: operations/preload.py), so no TSH is linked to it: nothing to look up after the commit.
    (A station added since has no TSH link yet: linking one pushes it at once, stream.nudge.)"""
    event = session.identity_map.get(identity_key(Event, event_id))
    return event is not None and inspect(event).dict.get("has_stations") is False


def _note(session: Session, _context, _instances) -> None:
    """Before a flush: the events whose matches or entrants this transaction changes."""
    if not (current_app and current_app.config.get("TSH_PUSH")):
        return
    noted = session.info.setdefault(_NOTED, set())
    with session.no_autoflush:
        noted.update(e for e in _changed_events(session) if not _without_stations(session, e))


def _changed_events(session: Session) -> set[int]:
    """The events whose matches, entrants or members this flush writes. A result dirties its
    neighbours too: a bracket's event is looked up through one of its matches only."""
    events, brackets = set(), set()
    for obj in (*session.new, *session.dirty):
        if not isinstance(obj, (MatchRow, Entrant, Member)):
            continue
        bracket_id = obj.bracket_id if type(obj) is MatchRow else None  # None too for a match not written yet
        if bracket_id is not None:
            if bracket_id in brackets:
                continue
            brackets.add(bracket_id)
        events.add(_event_id(obj))
    events.discard(None)
    return events


def _committed(session: Session) -> None:
    """After the real commit (a released savepoint fires this too, inside the open transaction)."""
    if session.in_nested_transaction():
        return
    noted = session.info.pop(_NOTED, None)
    if noted and current_app and current_app.config.get("TSH_PUSH"):
        from . import pusher
        pusher.for_app(current_app._get_current_object()).nudge(*noted)  # noqa: SLF001 (the app, not its proxy)


def _rolled_back(session: Session) -> None:
    session.info.pop(_NOTED, None)


def nudge(app: Flask, event_id: int) -> None:
    """Push an event's linked stations now (the desk just linked one)."""
    if app.config.get("TSH_PUSH"):
        from . import pusher
        pusher.for_app(app).nudge(event_id)


def _template_helpers(app: Flask) -> None:
    """The desk's words about a station's TSH (the stations page)."""
    from flask_babel import gettext

    from ..services.day import stream_rounds
    from ..services.setup import game_catalogue
    from ..services.stream import tsh_link, tsh_plan

    app.jinja_env.globals.update(
        tsh_problem=lambda station: gettext(tsh_link.problem_words(station)),
        tsh_no_players=lambda: gettext(tsh_link.NO_PLAYERS),
        tsh_not_shown=lambda event: tsh_plan.not_shown(game_catalogue.event_title(event)),
        has_stream_station=lambda event: stream_rounds.stream_station(event) is not None,
        stream_round_choices=lambda event: [(code, (gettext(stream_rounds.LABELS[code]),
                                                    code == stream_rounds.choice(event)))
                                            for code in stream_rounds.CHOICES])


def init_app(app: Flask) -> None:
    """The commit hooks (once per process), the switch and the desk's words."""
    _template_helpers(app)
    app.config.setdefault("TSH_PUSH", os.environ.get("TAIKAI_TSH_PUSH", "1") != "0" and not app.config.get("TESTING"))
    app.config.setdefault("TSH_RETRY_SECONDS", 2.0)
    if not sa_event.contains(Session, "before_flush", _note):
        sa_event.listen(Session, "before_flush", _note)
        sa_event.listen(Session, "after_commit", _committed)
        sa_event.listen(Session, "after_rollback", _rolled_back)
