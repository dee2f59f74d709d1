"""Operations: every staff or desk change, logged with its outcome (see DESIGN.md).

applied / duplicate / confirmed / conflict / rejected; nothing is dropped.
"""
from dataclasses import dataclass

from ..database import write_transaction
from ..extensions import db
from ..models import Conflict, MatchRow, Operation
from ..play_schemas import ValidationError, load_action
from ..tournament.errors import N_, RuleViolation
from . import ServiceError, play

MATCH_KINDS = ("coin_toss", "roll_call", "arrive", "name_player", "declare_change", "report_game",
               "penalty", "replay", "override")


@dataclass
class Outcome:
    """What the server made of one operation."""

    op_id: str
    outcome: str
    code: str | None = None
    message: str | None = None
    params: dict | None = None
    match_version: int | None = None

    def to_dict(self) -> dict:
        """The JSON form returned to the phone (message translated by the caller)."""
        return {"op_id": self.op_id, "outcome": self.outcome, "code": self.code,
                "message": self.message, "params": self.params or {},
                "match_version": self.match_version}


def _fields(op: dict) -> dict:
    """The parts of an operation that must match for a replay to be the same operation."""
    return {"kind": op["kind"], "match_id": op.get("match_id"), "payload": op.get("payload") or {}}


def stored_outcome(row: Operation, duplicate: bool = False) -> Outcome:
    """The outcome recorded for a logged operation (as "duplicate" when it is a replay)."""
    outcome = "duplicate" if duplicate else row.outcome
    return Outcome(row.op_id, outcome, row.code, row.message, row.params, row.match_version)


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
    replayed = _replayed(op)
    if replayed:
        return replayed
    with write_transaction(db.session):
        replayed = _replayed(op)  # another request may have committed it meanwhile
        if replayed:
            return replayed
        outcome, conflict_reason = _decide(op)
        row = _log(op, user, outcome)
        if conflict_reason:
            db.session.flush()
            db.session.add(Conflict(match_id=op["match_id"], operation_id=row.id, reason=conflict_reason))
    return outcome


def _lock_match(match_id) -> MatchRow | None:
    return db.session.get(MatchRow, match_id, with_for_update=True) if match_id else None


def _decide(op: dict) -> tuple[Outcome, str | None]:
    """Applied, confirmed, conflict or rejected — and the conflict's reason if any."""
    match = _lock_match(op.get("match_id"))
    try:
        if op["kind"] not in MATCH_KINDS:
            raise RuleViolation("op.kind", N_("Unknown kind of entry: %(kind)s."), kind=op["kind"])
        if match is None:
            raise RuleViolation("op.no_match", N_("This match does not exist."))
        return _decide_match(op, match)
    except (RuleViolation, ServiceError) as problem:
        return Outcome(op["op_id"], "rejected", problem.code, problem.message, problem.params,
                       match.version if match else None), None
    except ValidationError as problem:
        return Outcome(op["op_id"], "rejected", "op.invalid",
                       N_("The entry is incomplete or malformed: %(problem)s"),
                       {"problem": _describe(problem)}, match.version if match else None), None


def _describe(problem: ValidationError) -> str:
    messages = problem.normalized_messages()
    return "; ".join(f"{field}: {' '.join(map(str, errs)) if isinstance(errs, list) else errs}"
                     for field, errs in messages.items())


def _decide_match(op: dict, match: MatchRow) -> tuple[Outcome, str | None]:
    payload = load_action(op["kind"], op.get("payload") or {})
    position = payload.pop("position", None)
    action = {"kind": op["kind"], **payload}
    if op.get("base_version") is not None and op["base_version"] < (match.slots_version or 0):
        return _conflict(op, match, "participants_changed")
    actions = match.actions or []
    if position is not None and position < len(actions):
        if _same(actions[position], action):
            return Outcome(op["op_id"], "confirmed", match_version=match.version), None
        return _conflict(op, match, "different_result")
    with db.session.begin_nested():  # a rule broken half-way leaves nothing behind
        play.apply_action(match, action)
    return Outcome(op["op_id"], "applied", match_version=match.version), None


def _same(recorded: dict, entered: dict) -> bool:
    """Two entries of one action agree on everything the entering phone said."""
    return all(recorded.get(k) == v for k, v in entered.items())


def _conflict(op: dict, match: MatchRow, reason: str) -> tuple[Outcome, str]:
    messages = {"participants_changed": N_("The players of this match changed since this entry was made: the desk will decide."),
                "different_result": N_("Another entry already recorded a different result here: the desk will decide.")}
    return Outcome(op["op_id"], "conflict", f"conflict.{reason}", messages[reason],
                   match_version=match.version), reason


def _log(op: dict, user, outcome: Outcome) -> Operation:
    row = Operation(op_id=op["op_id"], device_id=op.get("device_id", ""), seq=op.get("seq", 0),
                    kind=op["kind"], match_id=op.get("match_id"), base_version=op.get("base_version"),
                    payload=op.get("payload") or {}, user_id=getattr(user, "id", None),
                    device_time=op.get("device_time", ""), outcome=outcome.outcome, code=outcome.code,
                    message=outcome.message, params=outcome.params or {},
                    match_version=outcome.match_version)
    db.session.add(row)
    return row


def record_failure(op: dict, user, code: str, message: str, **params) -> Outcome:
    """Log an operation that could not be applied as rejected, so a person sees it."""
    existing = db.session.query(Operation).filter_by(op_id=op["op_id"]).first()
    if existing:
        return stored_outcome(existing, duplicate=True)
    outcome = Outcome(op["op_id"], "rejected", code, message, params)
    with write_transaction(db.session):
        _log(op, user, outcome)
    return outcome
