"""The desk's conflict queue: both versions of a match entry, and the desk's decision.

A decision is itself an operation ("resolve_conflict", applied by webapp/operations/)
so that replaying the log reproduces it.
"""
from datetime import datetime, timezone

from marshmallow import ValidationError

from ...extensions import db
from ...models import Conflict, MatchRow, Operation, User
from ...tournament import play as domain_play
from ...tournament.entry_kinds import ENTRY_KINDS, kinds
from ...tournament.errors import N_, RuleViolation
from .. import ServiceError
from ..accounts import audit
from ..entries import payloads
from ..entries.entry import named_players, position_of, read_payload
from ..matches import brackets, play

DECISIONS = {"keep": "kept", "take": "taken", "third": "third"}


def open_conflicts() -> list[Conflict]:
    """Conflicts waiting for the desk, oldest first."""
    return db.session.query(Conflict).filter_by(status="open").order_by(Conflict.id).all()


def _position(op: Operation) -> int | None:
    return position_of((op.payload or {}).get("position"))


def _author(op: Operation | None) -> dict:
    """Who entered a version, from which device, when (device clock and server clock)."""
    if op is None:
        return {"name": "—", "device": "", "device_time": "", "received_at": None, "op_id": ""}
    user = db.session.get(User, op.user_id) if op.user_id else None
    name = (user.display_name or user.username) if user else _player(op.device_id)
    return {"name": name, "device": op.device_id, "device_time": op.device_time,
            "received_at": op.received_at, "op_id": op.op_id}


def _player(device_id: str) -> str:
    """A player's own report (services/players/self_report.py logs it from "player-<entrant id>"): their name."""
    from ...models import Entrant

    number = device_id.removeprefix("player-")
    entrant = db.session.get(Entrant, int(number)) if device_id.startswith("player-") and number.isdigit() else None
    return entrant.name if entrant is not None else "—"


def recorded_op(conflict: Conflict, op: Operation) -> Operation | None:
    """The applied operation whose entry holds the place the conflicting one wanted."""
    query = (db.session.query(Operation)
             .filter(Operation.match_id == conflict.match_id, Operation.outcome == "applied",
                     Operation.id < op.id, Operation.undone.is_(False)).order_by(Operation.id))
    if ENTRY_KINDS[op.kind].names_winner:
        rows = query.filter(Operation.kind.in_(kinds(names_winner=True))).all()
        return rows[-1] if rows else None
    position = _position(op)
    rows = [r for r in query.all() if r.kind not in kinds(names_winner=True) + ("resolve_conflict",)]
    by_position = [r for r in rows if _position(r) == position]
    if by_position:
        return by_position[-1]
    return rows[position] if position is not None and position < len(rows) else None


def describe(conflict: Conflict) -> dict:
    """Both versions side by side: what each says and who entered it, when."""
    op = db.session.get(Operation, conflict.operation_id)
    match = db.session.get(MatchRow, conflict.match_id)
    other = recorded_op(conflict, op) if conflict.reason == "different_result" else None
    position = _position(op)
    actions = match.actions or []
    if conflict.reason == "follows_refused":  # I2: beside the refused entry it was made after
        other = refused_before(op)
        recorded = (other.payload if other is not None else None)
    elif ENTRY_KINDS[op.kind].names_winner:
        recorded = {"winner": match.winner_id}
    else:
        recorded = actions[position] if position is not None and position < len(actions) else None
    return {"conflict": conflict, "op": op, "match": match, "position": position,
            "named": named_in(op), "seated": (match.slot_a, match.slot_b),
            "entered": {"entry": _entry(op.payload), **_author(op)},
            "recorded": {"entry": _entry(recorded), **_author(other)}, "other": other}


def refused_before(op: Operation) -> Operation | None:
    """The refused entry a "follows a refused entry" conflict was made after (named in its params)."""
    op_id = (op.params or {}).get("refused")
    return db.session.query(Operation).filter_by(op_id=op_id).first() if op_id else None


def _entry(payload: dict | None) -> dict:
    return {k: v for k, v in (payload or {}).items() if k not in ("position", "kind", "slots")}


def named_in(op: Operation) -> tuple[int, int] | None:
    """The players an entry made offline named for its match (None if it named none)."""
    try:
        return named_players((op.payload or {}).get("slots"))
    except ValidationError:
        return None


def resolve(payload: dict, user) -> dict:
    """Apply the desk's decision (inside the caller's transaction); returns what it touched."""
    conflict, op = _open_conflict(payload.get("conflict_op"))
    decision = payload.get("decision")
    if decision not in DECISIONS:
        raise ServiceError("conflict.decision", N_("Choose keep, take or a third version."))
    match = db.session.get(MatchRow, conflict.match_id)
    other = recorded_op(conflict, op) if conflict.reason == "different_result" else None
    touched = {"flagged": "", "dropped": 0}
    if decision != "keep":
        fields = op.payload if decision == "take" else (payload.get("fields") or {})
        touched = _apply_version(match, op, dict(fields), user, bool(payload.get("cascade")))
    _close(conflict, op, other, DECISIONS[decision], user)
    audit.record("conflict.resolve", user, match.bracket.phase.event_id, conflict=conflict.id,
                 match=match.id, decision=DECISIONS[decision], op=op.op_id,
                 other=other.op_id if other else None, **touched)
    return {"decision": DECISIONS[decision], **touched}


def _open_conflict(op_id) -> tuple[Conflict, Operation]:
    op = db.session.query(Operation).filter_by(op_id=str(op_id or "")).first()
    conflict = op and db.session.query(Conflict).filter_by(operation_id=op.id).first()
    if not conflict:
        raise ServiceError("conflict.unknown", N_("There is no such conflict."))
    if conflict.status != "open":
        raise ServiceError("conflict.closed", N_("This conflict was already decided."))
    return conflict, op


def _apply_version(match: MatchRow, op: Operation, fields: dict, user, cascade: bool) -> dict:
    if ENTRY_KINDS[op.kind].names_winner:
        return _follow(match, int(fields.get("winner") or 0), user, cascade, 0)
    fields, position, _slots = read_payload(fields)
    action = {"kind": op.kind, **payloads.load_action(op.kind, fields)}
    if position is None:
        position = _position(op)
    actions = list(match.actions or [])
    position = len(actions) if position is None or position > len(actions) else position
    # The chosen version must itself be valid where it goes: its own reason if not.
    domain_play.apply(domain_play.replay(play.setup_for(match), actions[:position]),
                      domain_play.action_from_dict(action))
    _, dropped = play.rebuild(match, actions[:position] + [action] + actions[position + 1:])
    winner = play.decided_winner(match, play.state_of(match))  # none while a ruling is pending (I5)
    return _follow(match, winner, user, cascade, len(dropped))


def _follow(match: MatchRow, winner: int | None, user, cascade: bool, dropped: int) -> dict:
    """The bracket follows the decided match: record, or correct with the desk's cascade choice."""
    if winner is None:
        if match.winner_id is not None:
            raise ServiceError("conflict.undecided", N_(
                "This version leaves the match without a winner while the bracket already has one: "
                "enter a third version that decides it."))
        return {"flagged": "", "dropped": dropped}
    if match.status == "ready":
        brackets.record_winner(match, winner, user)
        return {"flagged": "", "dropped": dropped}
    if match.winner_id == winner:
        return {"flagged": "", "dropped": dropped}
    if match.status != "done":
        raise RuleViolation("match.not_ready", N_("This match is not ready: both entrants must be known first."))
    played = brackets.correct_winner(match, winner, user, cascade=cascade, reason="conflict").played
    return {"flagged": ", ".join(played), "dropped": dropped}


def _close(conflict: Conflict, op: Operation, other: Operation | None, status: str, user) -> None:
    conflict.status = status
    conflict.resolved_by = getattr(user, "id", None)
    conflict.resolved_at = datetime.now(timezone.utc)
    _mark(op, status, lost=status != "taken")
    if other is not None and status != "kept":
        _mark(other, status, lost=True)


def _mark(op: Operation, status: str, lost: bool) -> None:
    """The phone reads the decision with this entry's outcome (/sync/outcomes)."""
    op.params = {**(op.params or {}), "resolution": status, "lost": lost}
