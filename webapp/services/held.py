"""Held entries: made offline for a match whose players the server does not know yet.

Such an entry is logged as "held" (nothing changes) and carries the players the phone
saw sitting down (payload "slots": {"a": entrant id, "b": entrant id}). As soon as the
match becomes ready, its held entries are decided again in the order they arrived (each
device's own order): applied when the same players reached the match, else a conflict
for the desk with both sides shown. The phone reads the final outcome on /sync/outcomes.
"""
import contextvars
from contextlib import contextmanager

from sqlalchemy import select

from ..extensions import db
from ..models import MatchRow, Operation
from ..play_schemas import ValidationError
from ..tournament.errors import N_

WAITING = "pending"  # the bracket engine's state of a match whose players are not all known
MESSAGE = N_("Waiting for an earlier result: this entry is applied as soon as the match's players are known.")

# Match ids with held entries, known inside the current transaction (None outside one).
_waiting: contextvars.ContextVar = contextvars.ContextVar("taikai_waiting", default=None)


def named_players(value) -> tuple[int, int] | None:
    """The players the phone named ({"a": id, "b": id}), or None when it named none."""
    if value is None:
        return None
    ids = (value.get("a"), value.get("b")) if isinstance(value, dict) else (None, None)
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 < i < 2**31 for i in ids):
        raise ValidationError({"slots": ["name both players of the match as entrant ids"]})
    return ids


def must_wait(match: MatchRow) -> bool:
    """True when the match's players are not all known yet: an entry for it is held."""
    return match.status == WAITING


_HELD_MATCHES = select(Operation.match_id).where(Operation.outcome == "held").distinct()  # built once


@contextmanager
def tracking():
    """Within a write transaction: note which matches have held entries (read once)."""
    token = _waiting.set({match_id for (match_id,) in db.session.execute(_HELD_MATCHES)})
    try:
        yield
    finally:
        _waiting.reset(token)


def note(match_id: int) -> None:
    """An entry for this match was just held."""
    waiting = _waiting.get()
    if waiting is not None:
        waiting.add(match_id)


def ready_to_release(only: int | None = None) -> list[MatchRow]:
    """Matches with held entries that have become ready (or any other non-waiting state)."""
    waiting = _waiting.get()
    if not waiting:  # the usual case: nothing is held
        return []
    ids = sorted(waiting if only is None else waiting & {only})
    matches = [db.session.get(MatchRow, match_id) for match_id in ids]
    return [m for m in matches if m is not None and not must_wait(m)]


def held_rows(match: MatchRow) -> list[Operation]:
    """The match's held entries in the order they arrived; it leaves the waiting set."""
    (_waiting.get() or set()).discard(match.id)
    return (db.session.query(Operation).filter(Operation.match_id == match.id, Operation.outcome == "held")
            .order_by(Operation.id).all())


def as_op(row: Operation) -> dict:
    """A logged entry as the operation it was."""
    return {"op_id": row.op_id, "device_id": row.device_id, "seq": row.seq, "kind": row.kind,
            "match_id": row.match_id, "base_version": row.base_version, "payload": row.payload or {}}


def settle(row: Operation, outcome) -> None:
    """Record the final outcome of a held entry on its log row (the phone reads it there)."""
    row.outcome, row.code, row.message = outcome.outcome, outcome.code, outcome.message
    row.params, row.match_version = outcome.params or {}, outcome.match_version


def waiting_entries(event_id: int | None = None) -> list[Operation]:
    """Held entries still waiting, oldest first (for the desk's queue)."""
    query = db.session.query(Operation).filter(Operation.outcome == "held")
    rows = query.order_by(Operation.id).all()
    if event_id is None:
        return rows
    return [r for r in rows if _event_of(r) == event_id]


def _event_of(row: Operation) -> int | None:
    match = db.session.get(MatchRow, row.match_id) if row.match_id else None
    return match.bracket.phase.event_id if match else None
