"""Deciding one match entry or desk entry: applied, confirmed, held or a conflict, or a
RuleViolation / ServiceError / ValidationError when the rules or the input refuse it."""
from ..extensions import db
from ..models import MatchRow, Operation
from ..play_schemas import load_action
from ..schemas import CorrectionForm, WinnerForm
from ..tournament.errors import N_
from . import ServiceError, brackets, conflicts, held, op_input, op_log, play
from .op_log import Outcome

MATCH_KINDS = ("coin_toss", "roll_call", "arrive", "name_player", "declare_change", "report_game",
               "penalty", "replay", "override", "ruling")
# Bracket-level entries the desk makes (its result and correction forms, conflict decisions).
DESK_KINDS = ("record_winner", "correct_result", "resolve_conflict")


def _stale(op: dict, match: MatchRow) -> bool:
    """The entrants changed since the device looked at the match."""
    return op.get("base_version") is not None and op["base_version"] < (match.slots_version or 0)


def decide_match(op: dict, match: MatchRow, user=None) -> tuple[Outcome, str | None]:
    """A match-play entry: held, a conflict, confirmed (already recorded) or applied."""
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
    op_log.write_pending()   # entries applied earlier in this batch must be in the log to be marked
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
    rows += [values["payload"] for values in (op_log.pending_rows() or [])
             if values["match_id"] == match_id and values["device_id"] == device]
    # A form's position arrives as text ("3"), a script's as a number.
    return {int(p["position"]) for p in rows if isinstance(p, dict) and str(p.get("position")).isdigit()}


# Whether a naming is a blind select follows from the match's state, not from the phone
# (the offline entry panel cannot know it), so two namings of one player agree regardless.
_STATE_DECIDED = {"blind"}


def same_action(recorded: dict, entered: dict) -> bool:
    """Two entries of one action agree on everything the entering phone said."""
    return all(recorded.get(k) == v for k, v in entered.items() if k not in _STATE_DECIDED)


def decide_desk(op: dict, match: MatchRow, user) -> tuple[Outcome, str | None]:
    """A desk entry on a match: its result, a correction or a conflict decision."""
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
