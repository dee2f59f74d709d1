"""Submitting entries: the batch loop and its three strategies (the package docstring says
when each runs). Every entry comes out with one outcome; nothing is dropped."""
import logging
from contextlib import contextmanager, nullcontext

from sqlalchemy import bindparam, event, select
from sqlalchemy.exc import IntegrityError, OperationalError

from ..database import write_transaction
from ..extensions import db
from ..models import MatchRow, Operation
from ..services import ServiceError
from ..services.decisions import disqualifications
from ..services.entries.entry import Entry
from ..services.entries.payloads import ValidationError
from ..services.players import report_entries
from ..services.players.report_entries import Reporter
from ..tournament.entry_kinds import ENTRY_KINDS
from ..tournament.errors import N_, RuleViolation
from . import autocall, held, kinds, log, preload  # noqa: F401 - kinds: every entry kind registered
from .decide import MATCH_KINDS, after_refusal, decide, lock_match, release_ready
from .log import Outcome, refused
from .preload import Batch, running

_log = logging.getLogger(__name__)


def submit(op: Entry, user) -> Outcome:
    """Apply one entry in its own transaction, holding the match's write lock."""
    return submit_many([op], user)[0]


class _Unsafe(Exception):
    """An entry failed in a way that may have left a half-made change: redo with savepoints."""


def submit_many(ops: list[Entry], user, also=None, read_after: bool = True) -> list[Outcome]:
    """Apply entries in order, in one transaction with one durable commit; one outcome each.
    `user`: a staff or desk account, None for the server, or a player reporting their own
    match (a Reporter: their entries are held in their report until confirmed).
    `also`: a write to make in the same transaction (the phone's sync noted: one commit per sync).
    `read_after=False`: the caller reads none of the batch's rows after it (a push answers from the
    outcomes): its commit need not mark them stale (database.write_transaction).

    SQLite's write lock covers the whole database and PostgreSQL's batch locks its
    brackets' matches first, so a batch is as serial as one transaction per op. Match
    entries are checked in full before they change anything, so they need no savepoint;
    anything unexpected rolls the batch back and runs it again with one per entry.
    """
    if not all(isinstance(op, Entry) for op in ops):
        raise TypeError("submit_many takes Entry: build it at the edge (services/entries/entry.py)")
    if isinstance(user, Reporter):
        return report_entries.hold(ops, user, also)
    if _sqlite():
        return _batched(ops, user, also, read_after)
    try:
        return _batched(ops, user, also, read_after)
    except (IntegrityError, OperationalError) as problem:
        # A concurrent request logged one of these op_ids first, or the database broke a
        # lock cycle with someone outside the lock order (a desk page): nothing of this
        # batch was committed, so each entry is decided again in its own transaction.
        _log.info("batch retried entry by entry: %s", type(problem.orig).__name__)
        db.session.rollback()
        outcomes = [_own_transaction(op, user) for op in ops]
        _also_alone(also)
        return outcomes


def _also_alone(also) -> None:
    """The batch's extra write in a transaction of its own; best effort (the next sync makes it)."""
    if also is None:
        return
    try:
        with write_transaction(db.session):
            also()
    except (IntegrityError, OperationalError):
        db.session.rollback()


def _batched(ops: list[Entry], user, also, read_after: bool) -> list[Outcome]:
    """The batch without savepoints for match play; rerun with one per entry after a fault."""
    try:
        return _batch(ops, user, savepoints=False if _sqlite() else PG_SAVEPOINTS, also=also, read_after=read_after)
    except _Unsafe:
        return _batch(ops, user, savepoints=True, also=also, read_after=read_after)


# A savepoint per match entry costs PostgreSQL three round trips (SAVEPOINT, the match's UPDATE,
# RELEASE): with them bench/sync.py ran at a fraction of the rate. Match entries are checked in
# full before they change anything, so, as on SQLite, only other kinds get one, and any
# unexpected fault reruns the batch with one each.
PG_SAVEPOINTS = False


def _batch(ops: list[Entry], user, savepoints: bool, also=None, read_after: bool = True) -> list[Outcome]:
    """The batch in one transaction; on PostgreSQL its brackets' matches locked first.

    No autoflush: the batch's reads (the bracket, disqualified entrants) do not depend
    on its pending writes, and one flush at the end beats one before every read.
    """
    with write_transaction(db.session, read_after), _rows_kept_in_memory(), db.session.no_autoflush:
        locked = _lock_brackets_of(ops)
        logged = _already_logged(ops)
        # SQLite: BEGIN IMMEDIATE locked it all
        batch = held.new_batch(log_rows=[], locked=True, matches=_matches_of(ops))
        with running(batch), preload.preloaded(batch, ops, locked):
            outcomes = [_entry(batch, op, user, logged, savepoints or op.kind not in MATCH_KINDS)
                        for op in ops]
        log.write_pending(batch)
        if also is not None:
            also()
        return outcomes


def _lock_brackets_of(ops: list[Entry]) -> list[MatchRow] | None:
    """Lock (FOR UPDATE) each bracket an entry of the batch names, then its matches and their neighbours."""
    if _sqlite():  # SQLite: BEGIN IMMEDIATE locked the whole database
        return None
    ids = {op.match_id for op in ops if op.on_match}
    if any(ENTRY_KINDS[op.kind].locks == "event" for op in ops if op.kind in ENTRY_KINDS):
        ids |= disqualifications.matches_to_lock(ops)  # a DQ walks over its event's brackets
    if not ids:
        return None
    return preload.locked_rows(sorted(ids))


def _own_transaction(op: Entry, user) -> Outcome:
    """PostgreSQL: one operation in its own transaction, the match row locked."""
    try:
        with write_transaction(db.session):
            outcome = _entry(held.new_batch(matches=_matches_of([op])), op, user, None, savepoint=True)
    except IntegrityError:
        # A concurrent request logged the same op_id between our check and our commit:
        # ours was rolled back whole, so the first one is the only effect.
        outcome = log.replayed(op)
        if outcome is None:
            raise
        if op.on_match:
            _settle_followers(op, user)
    return outcome


def _settle_followers(op: Entry, user) -> None:
    """The concurrent request refused this entry before our held follower of it was committed:
    decide that follower now (a conflict "follows a refused entry", I2), not at the next entry."""
    with write_transaction(db.session):
        batch = held.new_batch(matches=_matches_of([op]))
        lock_match(batch, op.match_id)
        logged = db.session.query(Operation.outcome).filter_by(op_id=op.op_id).scalar()
        if logged not in held.REFUSED:  # answered "duplicate": what the concurrent request decided
            return
        after_refusal(batch, op, user)


def _matches_of(ops: list[Entry]) -> set:
    """The matches the entries are for (a batch decides entries of these and of the held ones only)."""
    return {op.match_id for op in ops if op.on_match and op.match_id is not None}


def _sqlite() -> bool:
    return db.session.get_bind().dialect.name == "sqlite"


_LOGGED = select(Operation.op_id).where(Operation.op_id.in_(bindparam("ids", expanding=True)))  # built once


def _already_logged(ops: list[Entry]) -> set:
    """The batch's op_ids already in the log (read once, under the write lock)."""
    return {op_id for (op_id,) in db.session.connection().execute(_LOGGED, {"ids": [op.op_id for op in ops]})}


@contextmanager
def _rows_kept_in_memory():
    """Keep every row loaded during a batch in memory (the identity map is weak), so
    the match's phase, event and entrants are read once per batch, not once per op."""
    session, kept = db.session(), []

    def keep(_session, instance):
        kept.append(instance)
    event.listen(session, "loaded_as_persistent", keep)
    try:
        yield
    finally:
        event.remove(session, "loaded_as_persistent", keep)


def _entry(batch: Batch, op: Entry, user, logged: set | None, savepoint: bool) -> Outcome:
    """One operation, with the held entries it waits behind or makes ready decided around it."""
    if op.on_match:
        release_ready(batch, user, only=op.match_id)  # made ready outside the log (a desk page)
    outcome = _guarded(batch, op, user, logged, savepoint)
    if outcome.outcome == "applied":
        release_ready(batch, user)
    elif outcome.outcome in held.REFUSED and op.on_match:
        after_refusal(batch, op, user)
    return outcome


def _guarded(batch: Batch, op: Entry, user, logged: set | None, savepoint: bool) -> Outcome:
    """One operation: its outcome, whatever happens; a fault is kept as rejected."""
    replayed = _replayed(batch, op, logged)
    if replayed:
        return replayed
    if op.failure:
        code, message, params = op.failure
        return log.record(op, user, Outcome(op.op_id, "rejected", code, message, params), None, batch)
    if savepoint and op.on_match:
        # Lock the match outside the savepoint: PostgreSQL releases a row lock taken
        # inside a savepoint that is rolled back, and a rejected entry must still be
        # logged in order, before anyone else changes the match.
        lock_match(batch, op.match_id)
    mark = len(batch.log_rows) if batch.log_rows is not None else 0  # rows a rolled-back savepoint must not keep
    try:
        return _decided(batch, op, user, savepoint)
    except (RuleViolation, ServiceError, ValidationError) as problem:
        outcome = refused(op.op_id, problem)
    except Exception as fault:  # noqa: BLE001 - logged, and the entry is kept for a person to see
        if not savepoint:
            raise _Unsafe from fault
        _log.exception("operation %s failed", op.op_id)
        outcome = Outcome(op.op_id, "rejected", "server.error",
                          N_("The server could not apply this entry; the desk has it."), {})
    return _refusal_logged(batch, op, user, outcome, mark)


def _replayed(batch: Batch, op: Entry, logged: set | None) -> Outcome | None:
    """The first outcome of an op_id logged already (I3: looked up under the write lock)."""
    if logged is None or op.op_id in logged:
        log.write_pending(batch)  # the copy logged earlier in this batch must be visible
        db.session.flush()
        replayed = log.replayed(op)  # inside the lock: another request may have committed it
        if replayed:
            return replayed
    if logged is not None:
        logged.add(op.op_id)  # a second copy later in this batch is a replay
    return None


def _decided(batch: Batch, op: Entry, user, savepoint: bool) -> Outcome:
    """The entry decided and logged (in a savepoint when asked); raises when it is refused."""
    with db.session.begin_nested() if savepoint else nullcontext():
        outcome, reason = decide(batch, op, user)
        if ENTRY_KINDS[op.kind].locks == "event":
            op = disqualifications.logged_with_event(op)  # a DQ or withdrawal is logged with its event
        recorded = log.record(op, user, outcome, reason, batch)
        if outcome.outcome == "applied":
            autocall.follow_up(batch, op, user)
        return recorded


def _refusal_logged(batch: Batch, op: Entry, user, outcome: Outcome, mark: int) -> Outcome:
    """Log a refused entry, with the match's version (nothing of it was kept)."""
    if batch.log_rows is not None:
        del batch.log_rows[mark:]  # logged as applied before a later step (auto-call) failed: logged once, as this
    match = db.session.get(MatchRow, op.match_id) if op.on_match else None
    outcome.match_version = match.version if match else None
    return log.record(op, user, outcome, None, batch)
