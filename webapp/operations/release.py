"""Releasing held entries (I2): each decided again at its own step once its match has moved.

An entry is held while its match's players are unknown or its step is ahead
(held.py). After every applied entry, and after a refused one (its followers then become a
conflict "follows a refused entry"), the matches whose held entries may go are tried again,
their entries in step order, until none of them moves.
"""
from ..extensions import db
from ..models import Conflict, MatchRow, Operation
from ..services import ServiceError
from ..services.entries.entry import Entry
from ..services.entries.payloads import ValidationError
from ..tournament.errors import RuleViolation
from . import held, log
from .decide import decide_match
from .log import refused
from .preload import Batch


def after_refusal(batch: Batch, op: Entry, user) -> None:
    """The entry was refused: the same phone's entries held behind it now follow a refused entry."""
    held.note_refused(batch, op.device_id, op.match_id)
    held.touch(batch, op.match_id)  # nothing else changed: the match has no new version
    ready(batch, user, only=op.match_id)


def ready(batch: Batch, user, only: int | None = None) -> None:
    """Decide the held entries of every match that has moved, until none of them moves."""
    matches = held.ready_to_release(batch, only)
    while matches:
        moved = [match for match in matches if _release(batch, match, user)]
        if not moved:
            return
        matches = held.ready_to_release(batch)


def _release(batch: Batch, match: MatchRow, user) -> bool:
    """Each held entry of the match decided again, step by step, as if it came now; an entry
    whose step is still ahead stays held (I2). True when any of them was decided."""
    decided, moving, rows = False, True, []
    while moving:
        log.write_pending(batch)
        db.session.flush()  # what the last pass settled is read back by the next (held.follows_refused)
        rows = held.held_rows(match)
        outcomes = [_decide_held(batch, row, match, user) for row in rows]  # every row, in step order
        moving = any(outcomes)
        decided = decided or moving
    held.tried(batch, match, still_held=bool(rows))  # the last pass decided none of them
    return decided


def _decide_held(batch: Batch, row: Operation, match: MatchRow, user) -> bool:
    """One held entry decided again; False (nothing changes) while it still has to wait."""
    op = held.as_op(row)
    try:
        with db.session.begin_nested():
            outcome, reason = decide_match(batch, op, match, user)
    except (RuleViolation, ServiceError, ValidationError) as problem:
        outcome, reason = refused(op.op_id, problem), None
    if outcome.outcome == "held":
        return False
    outcome.match_version = match.version
    held.settle(row, outcome)
    if outcome.outcome in held.REFUSED:
        held.note_refused(batch, row.device_id, match.id)
    if reason:
        db.session.add(Conflict(match_id=match.id, operation_id=row.id, reason=reason))
    return True
