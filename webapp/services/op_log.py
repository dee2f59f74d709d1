"""The operation log's rows: each entry's outcome as recorded, and the writing of them.

Within a batch, log rows wait in memory and go in together (one statement) before
anything reads the log again (a replayed op_id, a savepoint, the end of the batch).
"""
import contextvars
from dataclasses import dataclass

from sqlalchemy import bindparam, select

from ..extensions import db
from ..models import Conflict, Operation
from ..models.base import utcnow
from ..play_schemas import ValidationError
from ..tournament.errors import N_


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


def refused(op_id: str, problem) -> Outcome:
    """The rejected outcome of an entry the rules (or the input checks) refused."""
    if isinstance(problem, ValidationError):
        return Outcome(op_id, "rejected", "op.invalid", N_("The entry is incomplete or malformed: %(problem)s"),
                       {"problem": describe(problem)})
    return Outcome(op_id, "rejected", problem.code, problem.message, problem.params)


def describe(problem: ValidationError) -> str:
    """A marshmallow error as one line: "field: reason; ..."."""
    messages = problem.normalized_messages()
    return "; ".join(f"{field}: {' '.join(map(str, errs)) if isinstance(errs, list) else errs}"
                     for field, errs in messages.items())


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


def replayed(op: dict) -> Outcome | None:
    """The first outcome of a replayed op_id, or a rejection if the op_id was reused."""
    row = db.session.query(Operation).filter_by(op_id=op["op_id"]).first()
    if row is None:
        return None
    if _fields({"kind": row.kind, "match_id": row.match_id, "payload": row.payload}) != _fields(op):
        return Outcome(op["op_id"], "rejected", "op.reused",
                       N_("This operation id was already used for a different entry."))
    return stored_outcome(row, duplicate=True)


_UNDONE = (select(Operation).where(Operation.device_id == bindparam("device"), Operation.undone.is_(True),
                                   Operation.user_id == bindparam("user"), Operation.outcome == "applied")
           .order_by(Operation.seq).limit(200))  # built once


def undone_entries(device_id: str, user_id: int) -> list[Outcome]:
    """This person's applied entries from the device that a later void undid (each with the reason)."""
    return [stored_outcome(row) for row in db.session.scalars(_UNDONE, {"device": device_id, "user": user_id})]


def record(op: dict, user, outcome: Outcome, reason: str | None) -> Outcome:
    """Log the entry with its outcome (later, with the batch, unless it opens a conflict)."""
    if reason is None and _pending_log.get() is not None:
        _log_later(op, user, outcome)
        return outcome
    write_pending()
    row = _log(op, user, outcome)
    if reason:
        db.session.flush()
        db.session.add(Conflict(match_id=op["match_id"], operation_id=row.id, reason=reason))
    return outcome


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


# Within a batch, log rows are inserted together at the end (one statement)
# rather than one ORM object each; they are written before any savepoint and before
# a replayed op_id is looked up, so nothing logged can be rolled back or missed.
_pending_log: contextvars.ContextVar = contextvars.ContextVar("taikai_pending_log", default=None)


def _log_later(op: dict, user, outcome: Outcome) -> None:
    _pending_log.get().append(_log_values(op, user, outcome))


def pending_rows() -> list[dict] | None:
    """The log rows of the batch under way not written yet (None outside a batch)."""
    return _pending_log.get()


def start_pending():
    """From now on (in this batch) log rows wait to be written together; returns the token to stop."""
    return _pending_log.set([])


def stop_pending(token) -> None:
    """Log rows are written one by one again (the batch is over)."""
    _pending_log.reset(token)


def write_pending() -> None:
    """Write the waiting log rows now, in one statement."""
    rows = _pending_log.get()
    if rows:  # Core's insert: the ORM's bulk insert costs more than the statement itself
        db.session.execute(Operation.__table__.insert(), rows)
        rows.clear()
