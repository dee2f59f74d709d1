"""When each phase of the day starts and ends, from the matches left and the stations free.

The model: every match of a phase takes ``sets`` × ``minutes_per_set`` minutes on one
station. A match of a bracket with links (``PhaseWork.matches``: elimination brackets) may start
once the matches sending it its players are over, as a desk calls them — a losers' round overlaps
the winners' rounds as soon as its players are free. A round given as a whole (``RoundWork``: a
pool's round, a Swiss round not paired yet) may not start before every round it follows
(``RoundWork.after``, same phase) is over. A phase starts once the phases it follows
(``PhaseWork.after``) are over and its ``pause`` (a draw, a ceremony) has passed. Free stations take
the first ready match in the day's order: phase, wave, depth, then the order given (list
scheduling, tournament/day_play.py). Matches ``under_way`` hold a station from the start and end
after half their length: the average of a match seen at a random moment. The same function makes
the builder's preview (everything left, start = the start time) and the day's forecast (what is
left, start = now, ``minutes_per_set`` = the day's own pace).

Greedy list scheduling can, in rare shapes, finish later with one station more (Graham's
anomaly); the desk could always leave the extra station empty, so the answer is the best of
the station counts up to the one given. Fewer stations are tried only while they could still end
sooner: no day ends before its station-minutes are shared out over its stations, so once that bound
passes the best end found, no smaller count can beat it (a major's 64 stations: one day played, not 40).

Times are minutes since midnight of the day (a ``datetime``/``time``/"HH:MM" start is read as
such); past midnight they go on counting (``schedule.hhmm`` shows "24:10").

The event settings this module's callers own (``event.settings``, "HH:MM" on the event's
day, in the venue's time zone; each optional): ``start_time`` (first match),
``checkin_opens`` and ``checkin_closes`` (reception's window), ``venue_closes`` (when the
venue shuts: the forecast warns past it). Event files carry exactly these keys. Beside them the
desk may keep ``curfews`` ({"u16": "HH:MM", "u18": "HH:MM"}, only where the event changes the
law's defaults, tournament/curfew.py) and ``timetable`` (the lines, services/day/timetables.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from .day_play import Day
from .errors import N_, RuleViolation
from .schedule import minutes

SETTINGS_KEYS = ("start_time", "checkin_opens", "checkin_closes", "venue_closes")


@dataclass(frozen=True)
class RoundWork:
    """One round of a phase: its matches (all, and not yet over) and the rounds feeding it."""

    key: str
    total: int
    left: int
    after: tuple[str, ...] = ()
    sets: float = 1.0      # length of one match, in sets (a first-to-3 weighs more)
    under_way: int = 0     # of ``left``, matches being played now
    wave: int = 0          # pools of an earlier wave are called first


@dataclass(frozen=True)
class PhaseWork:
    """One phase: its rounds (in play order) and the phases it must wait for."""

    key: str
    rounds: tuple[RoundWork, ...]
    after: tuple[str, ...] = ()
    pause: int = 0         # minutes between the phases before it ending and its start
    matches: tuple = ()    # MatchLinks of its brackets with links: each waits for its own feeders only

    @property
    def left(self) -> int:
        return sum(r.left for r in self.rounds) + sum(1 for m in self.matches if not m.over and m.sets > 0)

    @property
    def total(self) -> int:
        return sum(r.total for r in self.rounds) + sum(1 for m in self.matches if m.sets > 0)


@dataclass(frozen=True)
class WaveForecast:
    """Expected first call and last result of one wave of a phase's pools (waves counted from 0)."""

    wave: int
    start: int
    end: int


@dataclass(frozen=True)
class PhaseForecast:
    """Expected start and end of a phase; ``done`` when nothing of it is left; ``waves`` when its
    pools are played in more than one wave, each wave's own (the ones still to play)."""

    key: str
    start: int
    end: int
    done: bool = False
    matches_left: int = 0
    waves: tuple[WaveForecast, ...] = ()


@dataclass(frozen=True)
class DayForecast:
    """Every phase's forecast, in the order given, and the day's expected end."""

    start: int
    end: int
    phases: tuple[PhaseForecast, ...] = field(default_factory=tuple)

    def phase(self, key: str) -> PhaseForecast | None:
        """The forecast of one phase, by key."""
        return next((p for p in self.phases if p.key == key), None)


def forecast(phases, stations: int, minutes_per_set: float, start, spread: float | None = None) -> DayForecast:
    """The day's forecast; see the module doc for the model (``spread``: tournament/day_play.Day's)."""
    _check(phases, stations, minutes_per_set)
    begin = minutes(start) if not isinstance(start, (int, float)) else start
    best = _simulate(phases, stations, minutes_per_set, begin, spread=spread)
    work = station_minutes(phases, minutes_per_set)
    for count in range(stations - 1, 0, -1):  # a day already later than the best is let go
        if begin + work / count >= best.end:
            break  # and fewer stations cannot end before this bound
        day = _simulate(phases, count, minutes_per_set, begin, best.end, spread)
        if day is not None and day.end < best.end:
            best = day
    return best


def station_minutes(phases, minutes_per_set: float) -> float:
    """At least this many station-minutes are left to play (a match under way is not counted)."""
    rounds = sum((r.left - r.under_way) * r.sets for p in phases for r in p.rounds)
    matches = sum(m.sets for p in phases for m in p.matches if not m.over and not m.under_way)
    return (rounds + matches) * minutes_per_set


def _check(phases, stations, minutes_per_set) -> None:
    """Refuse what cannot be forecast, naming the phase or round."""
    if stations < 1:
        raise RuleViolation("forecast.stations", N_("At least one station is needed for a forecast."))
    if not minutes_per_set > 0:
        raise RuleViolation("forecast.pace", N_("Minutes per set must be more than zero."))
    keys = [p.key for p in phases]
    if len(set(keys)) != len(keys):
        raise RuleViolation("forecast.phase_twice", N_("A phase appears twice in the forecast."))
    for i, p in enumerate(phases):
        if any(a not in keys[:i] for a in p.after):
            raise RuleViolation("forecast.phase_order", N_("Phase %(phase)s waits for a phase not before it."),
                                phase=p.key)
        _check_rounds(p)


def _check_rounds(phase: PhaseWork) -> None:
    """Each round's counts make sense and it waits only for rounds listed before it."""
    seen: list[str] = []
    for r in phase.rounds:
        if not 0 <= r.under_way <= r.left <= r.total or r.sets <= 0:
            raise RuleViolation("forecast.round_counts", N_("Phase %(phase)s, round %(round)s: "
                                "the matches left must be between none and all of the round."),
                                phase=phase.key, round=r.key)
        if any(a not in seen for a in r.after):
            raise RuleViolation("forecast.round_order", N_("Phase %(phase)s, round %(round)s waits "
                                "for a round not before it."), phase=phase.key, round=r.key)
        seen.append(r.key)


def _simulate(phases, stations, pace, begin, give_up_after=None, spread=None) -> DayForecast | None:
    """One day played with ``stations`` stations, greedily in the order given (None: it went on
    past ``give_up_after``)."""
    day = Day(phases, stations, pace, begin, spread)
    if not day.play(give_up_after):
        return None
    out = []
    for p_i, p in enumerate(phases):
        end = day.end[p_i]
        left = p.left
        out.append(PhaseForecast(p.key, _minute(day.first.get(p_i, end)), _minute(end), left == 0, left,
                                 _waves(day, p_i)))
    return DayForecast(_minute(begin), max([_minute(begin), *(f.end for f in out)]), tuple(out))


def _waves(day, p_i: int) -> tuple[WaveForecast, ...]:
    """The phase's waves as played, when there are several."""
    mine = sorted((wave, times) for (phase, wave), times in day.waves.items() if phase == p_i)
    if len(mine) < 2:
        return ()
    return tuple(WaveForecast(wave, _minute(start), _minute(end)) for wave, (start, end) in mine)


def _minute(t: float) -> int:
    """The whole minute nearest ``t``, halves up (so a shift by whole minutes survives it)."""
    return math.floor(t + 0.5)


@dataclass(frozen=True)
class MatchLink:
    """One match as the forecast needs it: its round, the matches it feeds, and whether it is over."""

    key: str
    round_key: str
    feeds: tuple[str, ...] = ()
    over: bool = False
    under_way: bool = False
    sets: float = 1.0      # 0: a bye (no station, its player passes through)
    wave: int = 0


def rounds_from_matches(matches) -> tuple[RoundWork, ...]:
    """Group a bracket's matches into rounds; a round waits for every round feeding one of its
    matches. Rounds come out in an order where feeders are first (first seen wins a tie)."""
    round_of = {m.key: m.round_key for m in matches}
    order: list[str] = list(dict.fromkeys(m.round_key for m in matches))
    fed_by: dict[str, set] = {k: set() for k in order}
    for m in matches:
        for target in m.feeds:
            if round_of.get(target, m.round_key) != m.round_key:
                fed_by[round_of[target]].add(m.round_key)
    placed: list[str] = []
    while len(placed) < len(order):
        free = [k for k in order if k not in placed and fed_by[k] <= set(placed)]
        placed.append(free[0] if free else next(k for k in order if k not in placed))
    return tuple(_round(k, [m for m in matches if m.round_key == k], fed_by[k], placed) for k in placed)


def _round(key, matches, fed_by, placed) -> RoundWork:
    """One round's counts; a feeder that could not be placed first (a circle) is not waited for."""
    before = placed[:placed.index(key)]
    return RoundWork(key, len(matches), sum(1 for m in matches if not m.over),
                     tuple(k for k in before if k in fed_by), max((m.sets for m in matches), default=1.0),
                     sum(1 for m in matches if m.under_way and not m.over))
