"""An event's or a phase's sets in start.gg's shape, as rankings tools and offline reporters read it.

Each set carries what start.gg's ``reportBracketSet`` takes (``winnerId``, ``isDQ``, ``gameData``
of ``gameNum``, ``winnerId``, ``entrant1Score``, ``entrant2Score``, ``stageId``, ``selections`` of
``entrantId`` and ``characterId``) and what its sets read back (``round``, negative on the losers
side; ``fullRoundText``; ``phaseGroup``). Ids are taikai's own (this is not start.gg's database):
a character's or stage's ``characterId``/``stageId`` is start.gg's where the game catalogue knows
it, else the name is given as ``characterName``/``stageName``. A set lost by walkover or
disqualification is ``isDQ`` with the loser's score -1, as start.gg shows a DQ. A team match
names the member of each side in every game (``entrant1Player``, ``entrant2Player``).
"""
from ...models import Event, Phase
from ..matches import play
from ..reads import standings
from ..reads.round_names import match_title, round_name
from ..setup import game_catalogue
from . import match_records, startgg_rounds

# What this file is: taikai's own record in start.gg's words, not a call start.gg takes (its ids are
# taikai's; a linked event's results go to start.gg through services/ties, with start.gg's ids only).
SHAPE = {"shape": "taikai", "note": "taikai's own shape with start.gg's field names: ids are taikai's, "
         "not start.gg's; an event linked to start.gg reports its sets there itself (reportBracketSet)."}


def event_document(event: Event, lang: str) -> dict:
    """Every phase's sets."""
    return _document(event, [p for p in event.phases if p.brackets], lang)


def phase_document(phase: Phase, lang: str) -> dict:
    """One phase's sets."""
    return _document(phase.event, [phase], lang)


def _document(event: Event, phases: list[Phase], lang: str) -> dict:
    title = game_catalogue.event_title(event)
    entrants = standings.names(event.id)
    sets = [s for p in phases for row in p.brackets for s in _bracket_sets(p, row, entrants, title, lang)]
    used = sorted({s[k] for s in sets for k in ("entrant1Id", "entrant2Id") if s.get(k)})
    return {**SHAPE, "event": {"name": event.name, "slug": event.slug, "videogameId": title.startgg_id,
                      "videogameName": title.title(lang), "startAt": event.day.isoformat() if event.day else None},
            "phases": [{"id": p.id, "name": p.name, "bracketType": p.format.upper()} for p in phases],
            "entrants": [_entrant(entrants[i]) for i in used if i in entrants], "sets": sets}


def _entrant(entrant) -> dict:
    return {"id": entrant.id, "name": entrant.name, "reading": entrant.reading or "", "initialSeedNum": entrant.seed,
            "participants": [{"gamerTag": m.name, "reading": m.reading or ""} for m in entrant.members]}


def _bracket_sets(phase: Phase, row, entrants: dict, title, lang: str) -> list[dict]:
    last_w = max((m.round for m in row.matches if m.side == "W"), default=0)
    spelled = (startgg_rounds.last_rounds(row.matches), any(m.side == "L" for m in row.matches))
    return [set_of(match_records.record(m, entrants), phase, title, lang, last_w, spelled)
            for m in match_records.played(row.matches)]


def start_round(match, last_winners_round: int) -> int:
    """start.gg's round number: losers rounds negative, grand finals after the last winners round."""
    if match.side == "L":
        return -match.round
    if match.side == "GF":
        return last_winners_round + match.round
    return match.round


def set_of(rec, phase: Phase, title, lang: str, last_w: int, spelled: tuple | None = None) -> dict:
    """One set in start.gg's shape (``fullRoundText`` spelled as start.gg does: "Winners Semi-Final")."""
    match = rec.match
    last, double = spelled or (startgg_rounds.last_rounds(match.bracket.matches), False)
    dq = rec.not_played
    text = startgg_rounds.full_round_text(match, last, double) if match.side in ("W", "L", "GF") else ""
    out = {"id": match.id, "phaseId": phase.id, "phaseGroup": match.bracket.label or "",
           "round": start_round(match, last_w), "fullRoundText": text or round_name(match) or match_title(match),
           "identifier": match.key, "bestOf": play.best_of_for(match),
           "entrant1Id": match.slot_a, "entrant2Id": match.slot_b, "winnerId": match.winner_id, "isDQ": dq,
           "state": 3 if match.winner_id is not None else (2 if match.actions else 1),
           "entrant1Score": None, "entrant2Score": None,
           "gameData": [_game(g, match, title, lang) for g in rec.games]}
    if dq and match.winner_id is not None:
        won_a = match.winner_id == match.slot_a
        out["entrant1Score"], out["entrant2Score"] = (0, -1) if won_a else (-1, 0)
    elif rec.score is not None:
        out["entrant1Score"], out["entrant2Score"] = int(rec.score[0]), int(rec.score[1])
    return out


def _selection(title, entrant_id, value: str, lang: str) -> dict:
    entry = title.character(value)
    if entry is not None and entry.startgg_id:
        return {"entrantId": entrant_id, "characterId": entry.startgg_id}
    return {"entrantId": entrant_id, "characterName": entry.name(lang) if entry is not None else value}


def _game(game, match, title, lang: str) -> dict:
    winner = {"a": match.slot_a, "b": match.slot_b}.get(game.winner or "")
    out = {"gameNum": game.number, "winnerId": winner,
           "entrant1Score": game.rounds[0], "entrant2Score": game.rounds[1],
           "selections": [_selection(title, e, c, lang) for e, c in ((match.slot_a, game.char_a),
                                                                     (match.slot_b, game.char_b)) if c]}
    stage = title.stage(game.stage) if game.stage else None
    if stage is not None and stage.startgg_id:
        out["stageId"] = stage.startgg_id
    elif game.stage:
        out["stageName"] = stage.name(lang) if stage is not None else game.stage
    if game.member_a or game.member_b:
        out["entrant1Player"], out["entrant2Player"] = game.member_a, game.member_b
    return out
