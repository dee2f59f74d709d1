"""A batch: the state the entries of one write transaction share, and the rows it loads when it starts.

submit.py makes one Batch per transaction (a sync batch, or one entry retried in its own
transaction) and passes it to the code of this package that reads or changes it; the services
deep in an entry's call chain reach it as the unit of work under way (services/entries/preloaded
owns the one context variable).

When it starts, the batch loads the rows its entries read: a few queries per batch instead of a
few lazy loads per match (each costs more than applying the entry). The pipeline fills the batch
here; the services read what it holds through services/entries/preloaded.

The batch keeps every row it loads in memory (submit._rows_kept_in_memory), so the
entries read these from the identity map: their matches with bracket, phase and event.
The entrants playing in them are read as plain rows, each one's info column (its day-long DQs)
with its members (the sync path only reads them, to set the match up): one query, and no ORM
object for each; a day-long DQ given in the batch drops that info, and the entrant's row answers
from then on (services/matches/play.py). Nothing here decides anything: a row missing from the
preload is simply loaded when it is read.
"""
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlalchemy import bindparam, event, select
from sqlalchemy.orm import defer, joinedload, undefer

from ..extensions import db
from ..models import BracketRow, Entrant, Event, MatchRow, Member, Operation, Phase
from ..services.entries.preloaded import (  # noqa: F401  (the pipeline reads its rows as preload.get, the batch under way as preload.current)
    BY_KEY,
    ENTRANT_INFO,
    FLUSHED,
    MEMBERS_OF,
    brackets_of,
    by_key_statement,
    current,
    fill,
    get,
    note_flushed,
    running,
)
from ..services.matches.bracket_rows import feeders_of, read_for
from ..tournament.bracket import neighbourhood

_LOG_INSERT = Operation.__table__.insert()  # built once; run on the connection (a batch does not autoflush)


@dataclass
class Batch:
    """What the entries of one transaction share (see the package docstring, "Speed")."""

    # Log rows waiting to be written together (log.write_pending); None: each is written at once.
    log_rows: list[dict] | None = None
    # Its matches are locked already: SQLite's BEGIN IMMEDIATE, PostgreSQL's lock of its brackets.
    locked: bool = False
    # The rows preloaded for it (preloaded() below): (model, id) -> row, and the reads kept under their keys.
    rows: dict = field(default_factory=dict)
    # Match id -> its version when its held entries were last tried (None: not tried yet), for the
    # matches with held entries (held.py).
    held: dict = field(default_factory=dict)
    # (device, match id) pairs with a refused entry (held.follows_refused, I2).
    refused: set = field(default_factory=set)

    def write_log(self) -> None:
        """Write the waiting log rows now, in one statement (log.write_pending; restarts asks
        through services/entries/preloaded before it reads the log, deep inside an entry)."""
        if self.log_rows:  # Core's insert: the ORM's bulk insert costs more than the statement itself
            db.session.connection().execute(_LOG_INSERT, self.log_rows)
            self.log_rows.clear()


# The rules read the match's phase and event. Not the bracket's entrant list nor the
# phase's draw: a JSON list as long as the bracket, decoded on every batch for nothing.
# Whether the event has stations or disqualified entrants comes with it (an EXISTS each in this query,
# not a query of its own later).
EVENT_OF_MATCH = joinedload(MatchRow.bracket).options(
    defer(BracketRow.entrants),
    joinedload(BracketRow.phase).options(defer(Phase.draw), defer(Phase.entrant_override),
                                         joinedload(Phase.event).options(
                                             undefer(Event.has_stations), undefer(Event.has_disqualified))))

# The batch's statements are built once, their ids an expanding parameter: building a
# statement with its loader options (and its cache key) cost more than running it.
_IDS = bindparam("ids", expanding=True)
_MATCHES = select(MatchRow).where(MatchRow.id.in_(_IDS)).options(EVENT_OF_MATCH)
# The entrants playing, as plain rows (the module's docstring): each entrant's info with each of its members,
# in one query.
_PLAYERS = (select(Entrant.id.label("entrant_id"), Entrant.info.label("entrant_info"), Member.id, Member.name,
                   Member.character, Member.change_declared)
            .outerjoin(Member, Member.entrant_id == Entrant.id).where(Entrant.id.in_(_IDS))
            .order_by(Entrant.id, Member.position, Member.id))


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
        if FLUSHED in kept:
            event.remove(db.session(), "after_flush", note_flushed)


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
    kept[BY_KEY] = {(m.bracket_id, m.key): m for m in locked}
    entrant_ids = {e for m in matches for e in (m.slot_a, m.slot_b) if e}
    if not entrant_ids:
        return kept
    members = kept[MEMBERS_OF] = {e: [] for e in entrant_ids}
    infos = kept[ENTRANT_INFO] = {}
    for row in db.session.connection().execute(_PLAYERS, {"ids": sorted(entrant_ids)}):
        infos[row.entrant_id] = row.entrant_info
        if row.id is not None:  # an entrant without members (a team not filled in yet)
            members[row.entrant_id].append(row)
    return kept


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
    one query per bracket (services.matches.brackets.around asks for them again, by key)."""
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
            out += db.session.scalars(by_key_statement(lock), {"bracket": bracket_id, "keys": keys}).all()
    return out


def phases_loaded(batch: Batch) -> None:
    """Every event of the batch gets its phases (auto-call reads them after a result) in one
    query, once per batch: not a lazy load of each event's phases, one per result."""
    kept = batch.rows
    if not kept or kept.get(_PHASES_DONE):
        return
    kept[_PHASES_DONE] = True
    fill({b.phase.event for b in brackets_of(kept)}, "phases", Phase, Phase.event_id, Phase.position)


_PHASES_DONE = ("phases", "loaded")


