"""Play matches with random but rule-valid entries, through the same operations as phones."""
import random
import uuid

from .. import gamedata
from ..extensions import db
from ..models import MatchRow, Phase
from ..tournament import autoplay, play as domain_play
from ..tournament.errors import RuleViolation
from . import operations, play


def play_match(match: MatchRow, rng: random.Random, user=None, device: str = "demo") -> None:
    """Enter a whole match action by action as operations (so the log can rebuild it)."""
    event = match.bracket.phase.event
    characters = gamedata.characters_for(event.game, event.ruleset)
    stages = gamedata.stages_for(event.game, event.ruleset)
    state = play.state_of(match)
    for _ in range(400):
        if state.finished or match.status != "ready":
            return
        action = autoplay.next_action(state, rng, characters, stages)
        try:
            state = domain_play.apply(state, action)
        except RuleViolation:
            continue
        _submit(match, action.to_dict(), user, device)
        db.session.refresh(match)


def _submit(match: MatchRow, action: dict, user, device: str) -> None:
    kind = action.pop("kind")
    op = {"op_id": str(uuid.uuid4()), "device_id": device, "kind": kind, "match_id": match.id,
          "base_version": match.version, "payload": {**action, "position": len(match.actions or [])}}
    outcome = operations.submit(op, user)
    if outcome.outcome != "applied":
        raise RuntimeError(f"simulated entry not applied: {outcome}")


def play_phase(phase: Phase, rng: random.Random, share: float = 1.0, user=None) -> int:
    """Play ready matches of a phase until `share` of its real matches are decided; returns matches played."""
    total = sum(1 for b in phase.brackets for m in b.matches if m.status not in ("bye", "void"))
    played = 0
    while played < total * share:
        ready = [m for b in phase.brackets for m in b.matches if m.status == "ready"]
        if not ready:
            break
        play_match(ready[0], rng, user)
        played += 1
    return played
