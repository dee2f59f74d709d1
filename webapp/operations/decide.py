"""Deciding entries: each as it comes — applied, confirmed, held or a conflict, or a RuleViolation /
ServiceError / ValidationError when the rules or the input refuse it (before any change) — and the
held ones again, each at its own step, once its match has moved (released, I2).

An entry is held while its match's players are unknown or its step is ahead (held.py). After every
applied entry, and after a refused one (its followers then become a conflict "follows a refused
entry"), the matches whose held entries may go are tried again, their entries in step order, until
none of them moves (release_ready).
"""
from ..extensions import db
from ..models import Conflict, MatchRow, Operation
from ..services import ServiceError
from ..services.entries import access, payloads
from ..services.entries.entry import Entry, position_of
from ..services.entries.payloads import ValidationError
from ..services.matches import play
from ..tournament.entry_kinds import ENTRY_KINDS
from ..tournament.errors import N_, RuleViolation
from ..tournament.play.actions import ACTIONS
from . import held, log, preload
from .log import Outcome, refused
from .preload import Batch

MATCH_KINDS = tuple(ACTIONS)  # the match-play kinds: one per action of the domain


def stale(op: Entry, match: MatchRow) -> bool:
    """The entrants changed since the device looked at the match."""
    return op.base_version is not None and op.base_version < (match.slots_version or 0)


def decide(batch: Batch, op: Entry, user) -> tuple[Outcome, str | None]:
    """Applied, confirmed, held or conflict — and the conflict's reason; raises when refused."""
    access.check_writer(op)  # one writer per event: a mirrored copy takes no entries
    access.check_signed_in(user)
    payloads.check_printable(op)
    kind = ENTRY_KINDS.get(op.kind)
    if kind is None:
        raise RuleViolation("op.kind", N_("Unknown kind of entry: %(kind)s."), kind=op.kind)
    if not kind.needs_match:  # check-in, DQ, withdrawal: each checks the entrant's event (and the desk)
        return kind.decider(batch, op, None, user)
    if kind.desk_only and not kind.play:
        access.check_desk(user)
    match = lock_match(batch, op.match_id)
    if match is None:
        raise RuleViolation("op.no_match", N_("This match does not exist."))
    access.check_event(user, match.bracket.phase.event_id)  # every kind: staff stay in their event
    return kind.decider(batch, op, match, user)  # operations/kinds/: one per kind


# The rules need the match's phase and event: one joined query instead of three.
_MATCH_WITH_EVENT = [preload.EVENT_OF_MATCH]


def lock_match(batch: Batch, match_id) -> MatchRow | None:
    """The entry's match, locked: the batch's copy when the batch holds its lock already,
    else the match row locked alone (PostgreSQL FOR UPDATE)."""
    if not match_id:
        return None
    if batch.locked:
        return preload.get(MatchRow, match_id, batch, options=_MATCH_WITH_EVENT)
    return db.session.get(MatchRow, match_id, with_for_update=True)


def decide_match(batch: Batch, op: Entry, match: MatchRow, user=None) -> tuple[Outcome, str | None]:
    """A match-play entry: held, a conflict, confirmed (already recorded) or applied."""
    named = held.named_players(op.slots)
    action = {"kind": op.kind, **payloads.load_action(op.kind, op.payload)}
    position = op.position
    if held.must_wait(match):
        held.note(batch, match.id)
        return Outcome(op.op_id, "held", "held.waiting", held.MESSAGE, match_version=match.version), None
    if named is not None and named != (match.slot_a, match.slot_b):
        return conflict(op, match, "players_differ")
    if named is None and stale(op, match):
        return conflict(op, match, "participants_changed")
    actions = match.actions or []
    if position is not None and position < len(actions):
        if same_action(actions[position], action):
            return Outcome(op.op_id, "confirmed", match_version=match.version), None
        return conflict(op, match, "different_result")
    placed = _placed(batch, op, match, position, len(actions))  # I2: at its own step, or not at all
    if placed is not None:
        return placed
    if op.kind == "ruling" and user is not None and not getattr(user, "is_desk", False):
        raise ServiceError("op.desk_only", N_("Only the desk may make this entry."))
    state = play.state_of(match)
    before = len(state.undone)
    new = play.apply_action(match, action, state)
    _mark_undone(batch, match, new.undone[before:])
    return Outcome(op.op_id, "applied", match_version=match.version), None


def _placed(batch: Batch, op: Entry, match: MatchRow, position: int | None, recorded: int):
    """A conflict when the entry follows its phone's refused one, held when its step is not
    reached yet; None when it goes in now (see held.py)."""
    if position is None:
        return None
    before = held.follows_refused(batch, op, match.id, position)
    if before is not None:
        return conflict(op, match, "follows_refused", {"step": position, "refused": before["op_id"]})
    if position > recorded:
        held.note(batch, match.id)
        return Outcome(op.op_id, "held", "held.earlier_entries", held.AHEAD,
                       {"step": position + 1, "recorded": recorded}, match.version), None
    return None


def _mark_undone(batch: Batch, match: MatchRow, undone: list[dict]) -> None:
    """Tell each phone which of its applied entries a void undid, and why (/sync/outcomes)."""
    if not undone:
        return
    log.write_pending(batch)   # entries applied earlier in this batch must be in the log to be marked
    db.session.flush()
    rows = [r for r in db.session.query(Operation).filter(
        Operation.match_id == match.id, Operation.outcome == "applied", Operation.undone.is_(False),
        Operation.kind.in_(MATCH_KINDS)).order_by(Operation.id)]  # a restart's undone entries are gone
    for entry in undone:
        at = entry["at"]
        row = next((r for r in rows if position_of((r.payload or {}).get("position")) == at), None)
        row = row or (rows[at] if at < len(rows) else None)
        if row is not None:
            why = {k: entry[k] for k in ("code", "message", "params")}
            row.params = {**(row.params or {}), "undone": why}
            row.undone = True


# Whether a naming is a blind select follows from the match's state, not from the phone
# (the offline entry panel cannot know it), so two namings of one player agree regardless.
_STATE_DECIDED = {"blind"}


def same_action(recorded: dict, entered: dict) -> bool:
    """Two entries of one action agree on everything the entering phone said."""
    return all(recorded.get(k) == v for k, v in entered.items() if k not in _STATE_DECIDED)


_CONFLICTS = {
    "participants_changed": N_("The players of this match changed since this entry was made: "
                               "the desk will decide."),
    "players_differ": N_("Other players reached this match than the ones this entry names: "
                         "the desk will decide."),
    "different_result": N_("Another entry already recorded a different result here: the desk will decide."),
    "follows_refused": held.FOLLOWS}


def conflict(op: Entry, match: MatchRow, reason: str, params: dict | None = None) -> tuple[Outcome, str]:
    return Outcome(op.op_id, "conflict", f"conflict.{reason}", _CONFLICTS[reason], params,
                   match_version=match.version), reason


def after_refusal(batch: Batch, op: Entry, user) -> None:
    """The entry was refused: the same phone's entries held behind it now follow a refused entry."""
    held.note_refused(batch, op.device_id, op.match_id)
    held.touch(batch, op.match_id)  # nothing else changed: the match has no new version
    release_ready(batch, user, only=op.match_id)


def release_ready(batch: Batch, user, only: int | None = None) -> None:
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
