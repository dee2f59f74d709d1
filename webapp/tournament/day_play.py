"""One simulated day for the forecast (tournament/day_forecast.py says the model): events in time
order, the startable rounds in a heap by their place in the day, so a day of thousands of
matches on tens of stations is played in a few thousand steps, not one scan per match."""
from __future__ import annotations

import heapq

from .errors import N_, RuleViolation


class Day:
    """A day played with ``stations`` stations from ``begin``: ``first`` and ``end`` per phase."""

    def __init__(self, phases, stations: int, pace: float, begin: float):
        self.phases, self.pace, self.now, self.free = phases, pace, begin, stations
        self.rounds = [(p_i, r) for p_i, p in enumerate(phases) for r in p.rounds]
        index = {(phases[p_i].key, r.key): i for i, (p_i, r) in enumerate(self.rounds)}
        self.deps = [[index[(phases[p_i].key, a)] for a in r.after] for p_i, r in self.rounds]
        self.dependents: list[list[int]] = [[] for _ in self.rounds]
        for i, deps in enumerate(self.deps):
            for d in deps:
                self.dependents[d].append(i)
        self.left = [r.left for _p, r in self.rounds]
        self.busy = [0] * len(self.rounds)
        self.unmet = [sum(1 for d in deps if self.left[d] > 0) for deps in self.deps]
        self.round_end: list[float | None] = [begin if n == 0 else None for n in self.left]
        keys = [p.key for p in phases]
        self.after = [[keys.index(a) for a in p.after] for p in phases]
        self.open_rounds = [sum(1 for r in p.rounds if r.left > 0) for p in phases]
        self.ready: list[float | None] = [None] * len(phases)
        self.opened = [False] * len(phases)
        self.end: list[float | None] = [None] * len(phases)
        self.first: dict[int, float] = {}
        self.running: list = []       # (end, round)
        self.releases: list = []      # (time, phase) of phases waiting for their pause
        self.available: list = []     # startable rounds, by their place in the day
        self._under_way(stations, begin)
        for p_i in range(len(phases)):
            self._check_phase(p_i)

    def _under_way(self, stations, begin) -> None:
        """Matches being played now hold a station from the start, half their length left."""
        for i, (_phase, r) in enumerate(self.rounds):
            for _ in range(min(r.under_way, self.free)):
                self._start(i, begin - r.sets * self.pace / 2)

    def _start(self, i: int, at: float) -> None:
        p_i, rnd = self.rounds[i]
        self.free -= 1
        self.busy[i] += 1
        self.first.setdefault(p_i, max(at, self.now))
        heapq.heappush(self.running, (at + rnd.sets * self.pace, i))

    def _check_phase(self, p_i: int) -> None:
        """Set when the phase may start once its phases before have ended; open it when it may;
        end it once its rounds have; then look at the phases after it."""
        if self.ready[p_i] is None:
            before = [self.end[a] for a in self.after[p_i]]
            if any(e is None for e in before):
                return
            self.ready[p_i] = max(before) + self.phases[p_i].pause if before else self.now
            if self.ready[p_i] > self.now:
                heapq.heappush(self.releases, (self.ready[p_i], p_i))
        if not self.opened[p_i] and self.ready[p_i] <= self.now:
            self.opened[p_i] = True
            for i, (owner, _r) in enumerate(self.rounds):
                if owner == p_i and self.unmet[i] == 0 and self.left[i] - self.busy[i] > 0:
                    heapq.heappush(self.available, i)
        if self.end[p_i] is None and self.opened[p_i] and self.open_rounds[p_i] == 0:
            ends = [self.round_end[i] for i, (owner, _r) in enumerate(self.rounds) if owner == p_i]
            self.end[p_i] = max([self.ready[p_i], *ends])
            for q in range(p_i + 1, len(self.phases)):
                if p_i in self.after[q]:
                    self._check_phase(q)

    def fill(self) -> None:
        """Start the first startable matches on the free stations."""
        while self.free and self.available:
            i = heapq.heappop(self.available)
            for _ in range(min(self.left[i] - self.busy[i], self.free)):
                self._start(i, self.now)
            if self.left[i] - self.busy[i] > 0:
                heapq.heappush(self.available, i)

    def step(self) -> None:
        """Move the clock to the next match end or phase release, and record what happened."""
        times = [heap[0][0] for heap in (self.running, self.releases) if heap]
        if not times:
            raise RuleViolation("forecast.stuck", N_("The forecast cannot go on: a round waits for itself."))
        self.now = min(times)
        while self.running and self.running[0][0] <= self.now:
            end, i = heapq.heappop(self.running)
            self.free += 1
            self.busy[i] -= 1
            self.left[i] -= 1
            if self.left[i] == 0:
                self._round_over(i, end)
        while self.releases and self.releases[0][0] <= self.now:
            self._check_phase(heapq.heappop(self.releases)[1])

    def _round_over(self, i: int, end: float) -> None:
        p_i = self.rounds[i][0]
        self.round_end[i] = end
        self.open_rounds[p_i] -= 1
        for j in self.dependents[i]:
            self.unmet[j] -= 1
            if self.unmet[j] == 0 and self.opened[self.rounds[j][0]] and self.left[j] - self.busy[j] > 0:
                heapq.heappush(self.available, j)
        self._check_phase(p_i)

    def play(self, give_up_after: float | None = None) -> bool:
        """Play until every phase has ended (True), or the clock passes ``give_up_after`` (False)."""
        while any(e is None for e in self.end):
            if give_up_after is not None and self.now > give_up_after:
                return False
            self.fill()
            self.step()
        return True
