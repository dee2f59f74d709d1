"""What the read API (/api/v1/) answers, as plain data: the public side of events, brackets,
pools, standings, entrants, stations and one match's play.

Only what the public pages show leaves here: names, readings, seeds, team members and their
characters, results and games; never an account, a PIN, a device, a desk note or the
reception's own fields (an entrant's ``info``). webapp/api/schemas.py names each field (and
the OpenAPI document is made from those schemas), so a field not listed there is not answered.
"""
from ...models import Event, Phase
from ...tournament.errors import RuleViolation
from ...tournament.play.report import team
from ..day import stations
from ..exports import match_records
from ..matches import play, pool_tables, swiss_rounds
from ..stream import match_live
from . import standings
from .round_names import match_title, round_name


def event_summary(event: Event) -> dict:
    """An event and its phases, without their matches."""
    return {"slug": event.slug, "name": event.name, "game": event.game or "", "ruleset": event.ruleset,
            "day": event.day, "entrant_kind": event.entrant_kind, "team_size": event.team_size,
            "phases": [phase_summary(p) for p in event.phases]}


def phase_summary(phase: Phase) -> dict:
    return {"id": phase.id, "name": phase.name, "format": phase.format, "match_type": phase.match_type,
            "best_of": phase.best_of, "status": phase.status, "position": phase.position,
            "groups": [row.label for row in phase.brackets]}


def entrant_view(entrant) -> dict:
    return {"id": entrant.id, "name": entrant.name, "reading": entrant.reading or "", "seed": entrant.seed,
            "disqualified": bool(entrant.dq),
            "members": [{"name": m.name, "reading": m.reading or "", "character": m.character or ""}
                        for m in entrant.members]}


def entrants(event: Event) -> list[dict]:
    return [entrant_view(e) for e in sorted(standings.names(event.id).values(), key=lambda e: e.id)]


def event_standings(event: Event) -> list[dict]:
    return [{"rank": rank, "rank_to": rank_to, "entrant_id": e.id, "name": e.name}
            for rank, rank_to, e in standings.event_standings(event)]


def match_view(rec) -> dict:
    """A match: its place in the bracket, its entrants, result, score and games."""
    m = rec.match
    return {"id": m.id, "key": m.key, "side": m.side, "round": m.round, "index": m.index,
            "round_name": round_name(m), "name": match_title(m), "status": m.status,
            "entrant_a": m.slot_a, "entrant_b": m.slot_b, "winner": m.winner_id, "walkover": bool(m.walkover),
            "disqualification": rec.how == "dq", "score": list(rec.score) if rec.score is not None else None,
            "station": m.station or "", "best_of": play.best_of_for(m),
            "games": [{"number": g.number, "winner": g.winner or "", "character_a": g.char_a,
                       "character_b": g.char_b, "stage": g.stage, "player_a": g.member_a, "player_b": g.member_b,
                       "rounds_a": g.rounds[0], "rounds_b": g.rounds[1], "decided_by": g.decided_by,
                       "characters_a": list(team(g.char_a)), "characters_b": list(team(g.char_b))}
                      for g in rec.games], "score_unit": rec.score_unit}


def phase_detail(phase: Phase) -> dict:
    """A phase with each bracket's (group's) matches."""
    names = standings.names(phase.event_id)
    brackets = [{"id": row.id, "label": row.label or "", "format": row.format,
                 "matches": [match_view(match_records.record(m, names)) for m in
                             sorted(row.matches, key=lambda m: (m.round, m.index, m.id)) if m.status != "void"]}
                for row in phase.brackets]
    return {**phase_summary(phase), "brackets": brackets}


def pools(phase: Phase) -> list[dict]:
    """Round-robin cross tables and Swiss standings of a phase's groups."""
    out = [{"label": t.label, "kind": "round_robin", "finished": t.finished, "order": list(t.order),
            "rows": [_cross_row(r) for r in t.rows]} for t in pool_tables.cross_tables(phase, most=len(phase.brackets))]
    for label, rows in swiss_rounds.tables(phase, most=len(phase.brackets)).items():
        out.append({"label": label, "kind": "swiss", "finished": False, "order": [],
                    "rows": [{"entrant_id": r.entrant, "rank": r.rank, "rank_to": r.rank_to, "wins": r.wins,
                              "losses": r.losses, "cells": []} for r in rows]})
    return out


def _cross_row(row) -> dict:
    s = row.standing
    return {"entrant_id": s.entrant, "rank": s.rank, "rank_to": s.rank_to, "wins": s.wins, "losses": s.losses,
            "cells": [[{"match_id": m.match.id, "kind": m.kind, "score": list(m.score) if m.score else None}
                       for m in cell] for cell in row.cells]}


def station_board(event: Event) -> dict:
    """Each station (free, called or playing, and its match), the call queue and the stream queue."""
    regular, stream = stations.queue(event)
    board = [{"name": v.station.name, "stream": bool(v.station.stream), "state": v.state,
              "match_id": v.match.id if v.match is not None else None, "minutes": v.minutes}
             for v in stations.board(event)]
    return {"stations": board, "queue": [_queued(m) for m in regular], "stream_queue": [_queued(m) for m in stream]}


def _queued(m) -> dict:
    return {"match_id": m.id, "name": match_title(m), "phase_id": m.bracket.phase_id,
            "entrant_a": m.slot_a, "entrant_b": m.slot_b}


def live(match) -> dict:
    """One match as a scoreboard shows it: entrants, score, games, who plays now, players left."""
    names = standings.names(match.bracket.phase.event_id)
    rec = match_records.record(match, names)
    out = {**match_view(rec), "phase_id": match.bracket.phase_id, "match_type": match.bracket.phase.match_type,
           "state": stations.match_state(match), "players_left": list(rec.players_left or ()) or None,
           "names": {side: entrant_view(e) if e is not None else None for side, e in (("a", rec.a), ("b", rec.b))},
           "playing": _playing(match, rec), "stream": match_live.live_state(match).to_dict()}
    return out


def _playing(match, rec) -> dict:
    """The member each side has on now (a team match), by name."""
    if rec.a is None or rec.b is None or not match.actions or match.winner_id is not None:
        return {"a": "", "b": ""}
    try:
        state = play.state_of(match)
    except RuleViolation:  # a record the desk must look at: nobody named
        return {"a": "", "b": ""}
    members = {m.id: m.name for e in (rec.a, rec.b) for m in e.members}
    return {"a": members.get(state.a.current, ""), "b": members.get(state.b.current, "")}
