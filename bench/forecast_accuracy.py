"""How close the builder's estimate (and the day's forecast from the first call) comes to the day as
it is played (issue 37.11).

A day is played on the domain's own brackets: stations call the match that has waited longest
whose players are both free (a pool's players play one match at a time; a Swiss round is paired
once the round before is over), each set lasting the game's minutes with a spread (log-normal,
σ 0.35: a quick 2–0 and a long 2–1 with a replayed round), winners drawn at random. The estimate
is the one the builder shows (services/setup/day_preview.work_for on tournament/phase_sizes),
made before the first call. The figure is the worst |estimate − average played end| / that average
over double elimination, round-robin pools → top 8 and Swiss → top 8, 16 to 512 entrants (ten days
each), and how many single days ended within 15 % of the estimate (a day of few sets varies by itself).
Run from the repo root: .venv/bin/python bench/forecast_accuracy.py [--days 10]
"""
import argparse
import heapq
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.record import command_line, record  # noqa: E402
from webapp.services.setup.day_preview import work_for  # noqa: E402
from webapp.tournament.bracket import Entrant  # noqa: E402
from webapp.tournament.bracket_results import record_result  # noqa: E402
from webapp.tournament.day_forecast import forecast  # noqa: E402
from webapp.tournament.formats import generate_phase  # noqa: E402
from webapp.tournament.formats.swiss import default_rounds  # noqa: E402
from webapp.tournament.phase_sizes import PhaseDraft, sizes  # noqa: E402

PACE = 12.0     # minutes a set
SPREAD = 0.35   # σ of a set's log-normal length
TARGET = 0.15
DE = {"grand_final": "reset"}
SHAPES = {
    "double elimination": lambda n: [PhaseDraft("DE", "double_elimination", 1, DE)],
    "pools → top 8": lambda n: [PhaseDraft("pools", "round_robin", max(n // 4, 2)),
                                PhaseDraft("top 8", "double_elimination", 1, DE, ("best", 8))],
    "Swiss → top 8": lambda n: [PhaseDraft("Swiss", "swiss", 1, {"rounds": default_rounds(n)}),
                                PhaseDraft("top 8", "double_elimination", 1, DE, ("best", 8))],
}
SIZES = (16, 64, 256, 512)


class Played:
    """One day on the stations: matches become playable, stations call the longest waiting."""

    def __init__(self, stations: int, rng: random.Random):
        self.now, self.free, self.rng = 0.0, stations, rng
        self.busy: set = set()      # players in a match now
        self.waiting: list = []     # (since, n, players, on_end)
        self.running: list = []     # (end, n, players, on_end)
        self.n = 0

    def offer(self, players: tuple, on_end) -> None:
        self.n += 1
        self.waiting.append((self.now, self.n, players, on_end))

    def run(self) -> float:
        while self.waiting or self.running:
            self._call()
            end, _n, players, on_end = heapq.heappop(self.running)
            self.now, self.free = end, self.free + 1
            self.busy -= set(players)
            on_end()
        return self.now

    def _call(self) -> None:
        for item in sorted(self.waiting):
            if not self.free:
                return
            if self.busy & set(item[2]):
                continue
            self.waiting.remove(item)
            self.free -= 1
            self.busy |= set(item[2])
            length = PACE * math.exp(self.rng.gauss(-SPREAD ** 2 / 2, SPREAD))
            heapq.heappush(self.running, (self.now + length, item[1], item[2], item[3]))


def _bracket(day: Played, bracket, then) -> None:
    """An elimination bracket or a pool: each match offered once its players are known; `then` once
    nothing is left to play."""
    offered, pending = set(), [0]

    def offer_ready():
        for m in bracket.matches.values():
            if m.status == "ready" and m.key not in offered:
                offered.add(m.key)
                pending[0] += 1
                day.offer(tuple(m.slots), lambda m=m: played(m))
        if pending[0] == 0:
            then()

    def played(m):
        pending[0] -= 1
        record_result(bracket, m.key, day.rng.choice(m.slots))
        offer_ready()
    offer_ready()


def _pools(day: Played, brackets, then) -> None:
    left = [len(brackets)]

    def one_done():
        left[0] -= 1
        if left[0] == 0:
            then()
    for b in brackets:
        _bracket(day, b, one_done)


def _swiss(day: Played, players: int, rounds: int, then) -> None:
    """Swiss rounds: each paired once the round before is over (who meets whom does not change the time)."""
    state = {"round": 0, "left": 0}

    def next_round():
        if state["round"] == rounds:
            return then()
        state["round"] += 1
        order = list(range(1, players + 1))
        day.rng.shuffle(order)
        pairs = [tuple(order[i:i + 2]) for i in range(0, players - 1, 2)]
        state["left"] = len(pairs)
        for pair in pairs:
            day.offer(pair, match_over)

    def match_over():
        state["left"] -= 1
        if state["left"] == 0:
            next_round()
    next_round()


def _played(shape: str, n: int, stations: int, rng: random.Random) -> float:
    day, drafts = Played(stations, rng), SHAPES[shape](n)
    counts = [n] + [d.advance[1] for d in drafts[1:]]

    def phase(i):
        if i == len(drafts):
            return
        d, players = drafts[i], counts[i]
        if d.format == "swiss":
            return _swiss(day, players, d.options["rounds"], lambda: phase(i + 1))
        options = dict(d.options)
        if d.group_count > 1:
            options = {"group_count": d.group_count, "inner_format": d.format, **options}
        fmt = "groups" if d.group_count > 1 else d.format
        brackets = generate_phase(fmt, [Entrant(k, k) for k in range(1, players + 1)], **options)
        _pools(day, brackets, lambda: phase(i + 1))
    phase(0)
    return day.run()


def _estimated(shape: str, n: int, stations: int) -> float:
    work = work_for(sizes(SHAPES[shape](n), n))
    day = forecast(work, stations, PACE, 0)
    return day.end - day.start


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=10)
    args = parser.parse_args(argv)
    worst, within, days = 0.0, 0, 0
    for shape in SHAPES:
        for n in SIZES:
            stations = max(4, n // 8)
            estimate = _estimated(shape, n, stations)
            played = [_played(shape, n, stations, random.Random(seed)) for seed in range(args.days)]
            average = sum(played) / len(played)
            worst = max(worst, abs(estimate - average) / average)
            within += sum(abs(estimate - p) <= TARGET * p for p in played)
            days += len(played)
            print(f"{shape:18} {n:4} entrants {stations:3} stations: estimate {estimate:5.0f} min, played "
                  f"{min(played):5.0f}–{max(played):5.0f} (average {average:5.0f}), "
                  f"{(estimate - average) / average:+.1%} off the average")
    print(f"forecast accuracy: worst {worst:.1%} off the average played end; {within} of {days} days within "
          f"{TARGET:.0%}")
    record(f"forecast_accuracy {args.days} days each", command_line("forecast_accuracy.py"),
           f"worst {worst:.1%} off the average played end; {within}/{days} single days within {TARGET:.0%}",
           f"≤ {TARGET:.0%} off the average (issue 37.11)", worst <= TARGET)


if __name__ == "__main__":
    main()
