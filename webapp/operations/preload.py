"""The rows a sync batch reads, loaded together when it starts: a few queries per batch
instead of a few lazy loads per match (each costs more than applying the entry).

The batch keeps every row it loads in memory (submit._rows_kept_in_memory), so the
entries read these from the identity map: their matches with bracket, phase and event,
and the entrants playing in them. Their members are read as plain rows (the sync path
only reads them, to set the match up): one query, and no ORM object for each. Nothing
here decides anything: a row missing from the preload is simply loaded when it is read.
"""
from contextlib import contextmanager

from sqlalchemy import bindparam, event, inspect, select
from sqlalchemy.orm import defer, joinedload
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..models import BracketRow, Entrant, MatchRow, Member, Phase
from ..services.bracket_links import feeders_of, read_for
from ..tournament.bracket import neighbourhood
from .batch import Batch, current

# The rules read the match's phase and event. Not the bracket's entrant list nor the
# phase's draw: a JSON list as long as the bracket, decoded on every batch for nothing.
EVENT_OF_MATCH = joinedload(MatchRow.bracket).options(
    defer(BracketRow.entrants),
    joinedload(BracketRow.phase).options(defer(Phase.draw), defer(Phase.entrant_override),
                                         joinedload(Phase.event)))

# The batch's statements are built once, their ids an expanding parameter: building a
# statement with its loader options (and its cache key) cost more than running it.
_IDS = bindparam("ids", expanding=True)
_MATCHES = select(MatchRow).where(MatchRow.id.in_(_IDS)).options(EVENT_OF_MATCH)
_ENTRANTS = select(Entrant).where(Entrant.id.in_(_IDS))
_MEMBERS = (select(Member.entrant_id, Member.id, Member.name, Member.character, Member.change_declared)
            .where(Member.entrant_id.in_(_IDS)).order_by(Member.entrant_id, Member.position, Member.id))
_DISQUALIFIED = select(Entrant.event_id, Entrant.id).where(Entrant.event_id.in_(_IDS), Entrant.dq.is_(True))
_CHILDREN: dict = {}  # (model, parent column, order) -> the statement reading those children



def _kept(batch: Batch | None = None) -> dict | None:
    """(model, id) -> row for the batch (the one under way unless given); None outside one.
    The services read the batch under way (batch.current): they run outside batches too."""
    batch = batch or current()
    return batch.rows if batch is not None else None


@contextmanager
def preloaded(batch: Batch, ops: list, locked: list[MatchRow] | None = None):
    """Within the block, get() answers the batch's matches and entrants from the preload,
    and matches_by_key() the matches their results read (their neighbours).

    `locked`: the batch's matches and their neighbours as PostgreSQL's lock (locked_rows)
    read them, with the rows above them: they are not read again.
    """
    batch.rows = kept = preload(ops, locked)
    try:
        yield
    finally:
        if _FLUSHED in kept:
            event.remove(db.session(), "after_flush", _note_flushed)


def preload(ops: list, locked: list[MatchRow] | None = None) -> dict:
    """Load the batch's matches, the rows above them, their neighbours, entrants and members."""
    ids = {op.match_id for op in ops if op.on_match}
    if not ids:
        return {}
    if locked is not None:
        matches = [m for m in locked if m.id in ids]
    else:
        matches = db.session.scalars(_MATCHES, {"ids": sorted(ids)}).all()
        locked = matches + _neighbours(matches)
    kept = {(type(row), row.id): row for row in locked}
    kept[_BY_KEY] = {(m.bracket_id, m.key): m for m in locked}
    entrant_ids = {e for m in matches for e in (m.slot_a, m.slot_b) if e}
    if not entrant_ids:
        return kept
    entrants = db.session.scalars(_ENTRANTS, {"ids": sorted(entrant_ids)}).all()
    kept.update(((type(row), row.id), row) for row in entrants)
    members = kept[_MEMBERS_OF] = {e: [] for e in entrant_ids}
    for row in db.session.execute(_MEMBERS, {"ids": sorted(entrant_ids)}):
        members[row.entrant_id].append(row)
    return kept


_BY_KEY = ("matches", "by bracket and key")
_LOCK_BRACKETS = (select(BracketRow.id).where(BracketRow.id.in_(
    select(MatchRow.bracket_id).where(MatchRow.id.in_(_IDS)).scalar_subquery()))
    .order_by(BracketRow.id).with_for_update())
_LOCK_MATCHES = _MATCHES.order_by(MatchRow.id).with_for_update(of=MatchRow)


def locked_rows(ids: list[int]) -> list[MatchRow]:
    """PostgreSQL: lock the brackets of these matches (in id order: batches on one bracket
    queue there), then the matches and their neighbours; returns those rows."""
    db.session.execute(_LOCK_BRACKETS, {"ids": sorted(ids)})
    matches = db.session.scalars(_LOCK_MATCHES, {"ids": sorted(ids)}).all()
    return matches + _neighbours(matches, lock=True)


def _neighbours(matches: list[MatchRow], lock: bool = False) -> list[MatchRow]:
    """The matches a result on any of these (still to be decided) reads besides itself,
    one query per bracket (services.brackets.around asks for them again, by key)."""
    wanted: dict[int, set] = {}
    read_for({m.bracket for m in matches if m.status == "ready"})  # the links of all at once
    for m in matches:
        if m.status == "ready":  # a result may follow
            feeders = feeders_of(m.bracket)
            wanted.setdefault(m.bracket_id, set()).update(neighbourhood(m.key, m.winner_to, m.loser_to, feeders)[1:])
    have = {(m.bracket_id, m.key) for m in matches}
    out = []
    for bracket_id, keys in sorted(wanted.items()):
        keys = sorted(k for k in keys if (bracket_id, k) not in have)
        if keys:
            out += db.session.scalars(_by_key(lock), {"bracket": bracket_id, "keys": keys}).all()
    return out


_BY_KEYS = select(MatchRow).where(MatchRow.bracket_id == bindparam("bracket"),
                                  MatchRow.key.in_(bindparam("keys", expanding=True))).order_by(MatchRow.id)


def _by_key(lock: bool):
    return _BY_KEYS.with_for_update(of=MatchRow) if lock else _BY_KEYS


def matches_by_key(bracket_id: int, keys: list[str]) -> dict:
    """The bracket's matches with these keys (key -> row): the batch's copies, the rest in one
    query (locked on PostgreSQL: a result is about to change them)."""
    kept = _kept()
    by_key = kept.get(_BY_KEY) if kept else None
    out = {k: by_key[(bracket_id, k)] for k in keys if by_key and (bracket_id, k) in by_key}
    missing = sorted(k for k in keys if k not in out)
    if missing:
        lock = db.session.get_bind().dialect.name == "postgresql"
        for row in db.session.scalars(_by_key(lock), {"bracket": bracket_id, "keys": missing}):
            out[row.key] = row
            if by_key is not None:
                by_key[(bracket_id, row.key)] = kept[(MatchRow, row.id)] = row
    return out


_MEMBERS_OF = ("members", "by entrant")


def members(entrant_id: int):
    """The entrant's members (id, name, character, change_declared) in order, when the batch
    under way plays them; None otherwise (read them from the entrant)."""
    kept = _kept()
    return kept[_MEMBERS_OF].get(entrant_id) if kept and _MEMBERS_OF in kept else None


def brackets_loaded() -> None:
    """Before a result moves a bracket: every bracket of the batch gets its matches, every
    phase its brackets and every event its phases (auto-call reads them), in three queries
    (once per batch, and only in a batch that ends a match; not three lazy loads per result)."""
    kept = _kept()
    if not kept or kept.get(_BRACKETS_DONE):
        return
    kept[_BRACKETS_DONE] = True
    brackets = _brackets_of(kept)
    _fill(brackets, "matches", MatchRow, MatchRow.bracket_id)
    _fill({b.phase for b in brackets}, "brackets", BracketRow, BracketRow.phase_id)
    _fill({b.phase.event for b in brackets}, "phases", Phase, Phase.event_id, Phase.position)


_BRACKETS_DONE = ("brackets", "loaded")


def phases_loaded(batch: Batch) -> None:
    """Every event of the batch gets its phases (auto-call reads them after a result) in one
    query, once per batch: not a lazy load of each event's phases, one per result."""
    kept = batch.rows
    if not kept or kept.get(_PHASES_DONE):
        return
    kept[_PHASES_DONE] = True
    _fill({b.phase.event for b in _brackets_of(kept)}, "phases", Phase, Phase.event_id, Phase.position)


_PHASES_DONE = ("phases", "loaded")


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
        events = {row.bracket.phase.event_id for (model, _), row in list(kept.items()) if model is MatchRow}
        events = (events - set(known)) | {event_id}
        known.update((e, set()) for e in events)
        for event, entrant in db.session.execute(_DISQUALIFIED, {"ids": sorted(events)}):
            known[event].add(entrant)
    return set(known[event_id])


_DQ = ("dq", "by event")


def forget_disqualified(event_id: int) -> None:
    """A DQ entry of the batch changed the event's disqualified entrants: read them again."""
    kept = _kept()
    if kept and _DQ in kept:
        kept[_DQ].pop(event_id, None)


# The phases' matches still to play, as the database held them when the batch first asked
# (one query for all the batch's phases), and the match rows the batch has flushed since.
_OPEN = ("open matches", "by phase")
_FLUSHED = ("matches", "flushed since")
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
        phases = {b.phase_id for b in _brackets_of(kept)}
        kept[_OPEN] = {phase: set() for phase in phases}
        for phase, match in db.session.execute(_OPEN_OF_PHASES, {"ids": sorted(phases)}):
            kept[_OPEN][phase].add(match)
        kept[_FLUSHED] = set()
        event.listen(db.session(), "after_flush", _note_flushed)
    known = kept[_OPEN].get(phase_id)
    return None if known is None else set(known)


def flushed_matches() -> set:
    """The match rows written to the database since open_in_database() first read it."""
    kept = _kept()
    return kept.get(_FLUSHED, set()) if kept else set()


def _note_flushed(session, _context) -> None:
    kept = _kept()
    if kept and _FLUSHED in kept:  # new and dirty still list what this flush wrote
        kept[_FLUSHED].update(row for row in (*session.new, *session.dirty) if isinstance(row, MatchRow))


def get(model, ident, batch: Batch | None = None, **options):
    """The row with this id: the batch's own copy (a dict look-up), else the session's get."""
    # session.get() costs a dozen calls even when the row is in memory, and the entries of
    # a batch ask for their match and entrants several times each. Same objects either way.
    kept = _kept(batch)
    row = kept.get((model, ident)) if kept else None
    return row if row is not None else db.session.get(model, ident, **options)

