"""A match's result in start.gg's terms, and a set as start.gg holds it, in one shape to compare.

The shape (a "body") names entrants, characters and stages by start.gg's ids only, and keeps each game's
scores by entrant, not by slot, because which entrant is start.gg's "entrant 1" is start.gg's to say:
``variables`` turns a body into what ``reportBracketSet`` takes once the set's slots are read.

    {"winnerId": "E", "isDQ": False,
     "games": [{"gameNum": 1, "winnerId": "E", "scores": {"E": 3, "F": 1}, "stageId": "S" | None,
                "selections": [{"entrantId": "E", "characterId": "C"}, ...]}]}

A walkover or a disqualification is ``isDQ`` with no games, as start.gg takes it.
"""
from ...models import MatchRow
from ...tournament.play.report import team
from ..exports import match_records

COMPLETED = 3  # start.gg's set state for a finished set


class Ids:
    """What one link knows of the other side: entrants, characters and stages by taikai's key."""

    def __init__(self, entrants: dict, characters: dict, stages: dict, title):
        self.entrants, self.characters, self.stages, self.title = entrants, characters, stages, title

    def character(self, value: str) -> str | None:
        return _remote(self.title.character(value), self.characters)

    def stage(self, value: str) -> str | None:
        return _remote(self.title.stage(value), self.stages)


def _remote(entry, known: dict) -> str | None:
    if entry is None:
        return None
    if entry.key in known:
        return known[entry.key]
    return str(entry.startgg_id) if entry.startgg_id else None


def body_of(match: MatchRow, entrants: dict, ids: Ids) -> dict | None:
    """The result start.gg should hold for this match; None while it is undecided (or has no two sides)."""
    if match.winner_id is None or match.slot_a is None or match.slot_b is None:
        return None
    rec = match_records.record(match, entrants)
    a, b = ids.entrants.get(match.slot_a), ids.entrants.get(match.slot_b)
    winner = ids.entrants.get(match.winner_id)
    if not (a and b and winner):
        return None
    if rec.not_played:
        return {"winnerId": winner, "isDQ": True, "games": []}
    return {"winnerId": winner, "isDQ": False, "games": [_game(g, a, b, ids) for g in rec.games]}


def _game(game, a: str, b: str, ids: Ids) -> dict:
    scores = {a: game.rounds[0], b: game.rounds[1]} if any(game.rounds) else {}
    # Each character of a side, in order (KOF XV's three, 2XKO's two): start.gg keeps a side's selections
    # in the order given.
    picks = [(a, c) for c in team(game.char_a)] + [(b, c) for c in team(game.char_b)]
    selections = [{"entrantId": e, "characterId": ids.character(c)} for e, c in picks if ids.character(c)]
    return {"gameNum": game.number, "winnerId": {"a": a, "b": b}.get(game.winner or ""), "scores": scores,
            "stageId": ids.stage(game.stage) if game.stage else None, "selections": selections}


def held(set_data: dict | None) -> dict | None:
    """What start.gg holds for a set (its ``SET_NOW`` answer) in the same shape; None if not completed."""
    if not set_data or set_data.get("state") != COMPLETED or set_data.get("winnerId") is None:
        return None
    slots = [_id((s.get("entrant") or {}).get("id")) for s in set_data.get("slots") or []]
    dq = any(_score(s) == -1 for s in set_data.get("slots") or [])
    games = [] if dq else [_held_game(g, slots) for g in set_data.get("games") or []]
    return {"winnerId": _id(set_data["winnerId"]), "isDQ": dq, "games": sorted(games, key=lambda g: g["gameNum"])}


def _held_game(game: dict, slots: list) -> dict:
    pairs = zip(slots, (game.get("entrant1Score"), game.get("entrant2Score")), strict=False)
    scores = {e: s for e, s in pairs if e and s is not None}
    selections = [{"entrantId": _id((s.get("entrant") or {}).get("id")), "characterId": _id((s.get("character")
                   or {}).get("id"))} for s in game.get("selections") or [] if s.get("character")]
    return {"gameNum": game.get("orderNum"), "winnerId": _id(game.get("winnerId")), "scores": scores,
            "stageId": _id((game.get("stage") or {}).get("id")), "selections": selections}


def _score(slot: dict):
    return ((((slot.get("standing") or {}).get("stats") or {}).get("score")) or {}).get("value")


def _id(value) -> str | None:
    return None if value is None else str(value)


def same(ours: dict | None, theirs: dict | None) -> bool:
    """Whether two bodies say the same (selections in any order)."""
    return _canonical(ours) == _canonical(theirs)


CALLED = {"called": True}  # a set called to its station, not decided: start.gg's "in progress"


def _canonical(body: dict | None):
    if body is None or "called" in body:
        return body
    # Scores sorted by entrant: taikai lists a game's sides a, b; start.gg its slots, in its own order.
    games = [{**g, "scores": sorted((k, int(v)) for k, v in g["scores"].items()),
              "selections": sorted((s["entrantId"], s["characterId"]) for s in g["selections"])}
             for g in body["games"]]
    return body["winnerId"], bool(body["isDQ"]), sorted((g["gameNum"], repr(sorted(g.items()))) for g in games)


def variables(set_id: str, body: dict, slots: list) -> dict:
    """reportBracketSet's arguments for a body, entrant scores placed by the set's slot order."""
    first, second = (slots + [None, None])[:2]
    data = []
    for g in body["games"]:
        picks = [{"entrantId": s["entrantId"], "characterId": int(s["characterId"])} for s in g["selections"]]
        game = {"gameNum": g["gameNum"], "winnerId": g["winnerId"], "selections": picks}
        if g["scores"]:
            game["entrant1Score"], game["entrant2Score"] = g["scores"].get(first), g["scores"].get(second)
        if g["stageId"]:
            game["stageId"] = g["stageId"]
        data.append(game)
    return {"setId": set_id, "winnerId": body["winnerId"], "isDQ": body["isDQ"], "gameData": data}


def slot_entrants(set_data: dict | None) -> list:
    """The set's entrants in slot order (start.gg's entrant 1, entrant 2)."""
    return [_id((s.get("entrant") or {}).get("id")) for s in (set_data or {}).get("slots") or []]
