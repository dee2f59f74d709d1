"""An event's or a phase's results as Open Bracket Format v1.0 (openbracketformat/openbracketformat).

Public data only, as the standings page shows it: entrants' names, readings, seeds, placements
and team members; every set with its result, score, round name, best-of and games. A team match
(kachinuki, point format) names the two members of each game under the game's ``other`` (the
format has no field for them). A set lost by walkover or disqualification is ``dq`` for the side
that did not play (OBF's word for it) and says which under the set's ``other``. OBF v1.0 has no
"withdrawn": a withdrawal keeps the result ``dq`` (its only documented value for a side that did not
play) and is said as ``withdrawn`` (not ``disqualified``) under the set's and the entrant's ``other``. Sets link to the
sets before and after them (``entrant1PrevSetID`` / ``entrant1NextSetID``), so the bracket's shape
can be read back. The schema is vendored with the tests that validate against it.
"""
from ...models import Event, Phase
from ...tournament.play.report import team
from ..matches import play
from ..reads import standings
from ..reads.round_names import match_title, round_name
from ..reads.set_links import Links
from ..setup import game_catalogue
from . import match_records

VERSION = "v1.0"
STRUCTURES = {"single_elimination": "single-elim", "double_elimination": "double-elim",
              "round_robin": "round-robin", "swiss": "swiss", "kgp_finals": "kgp-finals", "pairs": "pairs"}


def event_document(event: Event, lang: str) -> dict:
    """The whole event: every phase's sets, the event's final placements."""
    phases = [p for p in event.phases if p.brackets]
    placed = {e.id: rank for rank, _to, e in standings.event_standings(event)}
    return _document(event, phases, placed, lang)


def phase_document(phase: Phase, lang: str) -> dict:
    """One phase: its sets, its own placements (a phase of one bracket; pools place within a pool)."""
    placed = {}
    if len(phase.brackets) == 1:
        placed = {e.id: rank for rank, _to, e in standings.phase_placements(phase)[0][1] if e is not None}
    return _document(phase.event, [phase], placed, lang)


def _document(event: Event, phases: list[Phase], placed: dict, lang: str) -> dict:
    entrants = standings.names(event.id)
    title = game_catalogue.event_title(event)
    sets = [s for phase in phases for s in _phase_sets(phase, entrants, title, lang)]
    shown = sorted({int(s[k]) for s in sets for k in ("entrant1ID", "entrant2ID") if k in s} | set(placed))
    head = {"name": event.name, "gameName": title.title(lang), "ruleset": event.ruleset,
            "numberEntrants": len(shown),
            "phases": [{"phaseID": str(p.id), "phaseStructure": STRUCTURES.get(p.format, p.format),
                        "other": {"name": p.name, "matchType": p.match_type}} for p in phases],
            "other": {"slug": event.slug, "entrantKind": event.entrant_kind, "teamSize": event.team_size}}
    if event.day:
        head["date"] = event.day.isoformat()
    if len(phases) == 1:
        head["tournamentStructure"] = STRUCTURES.get(phases[0].format, phases[0].format)
    return {"version": VERSION, "event": head, "sets": sets,
            "entrants": [entrant_of(entrants[i], placed.get(i)) for i in shown if i in entrants]}


def entrant_of(entrant, placement: int | None) -> dict:
    """An OBF Entrant: tag, seed, placement, one personalInformation per member (or the player)."""
    people = [{"tag": m.name, "other": {"reading": m.reading or ""}} for m in entrant.members]
    if not people or len(people) == 1 and people[0]["tag"] == entrant.name:
        people = [{"tag": entrant.name, "other": {"reading": entrant.reading or ""}}]
    out = {"entrantID": str(entrant.id), "entrantTag": entrant.name, "personalInformation": people,
           "other": {"reading": entrant.reading or "", "disqualified": bool(entrant.dq) and not withdrew(entrant),
                     "withdrawn": bool(entrant.dq) and withdrew(entrant),
                     "teamMembers": [m.name for m in entrant.members]}}
    if entrant.seed and entrant.seed > 0:
        out["initialSeed"] = entrant.seed
    if placement:
        out["finalPlacement"] = placement
    return out


def _phase_sets(phase: Phase, entrants: dict, title, lang: str) -> list[dict]:
    out = []
    for row in phase.brackets:
        links = Links(row.matches)
        for match in match_records.played(row.matches):
            out.append(set_of(match_records.record(match, entrants), links, phase, title, lang))
    return out


def set_of(rec, links: Links, phase: Phase, title, lang: str) -> dict:
    """An OBF Set from a match record."""
    match = rec.match
    ids = {row.key: row.id for row in links.by_key.values()}
    out = {"setID": str(match.id), "status": _status(match), "phaseID": str(phase.id),
           "roundID": round_name(match) or match_title(match), "setFormat": f"best of {play.best_of_for(match)}",
           "games": [_game(g, title, lang) for g in rec.games],
           "other": {"name": match_title(match), "key": match.key, "side": match.side, "round": match.round,
                     "group": match.bracket.label or "", "walkover": rec.how in ("walkover", "dq"),
                     "disqualified": rec.how == "dq" and not _loser_withdrew(rec),
                     "withdrawn": rec.how == "dq" and _loser_withdrew(rec),
                     "forfeit": rec.decided_by, "matchType": phase.match_type}}
    for n, side, slot in ((1, "a", 0), (2, "b", 1)):
        entrant = rec.a if side == "a" else rec.b
        if entrant is not None:
            out[f"entrant{n}ID"] = str(entrant.id)
        _link(out, f"entrant{n}PrevSetID", links.previous(match.key, slot), ids)
        _link(out, f"entrant{n}NextSetID", links.next_of(match, side), ids)
        if rec.result(side):
            out[f"entrant{n}Result"] = rec.result(side)
    if rec.score is not None and rec.how != "walkover":
        out["entrant1Score"], out["entrant2Score"] = int(rec.score[0]), int(rec.score[1])
    return out


def withdrew(entrant) -> bool:
    """Out by their own withdrawal (棄権), not by the desk's disqualification."""
    return bool((getattr(entrant, "info", None) or {}).get("withdrawn"))


def _loser_withdrew(rec) -> bool:
    loser = next((e for e in (rec.a, rec.b) if e is not None and e.id == rec.match.loser_id), None)
    return loser is not None and withdrew(loser)


def _link(out: dict, field: str, key: str | None, ids: dict) -> None:
    if key is not None and key in ids:
        out[field] = str(ids[key])


def _status(match) -> str:
    if match.winner_id is not None or match.status == "done":
        return "completed"
    return "started" if match.actions else "pending"


def character_name(title, value: str, lang: str) -> str:
    """A stored character or stage in the export's language (free text as typed)."""
    entry = title.character(value) or title.stage(value)
    return entry.name(lang) if entry is not None else value


def _game(game, title, lang: str) -> dict:
    out = {"gameNumber": game.number, "other": {}}
    if game.char_a:  # a side's characters in order (KOF XV: three, 2XKO: a duo)
        out["entrant1Characters"] = [character_name(title, c, lang) for c in team(game.char_a)]
    if game.char_b:
        out["entrant2Characters"] = [character_name(title, c, lang) for c in team(game.char_b)]
    if game.stage:
        out["stage"] = character_name(title, game.stage, lang)
    if game.winner in ("a", "b"):
        out["entrant1Result"] = "win" if game.winner == "a" else "lose"
        out["entrant2Result"] = "win" if game.winner == "b" else "lose"
    else:
        out["entrant1Result"] = out["entrant2Result"] = "draw"
    if game.member_a or game.member_b:
        out["other"].update(entrant1Player=game.member_a, entrant2Player=game.member_b)
    if game.decided_by:
        out["other"]["decidedBy"] = game.decided_by
    return out
