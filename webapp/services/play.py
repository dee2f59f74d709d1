"""Match play: rebuild a match's state from its actions, apply a new one, drive the bracket."""
from ..extensions import db
from ..models import Entrant, MatchRow
from ..tournament import play
from ..tournament.errors import N_, RuleViolation
from . import brackets

PLAYABLE = ("ready", "done")


def best_of_for(match: MatchRow) -> int:
    """Games in this match: the phase's best-of, or a per-side value (KGP finals: 5)."""
    phase = match.bracket.phase
    per_side = (phase.play_options or {}).get("best_of") or {}
    return int(per_side.get(match.side, phase.best_of))


def _members(entrant_id: int | None) -> list[play.Member]:
    entrant = db.session.get(Entrant, entrant_id) if entrant_id else None
    if entrant is None:
        return []
    return [play.Member(id=m.id, name=m.name, character=m.character, change_declared=m.change_declared)
            for m in entrant.members]


def setup_for(match: MatchRow) -> play.MatchSetup:
    """The domain's match setup from the match's phase, event and entrants."""
    phase = match.bracket.phase
    return play.MatchSetup(match_type=phase.match_type, ruleset=phase.event.ruleset,
                           best_of=best_of_for(match), side_a=_members(match.slot_a),
                           side_b=_members(match.slot_b))


def state_of(match: MatchRow) -> play.MatchState:
    """The match as its recorded actions made it."""
    return play.replay(setup_for(match), match.actions or [])


def entrant_of(match: MatchRow, side: str | None) -> int | None:
    """The entrant id playing on side "a" or "b"."""
    return {"a": match.slot_a, "b": match.slot_b}.get(side or "")


def apply_action(match: MatchRow, payload: dict) -> play.MatchState:
    """Validate and apply one action; the bracket follows when the match ends or its winner changes."""
    if match.status not in PLAYABLE:
        raise RuleViolation("match.not_ready", N_("This match is not ready: both entrants must be known first."))
    action = play.action_from_dict(payload)
    new = play.apply(state_of(match), action)
    match.actions = [*(match.actions or []), action.to_dict()]
    match.version += 1
    _follow(match, new)
    return new


def _follow(match: MatchRow, state: play.MatchState) -> None:
    """Record the bracket result when the match ends; correct it if a void flipped the winner."""
    winner = entrant_of(match, state.winner)
    if winner is None:
        return
    if match.status == "ready":
        brackets.record_winner(match, winner)
    elif match.winner_id != winner:
        brackets.correct_winner(match, winner, reason="match_play")


def rebuild(match: MatchRow, actions: list[dict]) -> tuple[list[dict], list[dict]]:
    """Replace a match's actions, keeping those still valid in order; returns (kept, dropped)."""
    state = play.start(setup_for(match))
    kept, dropped = [], []
    for payload in actions:
        try:
            action = play.action_from_dict(payload)
            state = play.apply(state, action)
            kept.append(action.to_dict())
        except RuleViolation:
            dropped.append(payload)
    match.actions = kept
    match.version += 1
    return kept, dropped
