"""The operation log: each entry written with its outcome, and that outcome read back from its row.

An outcome is what the server made of an entry, as answered to the phone and kept in the log:
applied / confirmed / duplicate / conflict / held / rejected (the package docstring says when
each is given). A logged entry's outcome is read back from its log row: a resend answers
"duplicate" with the first one's outcome (I3), a void that undid it is told on the next sync.

Within a batch, log rows wait in memory (Batch.log_rows) and go in together (one
statement) before anything reads the log again (a replayed op_id, a savepoint, a void
marking entries undone, the end of the batch), so nothing logged can be rolled back or missed.
"""
from sqlalchemy import bindparam, select

from ..database import utcnow
from ..extensions import db
from ..models import Conflict, Operation
from ..services.entries.entry import Entry, Outcome
from ..services.entries.payloads import ValidationError
from ..tournament.errors import N_
from .preload import Batch, current


def record(op: Entry, user, outcome: Outcome, reason: str | None, batch: Batch | None = None) -> Outcome:
    """Log the entry with its outcome (later, with the batch, unless it opens a conflict).
    `batch`: the batch the entry is part of (else the one under way, if any)."""
    batch = batch or current()
    if reason is None and batch is not None and batch.log_rows is not None:
        batch.log_rows.append(_log_values(op, user, outcome))
        return outcome
    write_pending(batch)
    row = Operation(**_log_values(op, user, outcome))
    db.session.add(row)
    if reason:
        db.session.flush()
        db.session.add(Conflict(match_id=op.match_id, operation_id=row.id, reason=reason))
    return outcome


def _log_values(op: Entry, user, outcome: Outcome) -> dict:
    return dict(op_id=op.op_id, device_id=op.device_id, seq=op.seq, kind=op.kind, match_id=op.match_id,
                event_id=op.event_id, base_version=op.base_version, payload=op.logged_payload,
                user_id=getattr(user, "id", None), device_time=op.device_time, outcome=outcome.outcome,
                code=outcome.code, message=outcome.message, params=outcome.params or {},
                match_version=outcome.match_version, received_at=op.received_at or utcnow())


def write_pending(batch: Batch | None = None) -> None:
    """Write the batch's waiting log rows now, in one statement (the batch under way unless given)."""
    batch = batch or current()
    if batch is not None:
        batch.write_log()


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


def replayed(op: Entry) -> Outcome | None:
    """The first outcome of a replayed op_id, or a rejection if the op_id was reused."""
    row = db.session.query(Operation).filter_by(op_id=op.op_id).first()
    if row is None:
        return None
    if not Entry.from_log(row).same_entry(op):  # a row logged before entries were read apart compares too
        return Outcome(op.op_id, "rejected", "op.reused",
                       N_("This operation id was already used for a different entry."))
    return stored_outcome(row, duplicate=True)


# Read as plain rows (every sync asks, nearly always for none): no ORM object, no identity map look-up.
_UNDONE = (select(*Operation.__table__.columns)
           .where(Operation.device_id == bindparam("device"), Operation.undone.is_(True),
                  Operation.user_id == bindparam("user"),
                  Operation.outcome.in_(("applied", "confirmed")))  # a restart undoes twins too
           .order_by(Operation.seq).limit(200))  # built once


def undone_entries(device_id: str, user_id: int) -> list[Outcome]:
    """This person's applied (or confirming) entries from the device that a later void or a
    restart of their match (I1) undid, each with the reason."""
    db.session.flush()  # what this transaction undid, a sync batch's own included (a batch does not autoflush)
    rows = db.session.connection().execute(_UNDONE, {"device": device_id, "user": user_id})
    return [stored_outcome(row) for row in rows]
