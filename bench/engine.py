"""Benchmark: generate and play out (chalk) a 1,024-entrant double elimination in memory.

Every result goes through record_result; GF1 goes to the losers-side champion so the
reset GF2 is played too: 2,047 results. Prints the best of several runs, in ms, last.
"""
from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.record import command_line, record  # noqa: E402
from webapp.tournament.bracket import Entrant  # noqa: E402
from webapp.tournament.bracket_results import record_result  # noqa: E402
from webapp.tournament.formats import generate  # noqa: E402

N = 1024
RUNS = 7


def play_out(n) -> int:
    """Generate and play a chalk double elimination; returns the number of results."""
    b = generate("double_elimination", [Entrant(1000 + s, s) for s in range(1, n + 1)],
                 grand_final="reset")
    seed = {i: e.seed for i, e in b.entrants.items()}
    ready = [m.key for m in b.matches.values() if m.status == "ready"]
    results = 0
    while ready:
        m = b.matches[ready.pop()]
        best, worst = sorted(m.slots, key=seed.__getitem__)
        winner = worst if m.key == "GF1" else best  # upset in GF1 forces the reset
        for key in record_result(b, m.key, winner):
            if b.matches[key].status == "ready":
                ready.append(key)
        results += 1
    assert b.finished and b.matches["GF2"].status == "done", "bracket did not finish"
    return results


def main() -> None:
    """Run the benchmark and print the best time."""
    best, results = float("inf"), 0
    for _ in range(RUNS):
        t0 = time.perf_counter()
        results = play_out(N)
        best = min(best, time.perf_counter() - t0)
    print(f"engine: {N}-entrant double elimination, {results} results: {best * 1000:.1f} ms")
    record("engine", command_line("engine.py"), f"{best * 1000:.1f} ms for {results} results (best of {RUNS})",
           "≤ 100 ms", best <= 0.1)


if __name__ == "__main__":
    main()
