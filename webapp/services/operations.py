"""Operations: every staff or desk change, logged with its outcome (see DESIGN.md).

applied / duplicate / confirmed / conflict / rejected / held; nothing is dropped.
"""
import contextvars
import logging
import uuid
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

from sqlalchemy import bindparam, event, select
from sqlalchemy.exc import IntegrityError, OperationalError

from ..database import write_transaction
from ..extensions import db
from ..models import Conflict, MatchRow, Operation
from ..models.base import utcnow
from ..play_schemas import ValidationError, load_action
from ..schemas import CorrectionForm, WinnerForm
from ..tournament.errors import N_, RuleViolation
from ..mirror import guard as mirror_guard
from . import ServiceError, access, batch_rows, brackets, checkin, conflicts, held, op_input, play, stations

log = logging.getLogger(__name__)

MATCH_KINDS = ("coin_toss", "roll_call", "arrive", "name_player", "declare_change", "report_game",
               "penalty", "replay", "override", "ruling")
# Bracket-level entries the desk makes (its result and correction forms, conflict decisions).
DESK_KINDS = ("record_winner", "correct_result", "resolve_conflict")


@dataclass
class Outcome:
    """What the server made of one operation."""

    op_id: str
    outcome: str
    code: str | None = None
    message: str | None = None
    params: dict | None = None
    match_version: int | None = None
    resolution: str | None = None  # the desk's decision on a conflict this entry was part of
    lost: bool | None = None       # True when that decision did not keep this entry
    undone: dict | None = None     # a later void undid this applied entry: {code, message, params}

    def to_dict(self) -> dict:
        """The JSON form returned to the phone (message translated by the caller)."""
        return {"op_id": self.op_id, "outcome": self.outcome, "code": self.code,
                "message": self.message, "params": self.params or {},
                "match_version": self.match_version, "resolution": self.resolution, "lost": self.lost,
                "undone": self.undone}


def _fields(op: dict) -> dict:
    """The parts of an operation that must match for a replay to be the same operation."""
    return {"kind": op["kind"], "match_id": op.get("match_id"), "payload": op.get("payload") or {}}


def stored_outcome(row: Operation, duplicate: bool = False) -> Outcome:
    """The outcome recorded for a logged operation (as "duplicate" when it is a replay)."""
    params = dict(row.params or {})
    # A conflict decision is kept in the params, beside the message's values.
    resolution, lost = params.pop("resolution", None), params.pop("lost", None)
    undone = params.pop("undone", None)   # so is a void's undoing of the entry
    # A held entry sent again is still waiting: the phone must keep asking.
    outcome = "duplicate" if duplicate and row.outcome != "held" else row.outcome
    return Outcome(row.op_id, outcome, row.code, row.message, params, row.match_version, resolution, lost,
                   undone)


def _replayed(op: dict) -> Outcome | None:
    """The first outcome of a replayed op_id, or a rejection if the op_id was reused."""
    row = db.session.query(Operation).filter_by(op_id=op["op_id"]).first()
    if row is None:
        return None
    if _fields({"kind": row.kind, "match_id": row.match_id, "payload": row.payload}) != _fields(op):
        return Outcome(op["op_id"], "rejected", "op.reused",
                       N_("This operation id was already used for a different entry."))
    return stored_outcome(row, duplicate=True)


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
    tokens = _pending_log.set([]), _batch_locked.set(True)
    try:
        with write_transaction(db.session), _held_while_batch(), db.session.no_autoflush:
            locked = _lock_brackets_of(ops)
            logged = _already_logged(ops)
            with batch_rows.preloaded(ops, locked), held.tracking():
                outcomes = [_entry(op, user, logged, savepoints or op["kind"] not in MATCH_KINDS) for op in ops]
            _write_pending()
            return outcomes
    finally:
        _pending_log.reset(tokens[0])
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
        outcome = _replayed(op)
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
    _write_pending()
    db.session.flush()
    for row in held.held_rows(match):
        op = held.as_op(row)
        try:
            with db.session.begin_nested():
                outcome, reason = _decide_match(op, match, user)
        except (RuleViolation, ServiceError) as problem:
            outcome, reason = Outcome(op["op_id"], "rejected", problem.code, problem.message, problem.params), None
        except ValidationError as problem:
            outcome, reason = Outcome(op["op_id"], "rejected", "op.invalid", N_(
                "The entry is incomplete or malformed: %(problem)s"), {"problem": describe(problem)}), None
        outcome.match_version = match.version
        held.settle(row, outcome)
        if reason:
            db.session.add(Conflict(match_id=match.id, operation_id=row.id, reason=reason))


def _guarded(op: dict, user, logged: set | None, savepoint: bool) -> Outcome:
    """One operation: its outcome, whatever happens; a fault is kept as rejected."""
    if logged is None or op["op_id"] in logged:
        _write_pending()  # the copy logged earlier in this batch must be visible
        db.session.flush()
        replayed = _replayed(op)  # inside the lock: another request may have committed it
        if replayed:
            return replayed
    if logged is not None:
        logged.add(op["op_id"])  # a second copy later in this batch is a replay
    if op.get("failure"):
        code, message, params = op["failure"]
        return _record(op, user, Outcome(op["op_id"], "rejected", code, message, params), None)
    if savepoint and isinstance(op.get("match_id"), int):
        # Lock the match outside the savepoint: PostgreSQL releases a row lock taken
        # inside a savepoint that is rolled back, and a rejected entry must still be
        # logged in order, before anyone else changes the match.
        _lock_match(op["match_id"])
    pending = _pending_log.get()
    mark = len(pending) if pending is not None else 0  # rows a rolled-back savepoint must not keep
    try:
        with db.session.begin_nested() if savepoint else nullcontext():
            outcome, reason = _decide(op, user)
            recorded = _record(op, user, outcome, reason)
            if outcome.outcome == "applied":
                _follow_up(op, user)
            return recorded
    except (RuleViolation, ServiceError) as problem:
        outcome = Outcome(op["op_id"], "rejected", problem.code, problem.message, problem.params)
    except ValidationError as problem:
        outcome = Outcome(op["op_id"], "rejected", "op.invalid",
                          N_("The entry is incomplete or malformed: %(problem)s"), {"problem": describe(problem)})
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
    return _record(op, user, outcome, None)


def _record(op: dict, user, outcome: Outcome, reason: str | None) -> Outcome:
    if reason is None and _pending_log.get() is not None:
        _log_later(op, user, outcome)
        return outcome
    _write_pending()
    row = _log(op, user, outcome)
    if reason:
        db.session.flush()
        db.session.add(Conflict(match_id=op["match_id"], operation_id=row.id, reason=reason))
    return outcome


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
        return _decide_desk(op, match, user)
    return _decide_match(op, match, user)


def describe(problem: ValidationError) -> str:
    """A marshmallow error as one line: "field: reason; ..."."""
    messages = problem.normalized_messages()
    return "; ".join(f"{field}: {' '.join(map(str, errs)) if isinstance(errs, list) else errs}"
                     for field, errs in messages.items())


def _stale(op: dict, match: MatchRow) -> bool:
    """The entrants changed since the device looked at the match."""
    return op.get("base_version") is not None and op["base_version"] < (match.slots_version or 0)


def _decide_match(op: dict, match: MatchRow, user=None) -> tuple[Outcome, str | None]:
    payload = dict(op.get("payload") or {})
    named = held.named_players(payload.pop("slots", None))
    payload = load_action(op["kind"], payload)
    position = payload.pop("position", None)
    action = {"kind": op["kind"], **payload}
    if held.must_wait(match):
        held.note(match.id)
        return Outcome(op["op_id"], "held", "held.waiting", held.MESSAGE, match_version=match.version), None
    if named is not None and named != (match.slot_a, match.slot_b):
        return _conflict(op, match, "players_differ")
    if named is None and _stale(op, match):
        return _conflict(op, match, "participants_changed")
    actions = match.actions or []
    op_input.check_position(position, len(actions), lambda: _device_positions(op, match.id))
    if position is not None and position < len(actions):
        if same_action(actions[position], action):
            return Outcome(op["op_id"], "confirmed", match_version=match.version), None
        return _conflict(op, match, "different_result")
    if op["kind"] == "ruling" and user is not None and not getattr(user, "is_desk", False):
        raise ServiceError("op.desk_only", N_("Only the desk may make this entry."))
    state = play.state_of(match)
    before = len(state.undone)
    new = play.apply_action(match, action, state)
    _mark_undone(match, new.undone[before:])
    return Outcome(op["op_id"], "applied", match_version=match.version), None


def _mark_undone(match: MatchRow, undone: list[dict]) -> None:
    """Tell each phone which of its applied entries a void undid, and why (/sync/outcomes)."""
    if not undone:
        return
    _write_pending()   # entries applied earlier in this batch must be in the log to be marked
    db.session.flush()
    rows = [r for r in db.session.query(Operation).filter(
        Operation.match_id == match.id, Operation.outcome == "applied",
        Operation.kind.in_(MATCH_KINDS)).order_by(Operation.id)]
    for entry in undone:
        at = entry["at"]
        row = next((r for r in rows if (r.payload or {}).get("position") == at), None)
        row = row or (rows[at] if at < len(rows) else None)
        if row is not None:
            why = {k: entry[k] for k in ("code", "message", "params")}
            row.params = {**(row.params or {}), "undone": why}
            row.undone = True


def _device_positions(op: dict, match_id: int) -> set[int]:
    """Positions of this device's earlier entries for the match (logged, or pending in this batch)."""
    device = op.get("device_id", "")
    rows = [r.payload for r in db.session.query(Operation.payload).filter(
        Operation.match_id == match_id, Operation.device_id == device)]
    rows += [values["payload"] for values in (_pending_log.get() or [])
             if values["match_id"] == match_id and values["device_id"] == device]
    # A form's position arrives as text ("3"), a script's as a number.
    return {int(p["position"]) for p in rows if isinstance(p, dict) and str(p.get("position")).isdigit()}


# Whether a naming is a blind select follows from the match's state, not from the phone
# (the offline entry panel cannot know it), so two namings of one player agree regardless.
_STATE_DECIDED = {"blind"}


def same_action(recorded: dict, entered: dict) -> bool:
    """Two entries of one action agree on everything the entering phone said."""
    return all(recorded.get(k) == v for k, v in entered.items() if k not in _STATE_DECIDED)


def _decide_desk(op: dict, match: MatchRow, user) -> tuple[Outcome, str | None]:
    payload = op.get("payload") or {}
    if op["kind"] == "resolve_conflict":
        params = conflicts.resolve(payload, user)
        return Outcome(op["op_id"], "applied", params=params, match_version=match.version), None
    if _stale(op, match):
        return _conflict(op, match, "participants_changed")
    if op["kind"] == "record_winner":
        return _record_winner(op, match, user, WinnerForm().load(payload))
    form = CorrectionForm().load(payload)
    if not form["reason"].strip():
        raise ServiceError("correction.reason", N_("Give the reason for the correction: it is kept in the match's history."))
    done = brackets.correct_winner(match, form["winner"], user, form["cascade"], form["reason"])
    params = {"played": ", ".join(done.played)} if done.played else None
    message = N_("Reopened matches that had been played: %(played)s") if done.played else None
    return Outcome(op["op_id"], "applied", "bracket.reopened" if done.played else None, message,
                   params, match.version), None


def _record_winner(op: dict, match: MatchRow, user, form: dict) -> tuple[Outcome, str | None]:
    if match.status == "done" and match.winner_id is not None:
        if match.winner_id == form["winner"]:
            return Outcome(op["op_id"], "confirmed", match_version=match.version), None
        return _conflict(op, match, "different_result")
    brackets.record_winner(match, form["winner"], user, walkover=form["walkover"])
    return Outcome(op["op_id"], "applied", match_version=match.version), None


def _conflict(op: dict, match: MatchRow, reason: str) -> tuple[Outcome, str]:
    messages = {"participants_changed": N_("The players of this match changed since this entry was made: the desk will decide."),
                "players_differ": N_("Other players reached this match than the ones this entry names: the desk will decide."),
                "different_result": N_("Another entry already recorded a different result here: the desk will decide.")}
    return Outcome(op["op_id"], "conflict", f"conflict.{reason}", messages[reason],
                   match_version=match.version), reason


def _log_values(op: dict, user, outcome: Outcome) -> dict:
    values = dict(op_id=op["op_id"], device_id=op.get("device_id", ""), seq=op.get("seq", 0),
                  kind=op["kind"], match_id=op.get("match_id"), base_version=op.get("base_version"),
                  payload=op.get("payload") or {}, user_id=getattr(user, "id", None),
                  device_time=op.get("device_time", ""), outcome=outcome.outcome, code=outcome.code,
                  message=outcome.message, params=outcome.params or {},
                  match_version=outcome.match_version, received_at=op.get("received_at") or utcnow())
    return values


def _log(op: dict, user, outcome: Outcome) -> Operation:
    row = Operation(**_log_values(op, user, outcome))
    db.session.add(row)
    return row


# Within a SQLite batch, log rows are inserted together at the end (one statement)
# rather than one ORM object each; they are written before any savepoint and before
# a replayed op_id is looked up, so nothing logged can be rolled back or missed.
_pending_log: contextvars.ContextVar = contextvars.ContextVar("taikai_pending_log", default=None)


def _log_later(op: dict, user, outcome: Outcome) -> None:
    _pending_log.get().append(_log_values(op, user, outcome))


def _write_pending() -> None:
    rows = _pending_log.get()
    if rows:  # Core's insert: the ORM's bulk insert costs more than the statement itself
        db.session.execute(Operation.__table__.insert(), rows)
        rows.clear()


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
        outcomes.append(_record(op, user, checkin.set_station(op, match, None), None))
    return outcomes


def _still_waiting(match: MatchRow) -> bool:
    """PostgreSQL: lock the match to call, skipping it if another entry holds it or has just
    called it (two stations freed at once must not both call one match)."""
    if _sqlite():  # the batch holds the database's write lock: what we read is current
        return True
    locked = (db.session.query(MatchRow).filter_by(id=match.id).with_for_update(skip_locked=True)
              .populate_existing().first())
    return locked is not None and locked.status == "ready" and not locked.station
