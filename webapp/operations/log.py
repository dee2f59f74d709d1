"""The operation log's rows: each entry written with its outcome (outcomes.py).

Within a batch, log rows wait in memory (Batch.log_rows) and go in together (one
statement) before anything reads the log again (a replayed op_id, a savepoint, a void
marking entries undone, the end of the batch), so nothing logged can be rolled back or missed.
"""
from ..database import utcnow
from ..extensions import db
from ..models import Conflict, Operation
from ..services.entries.entry import Entry
from .batch import Batch, current
from .outcomes import Outcome


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
