"""One match's live state, and the match a station shows now: what leaves for the stream.

The stream scoreboard (the TournamentStreamHelper push, webapp/stream/pusher.py), the overlay of our
own (views/public/overlay.py) and the read API all read a match through this one plain shape, so the
stream shows what the pages show: the round named as the pages name it (round_names), the score
as the engine counts it (play.state_of), the characters as the phones recorded them.

A station's match is the one the desk called there or that is played there (stations.on_stations:
the match in play first, else the first called); when nothing is on it, the last match decided
there, so the stream keeps the final score on screen until the next call.
"""
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone

from flask_babel import force_locale
from sqlalchemy import select

from ...database import as_utc
from ...extensions import db
from ...models import BracketRow, Entrant, Event, MatchRow, Phase, Station
from ...tournament import play as domain_play
from ...tournament.errors import RuleViolation
from ...tournament.play import MATCH_TYPES
from ..day import stations
from ..day.station_names import station_key
from ..matches import play
from ..reads import round_names
from .romaji import romaji


@dataclass
class LiveMember:
    """A player of a side (the one player of a 1-on-1 entrant, or a team's member)."""

    id: int
    name: str
    reading: str
    romaji: str
    character: str = ""      # the registered character, as stored ("" when free)
    out: bool = False        # kachinuki: knocked out
    playing: bool = False    # kachinuki: the member on now


@dataclass
class LiveSide:
    """One side of the match: the entrant, its members, its score."""

    entrant_id: int | None
    name: str
    reading: str
    romaji: str
    team: bool
    members: list[LiveMember] = field(default_factory=list)
    score: int = 0
    losers: bool = False              # came through the losers side ([L] on the stream)
    players_left: int | None = None   # kachinuki: members not knocked out
    winner: bool = False
    dq: bool = False


@dataclass
class LiveGame:
    """One recorded game, with the match's score after it."""

    number: int
    char_a: str
    char_b: str
    member_a: int | None
    member_b: int | None
    winner: str | None    # "a", "b", or None (a double K.O.)
    score_a: int
    score_b: int


@dataclass
class MatchLive:
    """A match as the stream shows it."""

    match_id: int
    version: int
    event_slug: str
    event_name: str
    game: str                 # the event's catalogue key
    phase: str
    round: str                # "Winners semifinals", "Losers round 3" (the reader's language)
    title: str                # the match's own name ("Winners round 2, match 3")
    best_of: int
    match_type: str
    kachinuki: bool
    losers_side: bool         # the match is on the losers side (or a grand final)
    status: str               # waiting | called | playing | done
    station: str
    a: LiveSide
    b: LiveSide
    games: list[LiveGame] = field(default_factory=list)
    winner: str | None = None

    def to_dict(self) -> dict:
        """A JSON-able form (the read API's and the overlay's)."""
        return asdict(self)


def _entrant_side(entrant: Entrant | None, team: bool, losers: bool) -> LiveSide:
    if entrant is None:
        return LiveSide(None, "", "", "", team, losers=losers)
    members = [LiveMember(m.id, m.name, m.reading or "", romaji(m.reading or ""), m.character or "")
               for m in entrant.members]
    return LiveSide(entrant.id, entrant.name, entrant.reading or "", romaji(entrant.reading or ""), team,
                    members, losers=losers, dq=bool(entrant.dq))


def _losers(match: MatchRow) -> tuple[bool, bool]:
    """Which sides carry [L]: both on the losers side and in a grand final reset; in the first
    grand final the losers-side winner, who comes in on slot b (formats/double_elimination)."""
    if match.side == "L":
        return True, True
    if match.side == "GF":
        return match.round > 1, True
    return False, False


def _state(match: MatchRow):
    if match.slot_a is None or match.slot_b is None:
        return None
    try:
        return play.state_of(match)
    except RuleViolation:  # recorded play that no longer replays: the desk's page says why
        return None


def _scores_after_games(match: MatchRow, state) -> list[tuple[int, int]]:
    """The match's score after each game, as the engine counted it then (a prefix replay)."""
    setup, actions, scores = play.setup_for(match), list(match.actions or []), []
    for game in state.games:
        try:
            scores.append(domain_play.replay(setup, actions[:game.at + 1]).score if game.at >= 0 else state.score)
        except RuleViolation:
            scores.append(state.score)
    return scores


def _apply_play(live: MatchLive, match: MatchRow, state) -> None:
    live.a.score, live.b.score = state.score
    live.winner = state.winner
    live.a.winner, live.b.winner = state.winner == "a", state.winner == "b"
    scores = _scores_after_games(match, state)
    live.games = [LiveGame(i + 1, g.char_a, g.char_b, g.member_a, g.member_b, g.winner, *scores[i])
                  for i, g in enumerate(state.games)]
    for side_name in ("a", "b"):
        side, roster = getattr(live, side_name), state.side(side_name)
        for member in side.members:
            member.out, member.playing = member.id in roster.out, member.id == roster.current
        if live.kachinuki:
            side.players_left = len(state.members_in(side_name))


def live_state(match: MatchRow, language: str | None = None) -> MatchLive:
    """The match as the stream shows it: round and match names in ``language`` (the reader's
    language when None; a background worker has no reader and names one)."""
    if language is not None:
        with force_locale(language):
            return live_state(match)
    phase = match.bracket.phase
    event = phase.event
    team = event.entrant_kind == "team"
    losers_a, losers_b = _losers(match)
    kachinuki = bool(getattr(MATCH_TYPES.get(phase.match_type), "roll_call", False))
    live = MatchLive(match.id, match.version, event.slug, event.name, event.game or "", phase.name,
                     round_names.round_name(match), round_names.match_title(match), play.best_of_for(match),
                     phase.match_type, kachinuki, match.side in ("L", "GF"), stations.match_state(match),
                     match.station or "", _entrant_side(_entrant(match.slot_a), team, losers_a),
                     _entrant_side(_entrant(match.slot_b), team, losers_b))
    state = _state(match)
    if state is not None:
        _apply_play(live, match, state)
    elif match.status == "done" and match.winner_id:  # a walkover: no games, a winner
        live.winner = "a" if match.winner_id == match.slot_a else "b"
        live.a.winner, live.b.winner = live.winner == "a", live.winner == "b"
    return _swapped(live) if _reset_flips(match) else live


def _reset_flips(match: MatchRow) -> bool:
    """A grand final reset whose slots are the first grand final's the other way round: the
    stream keeps each player on the side they had (TSH's team 1 stays team 1)."""
    if match.side != "GF" or match.round < 2 or match.slot_a is None:
        return False
    first = next((m for m in match.bracket.matches if m.side == "GF" and m.round == 1), None)
    return first is not None and (first.slot_a, first.slot_b) == (match.slot_b, match.slot_a)


def _swapped(live: MatchLive) -> MatchLive:
    flip = {"a": "b", "b": "a"}
    live.a, live.b = live.b, live.a
    live.winner = flip.get(live.winner, live.winner)
    live.games = [LiveGame(g.number, g.char_b, g.char_a, g.member_b, g.member_a, flip.get(g.winner, g.winner),
                           g.score_b, g.score_a) for g in live.games]
    return live


def _entrant(entrant_id: int | None) -> Entrant | None:
    return db.session.get(Entrant, entrant_id) if entrant_id else None


def find_station(event: Event, name: str) -> Station | None:
    """The event's station as people name it ("2", "2番台", "配信")."""
    key = station_key(name or "")
    return next((s for s in stations.event_stations(event) if station_key(s.name) == key), None)


def _on_station(event: Event, name: str):
    return (select(MatchRow).join(BracketRow, BracketRow.id == MatchRow.bracket_id)
            .join(Phase, Phase.id == BracketRow.phase_id)
            .where(Phase.event_id == event.id, MatchRow.station == name))


def station_match(event: Event, station: Station) -> MatchRow | None:
    """What the station shows now: the match played there, else the one called there, else the
    last match decided there; None before its first call."""
    ready = db.session.scalars(_on_station(event, station.name).where(MatchRow.status == "ready")).all()
    if ready:
        return min(ready, key=lambda m: (not stations.is_playing(m), m.called_at is None, _moment(m.called_at), m.id))
    return db.session.scalars(_on_station(event, station.name).where(MatchRow.status == "done")
                              .order_by(MatchRow.updated_at.desc(), MatchRow.id.desc()).limit(1)).first()


def _moment(moment: datetime | None) -> datetime:
    """A call time made comparable (SQLite gives naive UTC times back, PostgreSQL aware ones)."""
    if moment is None:
        return datetime.min.replace(tzinfo=timezone.utc)
    return as_utc(moment)


def station_live(event: Event, station: Station, language: str | None = None) -> MatchLive | None:
    """The live state of what the station shows now (None before its first call)."""
    match = station_match(event, station)
    return live_state(match, language) if match is not None else None


def next_on_stream(event: Event, limit: int = 3, language: str | None = None) -> list[MatchLive]:
    """The next matches for the stream: the stream queue, or, while it is empty and the event's
    stream station takes ordinary matches (stations.stream_takes_regular), the ordinary queue."""
    regular, stream = stations.queue(event)
    line = stream or (regular if stations.stream_takes_regular(event) else [])
    return [live_state(m, language) for m in line[:limit]]
