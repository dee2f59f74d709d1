"""One player across the events of this taikai: where they placed, whom they played, with what.

A player is matched across events by name and reading (the one rule, decided here): the names
must be the same once width, kana and case are folded (textsearch.fold, as the player search
folds them), and the readings must agree where both events recorded one (an event without a
reading does not split a player; two different readings of one written name are two people,
健 as けん and as たけし). In a 1-on-1 event the player is the entrant; in a team event, a
member of a team, whose games are those they played themselves (the team's result is shown
beside). There are no accounts behind it: two people entered under one name and reading are
one line here, as on a start.gg page without accounts.
"""
from dataclasses import dataclass, field

from sqlalchemy import select

from ...extensions import db
from ...models import Entrant, Event, Member
from ...tournament.textsearch import fold
from ..entrants.entrant_lists import normalize_name
from ..exports import match_records
from . import standings
from .round_names import match_title

MOST_EVENTS = 50
MOST_SUGGESTED = 20


@dataclass
class Played:
    """One match of the player's: the phase and match name, the opponent, won or lost, the games."""

    match_id: int
    phase: str
    name: str
    opponent: str
    result: str          # win | lose | dq | draw | ""
    score: tuple | None
    characters: list = field(default_factory=list)


@dataclass
class Appearance:
    """The player in one event: as which entrant (a team, or themselves), the placing, the matches."""

    event: Event
    entrant: Entrant
    team: str            # the team's name in a team event, else ""
    rank: tuple | None   # (rank, rank_to) in the event's standings
    matches: list = field(default_factory=list)
    characters: list = field(default_factory=list)


def same_reading(one: str, other: str) -> bool:
    """Readings agree when either is missing or both fold alike."""
    return not one or not other or fold(one) == fold(other)


def _candidates(name: str) -> list[tuple[Entrant, str, str]]:
    """(entrant, member name or "", reading) of every entrant or team member of this name, any event:
    the folded name looked up in its index (entrant.name_key, member.name_key)."""
    wanted = fold(normalize_name(name))
    entrants = db.session.scalars(select(Entrant).join(Event, Event.id == Entrant.event_id)
                                  .where(Entrant.name_key == wanted, Event.entrant_kind != "team")).all()
    found = [(e, "", e.reading or "") for e in entrants]
    members = db.session.scalars(select(Member).join(Entrant, Entrant.id == Member.entrant_id)
                                 .join(Event, Event.id == Entrant.event_id)
                                 .where(Member.name_key == wanted, Event.entrant_kind == "team")).all()
    return found + [(m.entrant, m.name, m.reading or "") for m in members]


def history(name: str, reading: str = "") -> list[Appearance]:
    """The player's appearances, newest event first."""
    if not name.strip():
        return []
    found = [(e, member) for e, member, r in _candidates(name) if same_reading(reading, r)]
    found.sort(key=lambda pair: (pair[0].event.day is None, -(pair[0].event.day.toordinal() if pair[0].event.day
                                                                else 0), -pair[0].event_id))
    return [_appearance(entrant, member) for entrant, member in found[:MOST_EVENTS]]


def _appearance(entrant: Entrant, member: str) -> Appearance:
    event = entrant.event
    rank = next(((r, t) for r, t, e in standings.event_standings(event) if e.id == entrant.id), None)
    out = Appearance(event, entrant, entrant.name if member else "", rank)
    names = standings.names(event.id)
    for phase in event.phases:
        for row in phase.brackets:
            for m in match_records.played(row.matches):
                if entrant.id in (m.slot_a, m.slot_b):
                    out.matches.append(_played(match_records.record(m, names), entrant, member, phase.name))
    for played in out.matches:
        out.characters += [c for c in played.characters if c not in out.characters]
    return out


def _played(rec, entrant: Entrant, member: str, phase: str) -> Played:
    side = "a" if rec.match.slot_a == entrant.id else "b"
    them = rec.b if side == "a" else rec.a
    score = rec.score if side == "a" or rec.score is None else (rec.score[1], rec.score[0])
    chars = []
    for game in rec.games:
        who, char = (game.member_a, game.char_a) if side == "a" else (game.member_b, game.char_b)
        if char and char not in chars and (not member or who == member):
            chars.append(char)
    return Played(rec.match.id, phase, match_title(rec.match), them.name if them else "", rec.result(side) or "",
                  score, chars)


def suggestions(query: str) -> list[tuple[str, str]]:
    """(name, reading) of players whose name or reading begins with the query (kana, width and case
    folded), one line each, in あいうえお order: the page offers them when no name matches exactly.
    Read through the folded names' and readings' indexes, MOST_SUGGESTED at most of each kind."""
    key = fold(query)
    if not key:
        return []
    pattern = key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    rows = []
    for model, team in ((Entrant, False), (Member, True)):
        for column in (model.name_key, model.reading_key):
            query_rows = select(model.name, model.reading).where(  # a range the index reads, then the prefix itself
                column >= key, column < key + "\uffff", column.like(pattern, escape="\\"))
            query_rows = _of_kind(query_rows, model, team).order_by(column).limit(MOST_SUGGESTED)
            rows += db.session.execute(query_rows).all()
    found = {(n, r or "") for n, r in rows}
    return sorted(found, key=lambda pair: (fold(pair[1] or pair[0]), pair[0]))[:MOST_SUGGESTED]


def _of_kind(query, model, team: bool):
    """Players of 1-on-1 events as entrants, of team events as members."""
    if model is Member:
        query = query.join(Entrant, Entrant.id == Member.entrant_id)
    query = query.join(Event, Event.id == Entrant.event_id)
    return query.where(Event.entrant_kind == "team" if team else Event.entrant_kind != "team")


def link_args(name: str, reading: str = "") -> dict:
    """The page's query for a player (what the standings and search link with)."""
    return {"name": name, "reading": reading} if reading else {"name": name}
