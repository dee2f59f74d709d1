"""The desk's view of voids waiting for a ruling, and what each choice would do."""
from sqlalchemy import Text, cast, select

from ...extensions import db
from ...models import BracketRow, MatchRow, Phase
from ...tournament import play as domain
from ..matches import play


def _is_void(action: dict) -> bool:
    return action.get("kind") == "penalty" and action.get("game") is not None


def _names(state, side) -> dict:
    return {m.id: m.name for m in state.setup.members(side)}


def _next_up(state) -> list[dict]:
    """Per side: the player who stays on, or that the team names its next player."""
    out = []
    for side in "ab":
        current = state.side(side).current
        out.append({"side": side, "player": _names(state, side).get(current) if current else None})
    return out


def effect_of(state, choice: str) -> dict:
    """What the match would look like after the desk's choice (computed by the rules)."""
    after = domain.apply(state, domain.Ruling(choice, "preview"))
    undone = after.undone[len(state.undone):]
    return {"score": after.score, "finished": after.finished, "next": _next_up(after),
            "undone_games": sum(1 for u in undone if u["kind"] != "name_player"),
            "undone_namings": sum(1 for u in undone if u["kind"] == "name_player")}


def describe(match, state) -> dict:
    """The pending ruling in words the desk page shows: the void, the games, both effects."""
    r = state.ruling
    played = [state.games[i] for i in r["games"]]
    voided = state.games[r["game"]]
    names = {**_names(state, "a"), **_names(state, "b")}
    return {"match": match, "game": r["game"] + 1, "player": names.get(voided.member(r["side"]), "?"),
            "games": [{"number": g.index + 1, "a": names.get(g.member_a, "?"),
                       "b": names.get(g.member_b, "?"), "winner": g.winner} for g in played],
            "replay": effect_of(state, "replay"), "keep": effect_of(state, "keep")}


def pending(event, phase=None) -> list[dict]:
    """Matches of the event (or of one phase) whose void waits for the desk's ruling."""
    out = []
    for match in _with_penalties(event, phase):
        if any(_is_void(a) for a in match.actions):
            state = play.state_of(match)
            if state.ruling is not None:
                out.append(describe(match, state))
    return out


def _with_penalties(event, phase) -> list[MatchRow]:
    """The matches whose actions name a penalty, found by the database: a void is rare, and a
    4,096-player event has eight thousand matches whose actions Python need not read."""
    query = (select(MatchRow).join(BracketRow, BracketRow.id == MatchRow.bracket_id)
             .join(Phase, Phase.id == BracketRow.phase_id).where(Phase.event_id == event.id)
             .where(cast(MatchRow.actions, Text).like('%"penalty"%'))
             .order_by(Phase.position, MatchRow.bracket_id, MatchRow.id))
    if phase is not None:
        query = query.where(Phase.id == phase.id)
    return db.session.scalars(query).all()
