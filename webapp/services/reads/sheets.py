"""The match sheet: everything a staff or public page shows about one match's play."""
from ...models import MatchRow
from ...tournament.errors import RuleViolation
from ..entries.violation_words import translate_violation as translate
from ..matches import play
from ..setup import game_catalogue
from . import standings


def _names(match: MatchRow) -> dict:
    entrants = standings.names(match.bracket.phase.event_id)
    members = {}
    for entrant_id in (match.slot_a, match.slot_b):
        if entrant_id in entrants:
            members.update({m.id: m for m in entrants[entrant_id].members})
    return {"entrants": entrants, "members": members}


def match_sheet(match: MatchRow) -> dict:
    """State, prompt, names and the next position; `violation` if the recorded play no longer replays."""
    names = _names(match)
    sheet = {"a": names["entrants"].get(match.slot_a), "b": names["entrants"].get(match.slot_b),
             "members": names["members"], "position": len(match.actions or []),
             "state": None, "prompt": None, "violation": None, "rules": None,
             "game": game_catalogue.event_title(match.bracket.phase.event)}
    if match.slot_a is None or match.slot_b is None:
        return sheet
    try:
        state = play.state_of(match)
    except RuleViolation as violation:
        sheet["violation"] = translate(violation)
        return sheet
    sheet.update(state=state, prompt=state.prompt(), rules=state.rules)
    return sheet


def side_names(match: MatchRow | None) -> dict:
    """{"a": name, "b": name} of a match's entrants, to name sides in messages."""
    if match is None:
        return {}
    entrants = standings.names(match.bracket.phase.event_id)
    return {side: entrants[i].name for side, i in (("a", match.slot_a), ("b", match.slot_b)) if i in entrants}


def match_names(match: MatchRow | None) -> dict:
    """Side codes and the bracket's match keys, each to the words people read."""
    if match is None:
        return {}
    from .round_names import match_title  # the reader's words for a key (Babel, per request)
    return {**{m.key: match_title(m) for m in match.bracket.matches}, **side_names(match)}


def translate_outcome(outcome, match: MatchRow | None = None) -> str | None:
    """An operation outcome's message in the reader's language, sides and matches named."""
    if not outcome.message:
        return None
    return translate(outcome, match_names(match))
