"""Version numbers of phases and events, bumped in the same flush as any change under them.

A public page's ETag and its cached fragment are keyed by these numbers, so a viewer's
poll reads one row instead of every match. The hook is central (a before_flush listener):
every write path — results, play, corrections, DQ, stations, check-in — goes through a flush.
"""
from sqlalchemy import event as sa_event
from sqlalchemy import bindparam, inspect, update
from sqlalchemy.orm import Session

from .models import BracketRow, Entrant, Event, MatchRow, Member, Phase


def _changed(session: Session, obj) -> bool:
    if obj in session.new or obj in session.deleted:
        return True
    return session.is_modified(obj)


def _owners(obj) -> tuple[list[Phase], list[Event]]:
    """The phases and events whose pages show this object."""
    if isinstance(obj, MatchRow):
        phase = obj.bracket.phase if obj.bracket is not None else None
        return ([phase], [phase.event]) if phase is not None else ([], [])
    if isinstance(obj, BracketRow):
        return ([obj.phase], [obj.phase.event]) if obj.phase is not None else ([], [])
    if isinstance(obj, Phase):
        return [obj], [obj.event] if obj.event is not None else []
    entrant = obj.entrant if isinstance(obj, Member) else obj
    event = entrant.event if entrant is not None else None
    # A renamed or disqualified entrant shows on every bracket of the event.
    return (list(event.phases), [event]) if event is not None else ([], [])


def _bump_statement(model):
    table = model.__table__
    # A SQL expression, so concurrent transactions each add one (no lost update).
    return (update(table).where(table.c.id.in_(bindparam("ids", expanding=True)))
            .values(version=table.c.version + 1))


_BUMPS = {Phase: _bump_statement(Phase), Event: _bump_statement(Event)}  # built once per process


def _bump(session: Session, rows: dict, model) -> None:
    """One UPDATE adding one to the version of each row (not one statement per row)."""
    ids = sorted(row.id for row in rows.values() if _persistent(row))  # sorted: a fixed lock order
    if not ids:
        return
    session.connection().execute(_BUMPS[model], {"ids": ids})
    for row in rows.values():
        if _persistent(row):  # the number is the database's now: read again if asked for
            session.expire(row, ["version"])


def _persistent(row) -> bool:
    state = inspect(row)
    return state.persistent and not state.deleted


def bump_versions(session: Session, _context, _instances) -> None:
    """Add one to the version of every phase and event touched by this flush."""
    phases: dict[int, Phase] = {}
    events: dict[int, Event] = {}
    watched = (MatchRow, BracketRow, Phase, Entrant, Member)
    with session.no_autoflush:
        for obj in [*session.new, *session.dirty, *session.deleted]:
            if isinstance(obj, watched) and _changed(session, obj):
                owned_phases, owned_events = _owners(obj)
                phases.update((id(p), p) for p in owned_phases)
                events.update((id(e), e) for e in owned_events)
    _bump(session, phases, Phase)
    _bump(session, events, Event)


def init_versions() -> None:
    """Listen on every session (once per process)."""
    if not sa_event.contains(Session, "before_flush", bump_versions):
        sa_event.listen(Session, "before_flush", bump_versions)
