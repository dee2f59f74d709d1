"""One simulated day for the forecast (tournament/day_forecast.py says the model), match by match.

The day is a graph of jobs. A *match* job holds a station for its length and may start once the
matches feeding it are over (a double elimination's losers' match waits for the two matches that
send it its players, not for the whole round before it). A *gate* job holds no station: a round
played without links between matches (a pool's round, a Swiss round not paired yet) is one job
per match behind the gate of the rounds it follows; a phase begins behind the gate of the phases
it follows (plus its pause) and ends with the gate of all its jobs. Free stations take the ready
match first in the day's order: its phase, its wave (pools of one wave before the next), how deep
it sits (a first round before a second), then the order given. Events in time order, ready matches
in a heap: a day of thousands of matches is played in a few times that many steps.
"""
from __future__ import annotations

import heapq
import math

from .errors import N_, RuleViolation

# How much one set's length varies (σ of its logarithm): a quick 2–0 against a long 2–1 with a
# replayed round. A round played as a whole waits for its slowest match (bench/forecast_accuracy.py).
# The usual spread; a day measures its own once matches are finished (services/day/forecasts.py).
SET_SPREAD = 0.35

_GATE = -1.0  # a gate's length is its own (a pause); it never takes a station


class Day:
    """A day played with ``stations`` stations from ``begin``: ``first`` and ``end`` per phase;
    ``spread``: how much a set's length varies (None: the usual SET_SPREAD)."""

    def __init__(self, phases, stations: int, pace: float, begin: float, spread: float | None = None):
        self.phases, self.pace, self.now, self.free = phases, pace, begin, stations
        self.spread = SET_SPREAD if spread is None else spread
        self.length: list[float] = []     # minutes on a station (a gate: its pause)
        self.station: list[bool] = []     # a match (True) or a gate
        self.phase_of: list[int] = []
        self.order: list[tuple] = []
        self.waiting: list[int] = []      # jobs it still waits for
        self.after: list[list[int]] = []  # jobs waiting for it
        self.first: dict[int, float] = {}
        self.waves: dict[tuple[int, int], list[float]] = {}  # (phase, wave): [first start, last end]
        self.end: list[float | None] = [None] * len(phases)
        self._ready: list = []            # (order, job)
        self._events: list = []           # (time, seq, job) ends of running matches and gates
        self._seq = 0
        _Build(self, begin).all()

    def job(self, p_i: int, station: bool, length: float, order: tuple) -> int:
        self.length.append(length)
        self.station.append(station)
        self.phase_of.append(p_i)
        self.order.append(order)
        self.waiting.append(0)
        self.after.append([])
        return len(self.length) - 1

    def needs(self, job: int, before: int) -> None:
        self.waiting[job] += 1
        self.after[before].append(job)

    def release(self, job: int, at: float) -> None:
        """Nothing holds the job now: a gate ends after its pause, a match waits for a station."""
        if self.station[job]:
            heapq.heappush(self._ready, (self.order[job], job))
        else:
            self._push(at + self.length[job], job)

    def start(self, job: int, at: float) -> None:
        self.free -= 1
        self.first.setdefault(self.phase_of[job], max(at, self.now))
        self.waves.setdefault(self._wave(job), [max(at, self.now), at])
        self._push(at + self.length[job], job)

    def _wave(self, job: int) -> tuple[int, int]:
        """(phase, wave) of a match job: its order says the wave after the phase."""
        return self.phase_of[job], self.order[job][1]

    def _push(self, at: float, job: int) -> None:
        self._seq += 1
        heapq.heappush(self._events, (at, self._seq, job))

    def fill(self) -> None:
        """Start the first ready matches on the free stations."""
        while self.free and self._ready:
            self.start(heapq.heappop(self._ready)[1], self.now)

    def step(self) -> None:
        """Move the clock to the next end, and release what waited for it: every end at that moment,
        gates of no length included, so the stations then take the first ready match of all."""
        if not self._events:
            raise RuleViolation("forecast.stuck", N_("The forecast cannot go on: a round waits for itself."))
        self.now = max(self.now, self._events[0][0])
        while self._events and self._events[0][0] <= self.now:
            self._end(heapq.heappop(self._events)[2])

    def _end(self, job: int) -> None:
        if self.station[job]:
            self.free += 1
            times = self.waves[self._wave(job)]
            times[1] = max(times[1], self.now)
        ending = self.ends.get(job)
        if ending is not None:
            self.end[ending] = self.now
        for later in self.after[job]:
            self.waiting[later] -= 1
            if self.waiting[later] == 0:
                self.release(later, self.now)

    def play(self, give_up_after: float | None = None) -> bool:
        """Play until every phase has ended (True), or the clock passes ``give_up_after`` (False)."""
        while any(e is None for e in self.end):
            if give_up_after is not None and self.now > give_up_after:
                return False
            self.fill()
            self.step()
        return True


class _Build:
    """The day's jobs from its phases: gates, rounds' anonymous matches, linked matches."""

    def __init__(self, day: Day, begin: float):
        self.day, self.begin, self.running, self.stations = day, begin, set(), day.free
        day.ends = {}

    def all(self) -> None:
        day, keys = self.day, [p.key for p in self.day.phases]
        phase_end: list[int] = []
        for p_i, phase in enumerate(day.phases):
            opening = day.job(p_i, False, phase.pause if phase.after else 0, (p_i,))
            for before in phase.after:
                day.needs(opening, phase_end[keys.index(before)])
            closing = day.job(p_i, False, self._last_of_many(phase), (p_i,))
            day.ends[closing] = p_i
            day.needs(closing, opening)
            for job in self._rounds(p_i, phase, opening) + self._matches(p_i, phase, opening):
                day.needs(closing, job)
            phase_end.append(closing)
        for job in range(len(day.length)):
            if day.waiting[job] == 0 and job not in self.running:
                day.release(job, self.begin)

    def _rounds(self, p_i: int, phase, opening: int) -> list[int]:
        """A round's matches not over, each behind the gates of the rounds it follows."""
        day, gates, depth, jobs = self.day, {}, {}, []
        for rnd in phase.rounds:
            depth[rnd.key] = 1 + max((depth[a] for a in rnd.after), default=0)
        alongside: dict[int, int] = {}  # matches at each depth: pools' rounds are played side by side
        for rnd in phase.rounds:
            alongside[depth[rnd.key]] = alongside.get(depth[rnd.key], 0) + rnd.left
        for r_i, rnd in enumerate(phase.rounds):
            tail = self._tail(rnd.sets, alongside[depth[rnd.key]])
            gate = gates[rnd.key] = day.job(p_i, False, tail, (p_i,))
            mine = [self._match(p_i, rnd.sets, (p_i, rnd.wave, depth[rnd.key], r_i, n), n < rnd.under_way)
                    for n in range(rnd.left)]
            for job in mine:
                day.needs(gate, job)
                if job not in self.running:
                    day.needs(job, opening)
                    for before in rnd.after:
                        day.needs(job, gates[before])
            jobs.append(gate)
        return jobs

    def _tail(self, sets: float, matches: int) -> float:
        """A round played as a whole ends with its slowest match, not an average one, and the phase
        with its slowest pool: the expected longest of the matches played side by side at that
        depth (at most one per station), beyond their average length."""
        k = min(matches, self.stations)
        if k < 2:
            return 0.0
        spread = self.day.spread
        return sets * self.day.pace * (math.exp(spread * math.sqrt(2 * math.log(k)) - spread ** 2 / 2) - 1)

    def _last_of_many(self, phase) -> float:
        """A bracket played by many stations at once ends with the slowest of its parallel paths."""
        left = [m for m in phase.matches if not m.over and m.sets > 0]
        if not left:
            return 0.0
        depth = _depths(phase.matches)
        width: dict[int, int] = {}
        for m in left:
            width[depth[m.key]] = width.get(depth[m.key], 0) + 1
        return self._tail(sum(m.sets for m in left) / len(left), max(width.values()))

    def _matches(self, p_i: int, phase, opening: int) -> list[int]:
        """Linked matches not over, each behind the matches that send it its players."""
        day, jobs = self.day, {}
        depth = _depths(phase.matches)
        for m_i, match in enumerate(phase.matches):
            if not match.over:
                order = (p_i, match.wave, depth[match.key], len(phase.rounds), m_i)
                jobs[match.key] = self._match(p_i, match.sets, order, match.under_way)
        for match in phase.matches:
            for target in match.feeds:
                if match.key in jobs and target in jobs and jobs[target] not in self.running:
                    day.needs(jobs[target], jobs[match.key])
        for job in jobs.values():
            if job not in self.running:
                day.needs(job, opening)
        return list(jobs.values())

    def _match(self, p_i: int, sets: float, order: tuple, under_way: bool) -> int:
        """A match job; one being played now holds a station from the start, half its length left."""
        day = self.day
        job = day.job(p_i, sets > 0, sets * day.pace, order)  # no sets: a bye, passed through at once
        if under_way and sets > 0 and day.free > 0:
            self.running.add(job)
            day.start(job, self.begin - sets * day.pace / 2)
        return job


def _depths(matches) -> dict[str, int]:
    """How deep each match sits: 1 + the deepest of the matches feeding it (a first round is 1)."""
    fed_by: dict[str, list[str]] = {m.key: [] for m in matches}
    for m in matches:
        for target in m.feeds:
            fed_by.setdefault(target, []).append(m.key)
    depth: dict[str, int] = {}

    def of(key: str, seen: tuple = ()) -> int:
        if key not in depth:
            feeders = [f for f in fed_by.get(key, ()) if f not in seen]  # a circle is not followed
            depth[key] = 1 + max((of(f, (*seen, key)) for f in feeders), default=0)
        return depth[key]
    for key in fed_by:
        of(key)
    return depth
