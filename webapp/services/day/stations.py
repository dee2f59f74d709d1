"""Stations and the call queue: which ready match goes to which free station.

A match is *on* a station when its ``station`` names it; the station is *called* until
the first game (or roll call) is entered, then *playing*, and *free* again when the match
is decided. Nothing here writes a call: the desk, a phone or auto-call sends a
``set_station`` operation (see webapp/operations/), so every call is in the log and works offline.

Auto-call runs inside the transaction of the operation that freed a station or finished a
match (and when the desk adds a station or switches auto-call on): the queue is read again
and the next matches are called to the free stations, each as its own logged operation.
"""
import math
from dataclasses import dataclass
from datetime import datetime

from ...database import as_utc, utcnow
from ...extensions import db
from ...models import Entrant, Event, MatchRow, Phase, Station
from ...tournament.errors import N_
from ...tournament.play import MATCH_TYPES
from .. import ServiceError
from ..accounts import audit
from ..entrants.entrant_lists import normalize_name
from ..entries import access
from .station_names import station_key

DEFAULT_NO_SHOW_MINUTES = 10   # neither ruleset names a limit: the desk sees and can change it
DEFAULT_MATCH_MINUTES = 15     # for estimates until matches of the day have been timed
SIDE_ORDER = {"W": 0, "P": 0, "Q": 0, "L": 1, "3P": 2, "GF": 3, "F": 3}


@dataclass
class StationView:
    """One line of the station board."""

    station: Station
    state: str                 # free | called | playing
    match: MatchRow | None
    minutes: int | None        # since the call
    limit: int | None          # the no-show limit of the match's phase
    over: bool                 # called, nothing entered, and past the limit
    clash: tuple = ()          # other ready matches on this station (two calls or claims crossed)


def event_stations(event: Event) -> list[Station]:
    """The event's stations in board order."""
    return (db.session.query(Station).filter_by(event_id=event.id)
            .order_by(Station.position, Station.id).all())


def _existing(event: Event, name: str) -> Station | None:
    key = station_key(name)
    return next((s for s in event_stations(event) if station_key(s.name) == key), None)


def add_station(event: Event, name: str, stream: bool = False, user=None) -> Station:
    """Add a station; its name is unique in the event as people read it ("2" and "2番台" are one)."""
    name = normalize_name(name)[:40]
    if station_key(name).isdigit():
        name = station_key(name)  # kept as the number: pages say "2番台" / "Station 2"
    if not name:
        raise ServiceError("station.name", N_("Give the station a name or number."))
    if _existing(event, name) is not None:
        raise ServiceError("station.duplicate", N_("Station %(name)s already exists."), name=name)
    last = max((s.position for s in event_stations(event)), default=0)
    station = Station(event_id=event.id, name=name, stream=stream, position=last + 1)
    db.session.add(station)
    db.session.flush()  # the next station of a range sees this one
    audit.record("station.add", user, event.id, name=name, stream=stream)
    return station


def add_numbered(event: Event, first: int, last: int, stream: bool = False, user=None) -> tuple[list, list]:
    """Stations first..last that do not exist yet; returns (added, already there) as names."""
    added, there = [], []
    for number in range(first, last + 1):
        if _existing(event, str(number)) is not None:
            there.append(str(number))
        else:
            added.append(add_station(event, str(number), stream, user).name)
    return added, there


def remove_station(station: Station, user=None) -> None:
    """Remove a station; a match still on it keeps its station name until it ends."""
    audit.record("station.remove", user, station.event_id, name=station.name)
    db.session.delete(station)


def set_stream(station: Station, stream: bool, user=None) -> None:
    """Make a station a stream station (or not)."""
    station.stream = stream
    audit.record("station.stream", user, station.event_id, name=station.name, stream=stream)


def calling(phase: Phase) -> dict:
    """The phase's calling settings with their defaults."""
    settings = dict(phase.calling or {})
    event_limit = (phase.event.settings or {}).get("no_show_minutes") or DEFAULT_NO_SHOW_MINUTES
    return {"auto_call": bool(settings.get("auto_call")), "auto_walkover": bool(settings.get("auto_walkover")),
            "no_show_minutes": int(settings.get("no_show_minutes") or event_limit),
            "own_minutes": settings.get("no_show_minutes"), "event_minutes": int(event_limit)}


def event_no_show_minutes(event: Event) -> int:
    """The event's no-show limit in minutes (phases without their own limit use it)."""
    return int((event.settings or {}).get("no_show_minutes") or DEFAULT_NO_SHOW_MINUTES)


def _check_minutes(minutes: int | None) -> None:
    if minutes is not None and not 1 <= minutes <= 120:
        raise ServiceError("station.no_show", N_("The no-show limit must be 1 to 120 minutes."))


def set_event_no_show(event: Event, minutes: int | None, user=None) -> None:
    """Save the event's no-show limit (None: the default, 10 minutes)."""
    access.check_desk(user)
    _check_minutes(minutes)
    settings = dict(event.settings or {})  # a new dict: the JSON column sees the change
    if minutes is None:
        settings.pop("no_show_minutes", None)
    else:
        settings["no_show_minutes"] = minutes
    event.settings = settings
    audit.record("event.no_show", user, event.id, no_show_minutes=minutes)


def set_calling(phase: Phase, auto_call: bool, no_show_minutes: int | None, auto_walkover: bool, user=None) -> None:
    """Save a phase's auto-call switch, its own no-show limit (None: the event's) and automatic walkovers."""
    access.check_desk(user)
    _check_minutes(no_show_minutes)
    phase.calling = {"auto_call": auto_call, "auto_walkover": auto_walkover, "no_show_minutes": no_show_minutes}
    audit.record("phase.calling", user, phase.event_id, phase=phase.id, **phase.calling)


def is_playing(match: MatchRow) -> bool:
    """Something was entered for the match (a game, a roll call, a coin toss)."""
    return bool(match.actions)


def match_state(match: MatchRow) -> str:
    """waiting | called | playing | done for a player or the board."""
    if match.status != "ready":
        return "done" if match.status == "done" else "waiting"
    if is_playing(match):
        return "playing"
    return "called" if match.station else "waiting"


def minutes_since(moment: datetime | None, now: datetime | None = None) -> int | None:
    """Whole minutes from a moment to now (None when there is no moment)."""
    if moment is None:
        return None
    return max(0, int((as_utc(now or utcnow()) - as_utc(moment)).total_seconds() // 60))


def running_matches(event: Event) -> list[MatchRow]:
    """Every match of the event's running phases."""
    return [m for p in event.phases if p.status == "running" for b in p.brackets for m in b.matches]


def no_show_over(match: MatchRow, now: datetime | None = None) -> bool:
    """Called, nothing entered yet, and the phase's no-show limit has passed."""
    if match.status != "ready" or not match.station or is_playing(match) or match.called_at is None:
        return False
    return minutes_since(match.called_at, now) >= calling(match.bracket.phase)["no_show_minutes"]


def on_stations(event: Event) -> dict[str, list[MatchRow]]:
    """Station name -> the ready matches on it, the one in play (else the first called) first."""
    on: dict[str, list[MatchRow]] = {}
    for match in running_matches(event):
        if match.status == "ready" and match.station:
            on.setdefault(match.station, []).append(match)
    for matches in on.values():
        matches.sort(key=lambda m: (not is_playing(m), m.called_at is None, as_utc(m.called_at or utcnow()), m.id))
    return on


def clashes(event: Event) -> dict[str, list[MatchRow]]:
    """Stations that two or more ready matches are on (a phone's offline claim crossed a call)."""
    return {name: matches for name, matches in on_stations(event).items() if len(matches) > 1}


def _roll_call(phase) -> bool:
    """Kachinuki keeps the Tekken roll call: no automatic walkover."""
    return getattr(MATCH_TYPES.get(phase.match_type), "roll_call", False)


def due_walkovers(event: Event, now: datetime | None = None) -> list[tuple[MatchRow, int]]:
    """(match, winner) for calls past the no-show limit in phases with automatic walkovers on,
    where exactly one side has checked in at reception: that side wins. Kachinuki keeps the
    Tekken roll call, and when both or neither side checked in the desk decides."""
    due = []
    for match in running_matches(event):
        phase = match.bracket.phase
        if _roll_call(phase) or not calling(phase)["auto_walkover"] or not no_show_over(match, now):
            continue
        present = [e for e in (match.slot_a, match.slot_b) if (row := db.session.get(Entrant, e)) and row.checked_in]
        if len(present) == 1:
            due.append((match, present[0]))
    return due


def board(event: Event, now: datetime | None = None) -> list[StationView]:
    """Each station: free, called (with minutes since the call) or playing; a clash names the others."""
    on = on_stations(event)
    views = []
    for station in event_stations(event):
        match, *others = on.get(station.name) or [None]
        if match is None:
            views.append(StationView(station, "free", None, None, None, False))
            continue
        views.append(StationView(station, match_state(match), match, minutes_since(match.called_at, now),
                                 calling(match.bracket.phase)["no_show_minutes"], no_show_over(match, now),
                                 tuple(others)))
    return views


def queue_key(match: MatchRow) -> tuple:
    """Phase, the pool's wave, round (winners before losers of the same round), bracket, index."""
    phase = match.bracket.phase
    depth = match.round + (1 if match.side == "L" else 0)
    return (phase.position, match.bracket.wave, depth, SIDE_ORDER.get(match.side, 4), match.bracket_id, match.index)


def queue(event: Event) -> tuple[list[MatchRow], list[MatchRow]]:
    """(regular queue, stream queue): ready matches on no station, in calling order."""
    waiting = [m for m in running_matches(event) if m.status == "ready" and not m.station]
    regular = sorted((m for m in waiting if m.stream_rank is None), key=queue_key)
    stream = sorted((m for m in waiting if m.stream_rank is not None), key=lambda m: (m.stream_rank, queue_key(m)))
    return regular, stream


def busy_entrants(event: Event) -> set[int]:
    """Entrants in a match that is on a station (called or playing)."""
    return {e for m in running_matches(event) if m.status == "ready" and m.station
            for e in (m.slot_a, m.slot_b) if e}


def stream_takes_regular(event: Event) -> bool:
    """A stream station with nothing in the stream queue takes the next ordinary match (default on)."""
    return bool((event.settings or {}).get("stream_takes_regular", True))


def set_stream_takes_regular(event: Event, on: bool, user=None) -> None:
    """Save whether an idle stream station takes ordinary matches while its queue is empty."""
    access.check_desk(user)
    event.settings = {**(event.settings or {}), "stream_takes_regular": bool(on)}  # a new dict: the JSON column sees it
    audit.record("event.stream_takes_regular", user, event.id, on=bool(on))


def auto_call_wanted(event: Event) -> bool:
    """Some running phase calls automatically and the event has stations."""
    return (any(p.status == "running" and (p.calling or {}).get("auto_call") for p in event.phases)
            and db.session.query(Station.id).filter_by(event_id=event.id).first() is not None)


def set_stream_queue(event: Event, match_ids: list[int], user=None) -> None:
    """Put exactly these matches in the stream queue, in this order."""
    chosen = {m.id: m for m in running_matches(event) if m.id in match_ids}
    for match in running_matches(event):
        if match.id not in chosen and match.stream_rank is not None:
            match.stream_rank = None
            match.version += 1
    for rank, match_id in enumerate(dict.fromkeys(match_ids), start=1):
        match = chosen.get(match_id)
        if match is not None and match.stream_rank != rank:
            match.stream_rank = rank
            match.version += 1
    audit.record("stream.queue", user, event.id, matches=list(chosen))


def average_minutes(event: Event) -> int:
    """How long a match takes today, from the call to the result (a default until measured)."""
    spans = [minutes_since(m.called_at, m.updated_at) for m in running_matches(event)
             if m.status == "done" and m.called_at and m.updated_at]
    spans = sorted(s for s in spans if s is not None and s > 0)
    return spans[len(spans) // 2] if spans else DEFAULT_MATCH_MINUTES


def estimated_wait(event: Event, match: MatchRow) -> int | None:
    """Minutes until a waiting ready match is likely called (None when it is on a station)."""
    if match.status != "ready" or match.station:
        return None
    regular, stream = queue(event)
    line = stream if match.stream_rank is not None else regular
    stations = [s for s in event_stations(event) if s.stream == (match.stream_rank is not None)]
    if match not in line or not stations:
        return None
    rounds = math.floor(line.index(match) / len(stations))
    free = sum(1 for v in board(event) if v.state == "free" and v.station in stations)
    return 0 if line.index(match) < free else (rounds + 1) * average_minutes(event)
