"""The rows a sync batch reads, loaded together when it starts: a few queries per batch
instead of a few lazy loads per match (each costs more than applying the entry).

The batch keeps every row it loads in memory (operations._held_while_batch), so the
entries read these from the identity map: their matches with bracket, phase and event,
and the entrants playing in them. Their members are read as plain rows (the sync path
only reads them, to set the match up): one query, and no ORM object for each. Nothing
here decides anything: a row missing from the preload is simply loaded when it is read.
"""
import contextvars
from contextlib import contextmanager

from sqlalchemy import bindparam, inspect, select
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..models import BracketRow, Entrant, MatchRow, Member, Phase

# The rules read the match's phase and event.
EVENT_OF_MATCH = joinedload(MatchRow.bracket).joinedload(BracketRow.phase).joinedload(Phase.event)

# The batch's statements are built once, their ids an expanding parameter: building a
# statement with its loader options (and its cache key) cost more than running it.
_IDS = bindparam("ids", expanding=True)
_MATCHES = select(MatchRow).where(MatchRow.id.in_(_IDS)).options(EVENT_OF_MATCH)
_ENTRANTS = select(Entrant).where(Entrant.id.in_(_IDS))
_MEMBERS = (select(Member.entrant_id, Member.id, Member.name, Member.character, Member.change_declared)
            .where(Member.entrant_id.in_(_IDS)).order_by(Member.entrant_id, Member.position, Member.id))
_DISQUALIFIED = select(Entrant.event_id, Entrant.id).where(Entrant.event_id.in_(_IDS), Entrant.dq.is_(True))
_CHILDREN: dict = {}  # (model, parent column, order) -> the statement reading those children

# (model, id) -> row, for the batch under way (None outside one).
_kept: contextvars.ContextVar = contextvars.ContextVar("taikai_batch_rows", default=None)


@contextmanager
def preloaded(ops: list[dict], locked: list[MatchRow] | None = None):
    """Within the block, get() answers the batch's matches and entrants from the preload.

    `locked`: every match of the batch's brackets, as PostgreSQL's lock query read them
    (with the rows above them, as here): the batch's matches are not read again.
    """
    kept = preload(ops, locked)
    if locked:  # the brackets' matches are all here already: no query for them later
        _give(_brackets_of(kept), "matches", locked, MatchRow.bracket_id)
    token = _kept.set(kept)
    try:
        yield
    finally:
        _kept.reset(token)


def preload(ops: list[dict], locked: list[MatchRow] | None = None) -> dict:
    """Load the batch's matches, the rows above them, their entrants and members, in three queries."""
    ids = {op["match_id"] for op in ops if isinstance(op.get("match_id"), int)}
    if not ids:
        return {}
    if locked is not None:
        matches = [m for m in locked if m.id in ids]
    else:
        matches = db.session.scalars(_MATCHES, {"ids": sorted(ids)}).all()
    entrant_ids = {e for m in matches for e in (m.slot_a, m.slot_b) if e}
    if not entrant_ids:
        return {(MatchRow, m.id): m for m in matches}
    entrants = db.session.scalars(_ENTRANTS, {"ids": sorted(entrant_ids)}).all()
    kept = {(type(row), row.id): row for row in [*matches, *entrants]}
    members = kept[_MEMBERS_OF] = {e: [] for e in entrant_ids}
    for row in db.session.execute(_MEMBERS, {"ids": sorted(entrant_ids)}):
        members[row.entrant_id].append(row)
    return kept


_MEMBERS_OF = ("members", "by entrant")


def members(entrant_id: int):
    """The entrant's members (id, name, character, change_declared) in order, when the batch
    under way plays them; None otherwise (read them from the entrant)."""
    kept = _kept.get()
    return kept[_MEMBERS_OF].get(entrant_id) if kept and _MEMBERS_OF in kept else None


def brackets_loaded() -> None:
    """Before a result moves a bracket: every bracket of the batch gets its matches, every
    phase its brackets and every event its phases (auto-call reads them), in three queries
    (once per batch, and only in a batch that ends a match; not three lazy loads per result)."""
    kept = _kept.get()
    if not kept or kept.get(_BRACKETS_DONE):
        return
    kept[_BRACKETS_DONE] = True
    brackets = _brackets_of(kept)
    _fill(brackets, "matches", MatchRow, MatchRow.bracket_id)
    _fill({b.phase for b in brackets}, "brackets", BracketRow, BracketRow.phase_id)
    _fill({b.phase.event for b in brackets}, "phases", Phase, Phase.event_id, Phase.position)


_BRACKETS_DONE = ("brackets", "loaded")


def _brackets_of(kept: dict) -> set:
    return {row.bracket for (model, _), row in list(kept.items()) if model is MatchRow}


def _fill(parents: set, name: str, model, parent_id, order=None) -> None:
    """Load the collection `name` of each parent not holding it yet, in one query (in the
    relationship's order: `order`, then id); rows already in memory keep their unflushed changes."""
    ids = [p.id for p in parents if p is not None and name in inspect(p).unloaded]
    if ids:
        rows = db.session.scalars(_children(model, parent_id, order), {"ids": ids}).all()
        _give(parents, name, rows, parent_id)


def _children(model, parent_id, order):
    key = (model, parent_id, order)
    if key not in _CHILDREN:
        _CHILDREN[key] = (select(model).where(parent_id.in_(_IDS))
                          .order_by(*([order] if order is not None else []), model.id))
    return _CHILDREN[key]


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

    Only the desk's DQ page changes them, never an entry: on SQLite the batch holds the
    write lock; on PostgreSQL a DQ committed while a batch runs is seen from the next batch
    on (a bracket read once per result saw it a few milliseconds sooner, no more).
    """
    kept = _kept.get()
    if not kept:
        return None
    known = kept.setdefault(_DQ, {})
    if event_id not in known:
        events = {row.bracket.phase.event_id for (model, _), row in list(kept.items()) if model is MatchRow}
        events = (events - set(known)) | {event_id}
        known.update((e, set()) for e in events)
        for event, entrant in db.session.execute(_DISQUALIFIED, {"ids": sorted(events)}):
            known[event].add(entrant)
    return set(known[event_id])


_DQ = ("dq", "by event")


def get(model, ident, **options):
    """The row with this id: the batch's own copy (a dict look-up), else the session's get."""
    # session.get() costs a dozen calls even when the row is in memory, and the entries of
    # a batch ask for their match and entrants several times each. Same objects either way.
    kept = _kept.get()
    row = kept.get((model, ident)) if kept else None
    return row if row is not None else db.session.get(model, ident, **options)
