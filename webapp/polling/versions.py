"""Version numbers of phases and events, bumped in the same flush as any change under them.

A public page's ETag and its cached fragment are keyed by these numbers, so a viewer's
poll reads one row instead of every match. The hook is central (a before_flush listener):
every write path — results, play, corrections, DQ, stations, check-in — goes through a flush.
An edit of the event's own row (its name, game, day, settings…) moves the event and every one of
its phases: a phase's page shows the event's name in its header and title.
"""
from sqlalchemy import bindparam, inspect, update
from sqlalchemy import event as sa_event
from sqlalchemy.orm import Session

from ..models import BracketRow, Entrant, Event, MatchRow, Member, Phase


def _changed(session: Session, obj, settled: set | None = None) -> bool:
    """Whether the flush writes anything of obj. `settled`: the ids of the flush's new and
    deleted objects, when the caller has them (asking the session builds its whole list)."""
    if settled is not None:
        if id(obj) in settled:
            return True
    elif obj in session.new or obj in session.deleted:
        return True
    return session.is_modified(obj)


# Columns of an event no page shows, or the numbers this module itself moves: not an edit.
_UNSHOWN = frozenset({"version", "entrants_version", "staff_pin_hash", "staff_pin_generation"})


def _event_edited(event: Event) -> bool:
    """Whether the flush changes a column of the event that pages show."""
    state = inspect(event)
    return any(state.attrs[column.key].history.has_changes()
               for column in state.mapper.column_attrs if column.key not in _UNSHOWN)


def _owners(obj) -> tuple[list[Phase], list[Event]]:
    """The phases and events whose pages show this object."""
    if isinstance(obj, Event):
        return list(obj.phases), [obj]
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


def _bump_statement(model, column: str = "version"):
    table = model.__table__
    # A SQL expression, so concurrent transactions each add one (no lost update).
    return (update(table).where(table.c.id.in_(bindparam("ids", expanding=True)))
            .values({column: table.c[column] + 1}))


_BUMPS = {(Phase, "version"): _bump_statement(Phase), (Event, "version"): _bump_statement(Event),
          (Event, "entrants_version"): _bump_statement(Event, "entrants_version")}  # built once per process


def _bump(session: Session, rows: dict, model, column: str = "version") -> None:
    """One UPDATE adding one to the version of each row (not one statement per row)."""
    ids = sorted(row.id for row in rows.values() if _persistent(row))  # sorted: a fixed lock order
    if not ids:
        return
    session.connection().execute(_BUMPS[(model, column)], {"ids": ids})
    for row in rows.values():
        if _persistent(row):  # the number is the database's now: read again if asked for
            session.expire(row, [column])


def _persistent(row) -> bool:
    state = inspect(row)
    return state.persistent and not state.deleted


_WATCHED = (MatchRow, BracketRow, Phase, Entrant, Member, Event)


def _moves(session: Session, obj, settled: set) -> bool:
    """Whether this flush's change of obj moves a version."""
    if not isinstance(obj, _WATCHED) or not _changed(session, obj, settled):
        return False
    # A new event has no page kept yet, a deleted one none left; an edit moves only what pages show.
    return not isinstance(obj, Event) or (id(obj) not in settled and _event_edited(obj))


def bump_versions(session: Session, _context, _instances) -> None:
    """Add one to the version of every phase and event touched by this flush, and to the
    entrants_version of every event whose entrants or members it changes.

    Linear in what the flush writes: the session's lists are read once (each read builds
    the whole list), and an event's phases are listed once however many entrants it has.
    """
    phases: dict[int, Phase] = {}
    events: dict[int, Event] = {}
    new, dirty, deleted = list(session.new), list(session.dirty), list(session.deleted)
    settled = {id(obj) for obj in (*new, *deleted)}
    named: dict[int, Event] = {}  # an event whose entrant changed: all its phases are in already
    with session.no_autoflush:
        for obj in (*new, *dirty, *deleted):
            if _counted_already(obj, phases, events) or not _moves(session, obj, settled):
                continue
            if isinstance(obj, (Entrant, Member)):
                event = _event_of(obj)
                if event is None or id(event) in named:
                    continue
                named[id(event)] = event
            owned_phases, owned_events = _owners(obj)
            phases.update((id(p), p) for p in owned_phases)
            events.update((id(e), e) for e in owned_events)
    _bump(session, phases, Phase)
    _bump(session, events, Event)
    _bump(session, named, Event, "entrants_version")


def _counted_already(obj, phases: dict, events: dict) -> bool:
    """A match whose phase and event this flush moves already: whether it changes adds nothing (and
    asking the session costs a look at each of its columns; a result dirties its neighbours too)."""
    if type(obj) is not MatchRow or obj.bracket is None or obj.bracket.phase is None:
        return False
    phase = obj.bracket.phase
    return id(phase) in phases and id(phase.event) in events


def _event_of(obj):
    entrant = obj.entrant if isinstance(obj, Member) else obj
    return entrant.event if entrant is not None else None


def init_versions() -> None:
    """Listen on every session (once per process)."""
    if not sa_event.contains(Session, "before_flush", bump_versions):
        sa_event.listen(Session, "before_flush", bump_versions)
