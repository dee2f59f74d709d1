"""Operations: every staff or desk change, logged with its outcome (see DESIGN.md).

applied / duplicate / confirmed / conflict / rejected / held; nothing is dropped.
"""
import contextvars
import logging
import uuid
from contextlib import contextmanager, nullcontext

from sqlalchemy import bindparam, event, select
from sqlalchemy.exc import IntegrityError, OperationalError

from ..database import write_transaction
from ..extensions import db
from ..mirror import guard as mirror_guard
from ..models import Conflict, MatchRow, Operation
from ..play_schemas import ValidationError
from ..tournament.errors import N_, RuleViolation
from . import ServiceError, access, batch_rows, checkin, held, op_input, op_log, stations
from .match_entries import DESK_KINDS, MATCH_KINDS, decide_desk, decide_match
from .op_log import Outcome, record, refused, stored_outcome

log = logging.getLogger(__name__)

# The service's names other modules use: the kinds, the outcome and its stored form.
__all__ = ["DESK_KINDS", "MATCH_KINDS", "Outcome", "call_next", "stored_outcome", "submit", "submit_many"]


def submit(op: dict, user) -> Outcome:
    """Apply one operation in its own transaction, holding the match's write lock."""
    return submit_many([op], user)[0]


class _Unsafe(Exception):
    """An entry failed in a way that may have left a half-made change: redo with savepoints."""


def submit_many(ops: list[dict], user) -> list[Outcome]:
    """Apply operations in order, in one transaction with one durable commit; one outcome each.

    SQLite's write lock covers the whole database and PostgreSQL's batch locks its
    brackets' matches first, so a batch is as serial as one transaction per op. Match
    entries are checked in full before they change anything, so on SQLite they need no
    savepoint; anything unexpected rolls the batch back and runs it again with one per entry.
    """
    if _sqlite():
        try:
            return _batch(ops, user, savepoints=False)
        except _Unsafe:
            return _batch(ops, user, savepoints=True)
    try:
        return _batch(ops, user, savepoints=PG_SAVEPOINTS)
    except _Unsafe:
        return _batch(ops, user, savepoints=True)
    except (IntegrityError, OperationalError) as problem:
        # A concurrent request logged one of these op_ids first, or the database broke a
        # lock cycle with someone outside the lock order (a desk page): nothing of this
        # batch was committed, so each entry is decided again in its own transaction.
        log.info("batch retried entry by entry: %s", type(problem.orig).__name__)
        db.session.rollback()
        return [_own_transaction(op, user) for op in ops]


# A savepoint per match entry costs PostgreSQL three round trips (SAVEPOINT, the match's UPDATE,
# RELEASE): bench/sync.py measured 93 entries/s with them against 335/s without on the same
# loaded machine. Match entries are checked in full before they change anything, so, as on
# SQLite, only other kinds get one, and any unexpected fault reruns the batch with one each.
PG_SAVEPOINTS = False


def _batch(ops: list[dict], user, savepoints: bool) -> list[Outcome]:
    """The batch in one transaction; on PostgreSQL its brackets' matches locked first.

    No autoflush: the batch's reads (the bracket, disqualified entrants) do not depend
    on its pending writes, and one flush at the end beats one before every read.
    """
    tokens = op_log.start_pending(), _batch_locked.set(True)
    try:
        with write_transaction(db.session), _held_while_batch(), db.session.no_autoflush:
            locked = _lock_brackets_of(ops)
            logged = _already_logged(ops)
            with batch_rows.preloaded(ops, locked), held.tracking():
                outcomes = [_entry(op, user, logged, savepoints or op["kind"] not in MATCH_KINDS) for op in ops]
            op_log.write_pending()
            return outcomes
    finally:
        op_log.stop_pending(tokens[0])
        _batch_locked.reset(tokens[1])


# Built once; it reads the matches with the rows above them (as the preload would, so the
# batch's matches are not read twice) and locks the match rows only.
_LOCK_BRACKETS = (select(MatchRow).where(MatchRow.bracket_id.in_(
    select(MatchRow.bracket_id).where(MatchRow.id.in_(bindparam("ids", expanding=True))).scalar_subquery()))
    .options(batch_rows.EVENT_OF_MATCH).order_by(MatchRow.id).with_for_update(of=MatchRow))


def _lock_brackets_of(ops: list[dict]) -> list[MatchRow] | None:
    """Lock (FOR UPDATE, by id) every match of each bracket an entry of the batch names."""
    ids = {op["match_id"] for op in ops if isinstance(op.get("match_id"), int)}
    if not ids or _sqlite():  # SQLite: BEGIN IMMEDIATE locked the whole database
        return None
    return db.session.scalars(_LOCK_BRACKETS, {"ids": sorted(ids)}).all()


# True inside a batch, whose match rows are locked already.
_batch_locked: contextvars.ContextVar = contextvars.ContextVar("taikai_batch_locked", default=False)


def _own_transaction(op: dict, user) -> Outcome:
    """PostgreSQL: one operation in its own transaction, the match row locked."""
    try:
        with write_transaction(db.session), held.tracking():
            outcome = _entry(op, user, None, savepoint=True)
    except IntegrityError:
        # A concurrent request logged the same op_id between our check and our commit:
        # ours was rolled back whole, so the first one is the only effect.
        outcome = op_log.replayed(op)
        if outcome is None:
            raise
    return outcome


def _sqlite() -> bool:
    return db.session.get_bind().dialect.name == "sqlite"


_LOGGED = select(Operation.op_id).where(Operation.op_id.in_(bindparam("ids", expanding=True)))  # built once


def _already_logged(ops: list[dict]) -> set:
    """The batch's op_ids already in the log (read once, under the write lock)."""
    return {op_id for (op_id,) in db.session.execute(_LOGGED, {"ids": [op["op_id"] for op in ops]})}


@contextmanager
def _held_while_batch():
    """Keep every row loaded during a batch in memory (the identity map is weak), so
    the match's phase, event and entrants are read once per batch, not once per op."""
    session, held = db.session(), []

    def hold(_session, instance):
        held.append(instance)
    event.listen(session, "loaded_as_persistent", hold)
    try:
        yield
    finally:
        event.remove(session, "loaded_as_persistent", hold)


def _entry(op: dict, user, logged: set | None, savepoint: bool) -> Outcome:
    """One operation, with the held entries it waits behind or makes ready decided around it."""
    if isinstance(op.get("match_id"), int):
        _release_ready(user, only=op["match_id"])  # made ready outside the log (a desk page)
    outcome = _guarded(op, user, logged, savepoint)
    if outcome.outcome == "applied":
        _release_ready(user)
    return outcome


def _release_ready(user, only: int | None = None) -> None:
    """Decide the held entries of every match that has become ready, until none is left."""
    matches = held.ready_to_release(only)
    while matches:
        for match in matches:
            _release(match, user)
        matches = held.ready_to_release()


def _release(match: MatchRow, user) -> None:
    """Each held entry of the match decided again, in arrival order, as if it came now."""
    op_log.write_pending()
    db.session.flush()
    for row in held.held_rows(match):
        op = held.as_op(row)
        try:
            with db.session.begin_nested():
                outcome, reason = decide_match(op, match, user)
        except (RuleViolation, ServiceError, ValidationError) as problem:
            outcome, reason = refused(op["op_id"], problem), None
        outcome.match_version = match.version
        held.settle(row, outcome)
        if reason:
            db.session.add(Conflict(match_id=match.id, operation_id=row.id, reason=reason))


def _guarded(op: dict, user, logged: set | None, savepoint: bool) -> Outcome:
    """One operation: its outcome, whatever happens; a fault is kept as rejected."""
    if logged is None or op["op_id"] in logged:
        op_log.write_pending()  # the copy logged earlier in this batch must be visible
        db.session.flush()
        replayed = op_log.replayed(op)  # inside the lock: another request may have committed it
        if replayed:
            return replayed
    if logged is not None:
        logged.add(op["op_id"])  # a second copy later in this batch is a replay
    if op.get("failure"):
        code, message, params = op["failure"]
        return record(op, user, Outcome(op["op_id"], "rejected", code, message, params), None)
    if savepoint and isinstance(op.get("match_id"), int):
        # Lock the match outside the savepoint: PostgreSQL releases a row lock taken
        # inside a savepoint that is rolled back, and a rejected entry must still be
        # logged in order, before anyone else changes the match.
        _lock_match(op["match_id"])
    pending = op_log.pending_rows()
    mark = len(pending) if pending is not None else 0  # rows a rolled-back savepoint must not keep
    try:
        with db.session.begin_nested() if savepoint else nullcontext():
            outcome, reason = _decide(op, user)
            recorded = record(op, user, outcome, reason)
            if outcome.outcome == "applied":
                _follow_up(op, user)
            return recorded
    except (RuleViolation, ServiceError, ValidationError) as problem:
        outcome = refused(op["op_id"], problem)
    except Exception as fault:  # noqa: BLE001 - logged, and the entry is kept for a person to see
        if not savepoint:
            raise _Unsafe from fault
        log.exception("operation %s failed", op.get("op_id"))
        outcome = Outcome(op["op_id"], "rejected", "server.error",
                          N_("The server could not apply this entry; the desk has it."), {})
    if pending is not None:
        del pending[mark:]  # logged as applied before a later step (auto-call) failed: logged once, as this
    match = db.session.get(MatchRow, op["match_id"]) if isinstance(op.get("match_id"), int) else None
    outcome.match_version = match.version if match else None
    return record(op, user, outcome, None)


# The rules need the match's phase and event: one joined query instead of three.
_MATCH_WITH_EVENT = [batch_rows.EVENT_OF_MATCH]


def _lock_match(match_id) -> MatchRow | None:
    if not match_id:
        return None
    if _batch_locked.get():  # the batch holds the lock already
        return batch_rows.get(MatchRow, match_id, options=_MATCH_WITH_EVENT)
    return db.session.get(MatchRow, match_id, with_for_update=True)  # lock the match row only


def _decide(op: dict, user) -> tuple[Outcome, str | None]:
    """Applied, confirmed or conflict — and the conflict's reason; raises when rejected."""
    mirror_guard.check(op)  # one writer per event: a mirrored copy takes no entries
    access.check_signed_in(user)
    op_input.check_printable(op)
    if op["kind"] == "check_in":
        return checkin.apply(op, user), None  # checks the entrant's event
    if op["kind"] not in MATCH_KINDS + DESK_KINDS + ("set_station",):
        raise RuleViolation("op.kind", N_("Unknown kind of entry: %(kind)s."), kind=op["kind"])
    if op["kind"] in DESK_KINDS:
        access.check_desk(user)
    match = _lock_match(op.get("match_id"))
    if match is None:
        raise RuleViolation("op.no_match", N_("This match does not exist."))
    access.check_event(user, match.bracket.phase.event_id)  # every kind: staff stay in their event
    if op["kind"] == "set_station":
        return checkin.set_station(op, match, user), None
    if op["kind"] in DESK_KINDS:
        return decide_desk(op, match, user)
    return decide_match(op, match, user)


def _follow_up(op: dict, user) -> None:
    """Auto-call, in the same transaction, when an entry freed a station or decided a match."""
    match = batch_rows.get(MatchRow, op["match_id"]) if isinstance(op.get("match_id"), int) else None
    if match is None or (op["kind"] != "set_station" and match.status == "ready"):
        return
    event = match.bracket.phase.event
    if stations.auto_call_wanted(event):
        call_next(event, user, op.get("received_at"))


def call_next(event, user=None, received_at=None) -> list[Outcome]:
    """Call the next matches to the free stations, each call a logged set_station entry."""
    outcomes = []
    for match, station in stations.plan_auto_calls(event):
        if not _still_waiting(match):
            continue
        op = {"op_id": f"auto-{uuid.uuid4()}", "device_id": "auto-call", "kind": "set_station",
              "match_id": match.id, "payload": {"station": station.name, "auto": True},
              "received_at": received_at}
        outcomes.append(record(op, user, checkin.set_station(op, match, None), None))
    return outcomes


def _still_waiting(match: MatchRow) -> bool:
    """PostgreSQL: lock the match to call, skipping it if another entry holds it or has just
    called it (two stations freed at once must not both call one match)."""
    if _sqlite():  # the batch holds the database's write lock: what we read is current
        return True
    locked = (db.session.query(MatchRow).filter_by(id=match.id).with_for_update(skip_locked=True)
              .populate_existing().first())
    return locked is not None and locked.status == "ready" and not locked.station
