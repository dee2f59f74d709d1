"""The rows a sync batch reads, loaded together when it starts: a few queries per batch
instead of a few lazy loads per match (each costs more than applying the entry).

The batch keeps every row it loads in memory (operations._held_while_batch), so the
entries read these from the identity map: their matches with bracket, phase, event and
the event's phases, and the entrants playing in them with their members. Nothing here
decides anything: a row missing from the preload is simply loaded when it is read.
"""
import contextvars
from contextlib import contextmanager

from sqlalchemy import inspect, select
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..models import BracketRow, Entrant, Event, MatchRow, Phase

# The rules read the match's phase and event; auto-call reads the event's phases.
_EVENT_OF_MATCH = joinedload(MatchRow.bracket).joinedload(BracketRow.phase).joinedload(Phase.event)

# (model, id) -> row, for the batch under way (None outside one).
_kept: contextvars.ContextVar = contextvars.ContextVar("taikai_batch_rows", default=None)


@contextmanager
def preloaded(ops: list[dict]):
    """Within the block, get() answers the batch's matches and entrants from the preload."""
    token = _kept.set(preload(ops))
    try:
        yield
    finally:
        _kept.reset(token)


def preload(ops: list[dict]) -> dict:
    """Load the batch's matches, the rows above them and their entrants, in four queries."""
    ids = {op["match_id"] for op in ops if isinstance(op.get("match_id"), int)}
    if not ids:
        return {}
    matches = db.session.scalars(select(MatchRow).where(MatchRow.id.in_(ids))
                                 .options(_EVENT_OF_MATCH.selectinload(Event.phases))).all()
    entrant_ids = {e for m in matches for e in (m.slot_a, m.slot_b) if e}
    entrants = db.session.scalars(select(Entrant).where(Entrant.id.in_(entrant_ids))
                                  .options(selectinload(Entrant.members))).all() if entrant_ids else []
    return {(type(row), row.id): row for row in [*matches, *entrants]}


def brackets_loaded() -> None:
    """Before a result moves a bracket: every bracket of the batch gets its matches, and
    every phase its brackets, in two queries (once per batch, not two lazy loads per result)."""
    kept = _kept.get()
    if not kept or kept.get(_BRACKETS_DONE):
        return
    kept[_BRACKETS_DONE] = True
    brackets = {row.bracket for (model, _), row in list(kept.items()) if model is MatchRow}
    _fill(brackets, "matches", MatchRow, MatchRow.bracket_id)
    _fill({b.phase for b in brackets}, "brackets", BracketRow, BracketRow.phase_id)


_BRACKETS_DONE = ("brackets", "loaded")


def _fill(parents: set, name: str, model, parent_id) -> None:
    """Load the collection `name` of each parent not holding it yet, in one query (by id, as
    the relationship orders it); rows already in memory keep their unflushed changes."""
    parents = {p.id: p for p in parents if p is not None and name in inspect(p).unloaded}
    if not parents:
        return
    children: dict[int, list] = {i: [] for i in parents}
    for row in db.session.scalars(select(model).where(parent_id.in_(parents)).order_by(model.id)):
        children[getattr(row, parent_id.key)].append(row)
    for ident, parent in parents.items():
        set_committed_value(parent, name, children[ident])


def get(model, ident, **options):
    """The row with this id: the batch's own copy (a dict look-up), else the session's get."""
    # session.get() costs a dozen calls even when the row is in memory, and the entries of
    # a batch ask for their match and entrants several times each. Same objects either way.
    kept = _kept.get()
    row = kept.get((model, ident)) if kept else None
    return row if row is not None else db.session.get(model, ident, **options)
