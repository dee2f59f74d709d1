"""Play matches with random but rule-valid entries, through the same operations as phones."""
import random

from ...extensions import db
from ...models import MatchRow, Phase
from ...tournament import autoplay
from ...tournament import play as domain_play
from ...tournament.errors import RuleViolation
from ..entries import pipeline
from ..entries.entry import Entry
from ..setup import game_catalogue
from . import play


def play_match(match: MatchRow, rng: random.Random, user=None, device: str = "demo") -> None:
    """Enter a whole match action by action as operations (so the log can rebuild it).

    The actions are worked out on the domain's state and sent as one batch, as a phone that
    kept the whole match offline sends it: one commit for the match, not one per entry.
    """
    event = match.bracket.phase.event
    title = game_catalogue.event_title(event)
    characters, stages = title.character_values() or ["—"], title.stage_values() or [""]
    if match.status != "ready":
        return
    state, actions = play.state_of(match), []
    for _ in range(400):
        if state.finished:
            break
        action = autoplay.next_action(state, rng, characters, stages)
        try:
            state = domain_play.apply(state, action)
        except RuleViolation:
            continue
        actions.append(action.to_dict())
    _submit(match, actions, user, device)
    db.session.refresh(match)


def _submit(match: MatchRow, actions: list[dict], user, device: str) -> None:
    first = len(match.actions or [])
    ops = [Entry.by_server(action.pop("kind"), device, match.id, action, base_version=match.version,
                           position=first + i) for i, action in enumerate(actions)]
    outcomes = pipeline.submit_many(ops, user) if ops else []
    refused = [o for o in outcomes if o.outcome != "applied"]
    if refused:
        raise RuntimeError(f"simulated entry not applied: {refused[0]}")


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
