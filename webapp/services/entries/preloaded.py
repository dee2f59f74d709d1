"""The batch under way, as the services see it: what the entries of one write transaction share,
and the rows it holds for them.

The unit of work: the pipeline (webapp/operations/submit) opens one per write transaction — its
Batch — and fills it; the services deep in an entry's call chain read what it preloaded and ask it
to write its waiting log rows (restarts, before it reads the log). They run inside
play.apply_action, bracket_rows.save and the like, which the desk's pages also call outside any
batch: threading the batch through every one of them would change a dozen services' signatures
for one cache. So the services own this small interface (Work) and the one context variable
(current, running), and never import the pipeline.

Its rows: a dict look-up for a row the pipeline loaded for its batch (operations/preload fills
current().rows), else the query the service would have run anyway. Outside a unit of work every
function here reads the database (or answers None), so the desk's pages call the same services.
The batch keeps every row it loads in memory, so the entries read these from the identity map:
their matches with bracket, phase and event; the entrants playing in them come as plain rows (each
one's info and members: entrant_info, members), as the batch read them.
Nothing here decides anything: a row missing from the preload is simply loaded when it is read.
"""
import contextvars
from contextlib import contextmanager
from typing import Protocol

from sqlalchemy import bindparam, event, inspect, select
from sqlalchemy.orm import defer
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from ...extensions import db
from ...models import BracketRow, Entrant, Event, MatchRow, Phase

# The unit of work under way: the pipeline's Batch implements it.


class Work(Protocol):
    """What a service may ask of the unit of work under way."""

    # (model, id) -> row, and the reads kept under their keys (below).
    rows: dict

    def write_log(self) -> None:
        """Write the log rows waiting in memory now."""


_current: contextvars.ContextVar = contextvars.ContextVar("taikai_batch", default=None)


def current() -> Work | None:
    """The unit of work under way in this context (None outside one)."""
    return _current.get()


@contextmanager
def running(work: Work):
    """Within the block, current() is this unit of work."""
    token = _current.set(work)
    try:
        yield work
    finally:
        _current.reset(token)


def write_log() -> None:
    """Entries applied earlier in the unit of work under way go into the log now (none outside one)."""
    work = current()
    if work is not None:
        work.write_log()


# The rows it holds.

_IDS = bindparam("ids", expanding=True)
_DISQUALIFIED = select(Entrant.event_id, Entrant.id).where(Entrant.event_id.in_(_IDS), Entrant.dq.is_(True))
_CHILDREN: dict = {}  # (model, parent column, order) -> the statement reading those children
# Keys of the reads kept beside the rows (operations/preload writes the first two).
BY_KEY = ("matches", "by bracket and key")
MEMBERS_OF = ("members", "by entrant")
ENTRANT_INFO = ("entrant info", "by id")  # entrant id -> its info column, as the batch read it


def _kept(batch: Work | None = None) -> dict | None:
    """(model, id) -> row for the batch (the one under way unless given); None outside one."""
    batch = batch or current()
    return batch.rows if batch is not None else None


# Ordered by key, the order of the (bracket, key) unique index: ordered by id, SQLite's planner reads
# the whole bracket through its bracket_id index to skip a sort (every match of a 4,096-player
# bracket for each batch). PostgreSQL's locking copy keeps id order, the order every lock is taken in.
_BY_KEYS = select(MatchRow).where(MatchRow.bracket_id == bindparam("bracket"),
                                  MatchRow.key.in_(bindparam("keys", expanding=True)))
_BY_KEYS_LOCKED = _BY_KEYS.order_by(MatchRow.id).with_for_update(of=MatchRow)
_BY_KEYS = _BY_KEYS.order_by(MatchRow.key)


def by_key_statement(lock: bool):
    """Matches of one bracket by key (locked on PostgreSQL when `lock`)."""
    return _BY_KEYS_LOCKED if lock else _BY_KEYS


def matches_by_key(bracket_id: int, keys: list[str]) -> dict:
    """The bracket's matches with these keys (key -> row): the batch's copies, the rest in one
    query (locked on PostgreSQL: a result is about to change them)."""
    kept = _kept()
    by_key = kept.get(BY_KEY) if kept else None
    out = {k: by_key[(bracket_id, k)] for k in keys if by_key and (bracket_id, k) in by_key}
    missing = sorted(k for k in keys if k not in out)
    if missing:
        lock = db.session.get_bind().dialect.name == "postgresql"
        for row in db.session.scalars(by_key_statement(lock), {"bracket": bracket_id, "keys": missing}):
            out[row.key] = row
            if by_key is not None:
                by_key[(bracket_id, row.key)] = kept[(MatchRow, row.id)] = row
    return out


def members(entrant_id: int):
    """The entrant's members (id, name, character, change_declared) in order, when the batch
    under way plays them; None otherwise (read them from the entrant)."""
    kept = _kept()
    return kept[MEMBERS_OF].get(entrant_id) if kept and MEMBERS_OF in kept else None


UNKNOWN = object()  # entrant_info(): the batch did not read this entrant (read it from its row)


def entrant_info(entrant_id: int):
    """The entrant's info column as the batch under way read it, when it plays in the batch's matches
    and nothing of the batch changed it since; UNKNOWN otherwise."""
    kept = _kept()
    infos = kept.get(ENTRANT_INFO) if kept else None
    return infos.get(entrant_id, UNKNOWN) if infos is not None else UNKNOWN


def forget_entrant_info(entrant_id: int) -> None:
    """The batch changes this entrant's info: its row answers from now on (a rolled-back savepoint too)."""
    kept = _kept()
    if kept and ENTRANT_INFO in kept:
        kept[ENTRANT_INFO].pop(entrant_id, None)


def brackets_loaded() -> None:
    """Before a result moves a bracket: every bracket of the batch gets its matches, every
    phase its brackets and every event its phases (auto-call reads them), in three queries
    (once per batch, and only in a batch that ends a match; not three lazy loads per result)."""
    kept = _kept()
    if not kept or kept.get(_BRACKETS_DONE):
        return
    kept[_BRACKETS_DONE] = True
    brackets = brackets_of(kept)
    fill(brackets, "matches", MatchRow, MatchRow.bracket_id)
    fill({b.phase for b in brackets}, "brackets", BracketRow, BracketRow.phase_id)
    fill({b.phase.event for b in brackets}, "phases", Phase, Phase.event_id, Phase.position)


_BRACKETS_DONE = ("brackets", "loaded")


def brackets_of(kept: dict) -> set:
    """The brackets of the batch's matches (each bracket read through one of its matches, not all)."""
    one_each = {row.bracket_id: row for (model, _), row in list(kept.items()) if model is MatchRow}
    return {row.bracket for row in one_each.values()}


def fill(parents: set, name: str, model, parent_id, order=None) -> None:
    """Load the collection `name` of each parent not holding it yet, in one query (in the
    relationship's order: `order`, then id); rows already in memory keep their unflushed changes."""
    ids = [p.id for p in parents if p is not None and name in inspect(p).unloaded]
    if ids:
        rows = db.session.scalars(_children(model, parent_id, order), {"ids": ids}).all()
        _give(parents, name, rows, parent_id)


def _children(model, parent_id, order):
    key = (model, parent_id, order)
    if key not in _CHILDREN:
        _CHILDREN[key] = (select(model).where(parent_id.in_(_IDS)).options(*_LEFT_OUT.get(model, ()))
                          .order_by(*([order] if order is not None else []), model.id))
    return _CHILDREN[key]


# Long JSON the batch never reads (the draw, the routed list), as EVENT_OF_MATCH leaves them out.
_LEFT_OUT = {Phase: (defer(Phase.draw), defer(Phase.entrant_override))}


def _give(parents: set, name: str, rows: list, parent_id) -> None:
    """Set each parent's collection `name` (not loaded yet) to its rows, which come in its order."""
    parents = {p.id: p for p in parents if p is not None and name in inspect(p).unloaded}
    children: dict[int, list] = {i: [] for i in parents}
    for row in rows:
        children.get(getattr(row, parent_id.key), []).append(row)
    for ident, parent in parents.items():
        set_committed_value(parent, name, children[ident])


def disqualified(event_id: int) -> set[int] | None:
    """The event's disqualified entrants, read once per batch for all its events (None outside a batch).

    A DQ entry of the batch reads them again (forget_disqualified); the batch holds the
    write lock (SQLite) or its brackets' locks (PostgreSQL, a DQ entry locking its event's).
    """
    kept = _kept()
    if not kept:
        return None
    known = kept.setdefault(_DQ, {})
    if event_id not in known:
        events = {bracket.phase.event_id for bracket in brackets_of(kept)}
        events = (events - set(known)) | {event_id}
        known.update((e, set()) for e in events)
        ids = events - _none_disqualified(events, kept.get(_DQ_CHANGED, ()))
        if ids:
            for event, entrant in db.session.connection().execute(_DISQUALIFIED, {"ids": sorted(ids)}):
                known[event].add(entrant)
    return set(known[event_id])


def _none_disqualified(event_ids: set, changed) -> set[int]:
    """The events the batch read without a disqualified entrant (with its matches: operations/preload.py),
    but for those a DQ entry of the batch has changed since."""
    session = db.session()
    read = (session.identity_map.get(identity_key(Event, i)) for i in event_ids if i not in changed)
    return {e.id for e in read if e is not None and inspect(e).dict.get("has_disqualified") is False}


_DQ = ("dq", "by event")
_DQ_CHANGED = ("dq", "changed by the batch")


def forget_disqualified(event_id: int) -> None:
    """A DQ entry of the batch changed the event's disqualified entrants: read them again."""
    kept = _kept()
    if kept is None:
        return
    kept.setdefault(_DQ_CHANGED, set()).add(event_id)
    if _DQ in kept:
        kept[_DQ].pop(event_id, None)


# The phases' matches still to play, as the database held them when the batch first asked
# (one query for all the batch's phases), and the match rows the batch has flushed since.
_OPEN = ("open matches", "by phase")
FLUSHED = ("matches", "flushed since")
_OPEN_OF_PHASES = (select(BracketRow.phase_id, MatchRow.id).join(MatchRow, MatchRow.bracket_id == BracketRow.id)
                   .where(BracketRow.phase_id.in_(_IDS), MatchRow.status.in_(("pending", "ready"))))


def open_in_database(phase_id: int) -> set[int] | None:
    """Ids of the phase's matches still to play as the database held them when the batch first
    asked; None outside a batch, for a phase none of its matches is in, or when first asked inside
    a savepoint (a rollback could undo what was read). A row written since then is among
    flushed_matches(): its own status counts for it, not this read."""
    kept = _kept()
    if not kept:
        return None
    if _OPEN not in kept:
        if db.session().in_nested_transaction():
            return None
        phases = {b.phase_id for b in brackets_of(kept)}
        kept[_OPEN] = {phase: set() for phase in phases}
        for phase, match in db.session.connection().execute(_OPEN_OF_PHASES, {"ids": sorted(phases)}):
            kept[_OPEN][phase].add(match)
        kept[FLUSHED] = set()
        event.listen(db.session(), "after_flush", note_flushed)
    known = kept[_OPEN].get(phase_id)
    return None if known is None else set(known)


def flushed_matches() -> set:
    """The match rows written to the database since open_in_database() first read it."""
    kept = _kept()
    return kept.get(FLUSHED, set()) if kept else set()


def note_flushed(session, _context) -> None:
    kept = _kept()
    if kept and FLUSHED in kept:  # new and dirty still list what this flush wrote
        kept[FLUSHED].update(row for row in (*session.new, *session.dirty) if isinstance(row, MatchRow))


def get(model, ident, batch: Work | None = None, **options):
    """The row with this id: the batch's own copy (a dict look-up), else the session's get."""
    # session.get() costs a dozen calls even when the row is in memory, and the entries of
    # a batch ask for their match and entrants several times each. Same objects either way.
    kept = _kept(batch)
    row = kept.get((model, ident)) if kept else None
    return row if row is not None else db.session.get(model, ident, **options)

