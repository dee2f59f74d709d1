"""Benchmark: validate and apply 10,000 game entries (kachinuki and KGP best-of-3 matches).

Scripts are built first (realistic: roll call, toss, blind select, names after
each loss, a few penalties and double K.O.s); only apply() is timed.
Run from the repo root: .venv/bin/python bench/rules.py
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.record import command_line, record  # noqa: E402
from webapp.tournament.play import CoinToss, MatchSetup, Member, NamePlayer, Penalty, ReportGame, RollCall, apply, start  # noqa: E402

GAMES = 10_000
CHARS = ["Kazuya", "Jin", "Paul", "King", "Law", "Ryu", "Ken"]


def team(first: int) -> list[Member]:
    """Five members with registered characters."""
    return [Member(first + i, f"P{first + i}", CHARS[i]) for i in range(5)]


def kachinuki_script(rng: random.Random):
    """A full kachinuki match: (setup, actions), played through a live state to stay valid."""
    setup = MatchSetup("kachinuki", "tekken7_hiza_5on5", side_a=team(1), side_b=team(11))
    s, acts = start(setup), []

    def do(a):
        nonlocal s
        s = apply(s, a)
        acts.append(a)
    if rng.random() < 0.2:
        do(RollCall(absent_b=(15,)))
    do(CoinToss(rng.choice("ab"), "stage"))
    while not s.finished:
        for side in s.prompt().must_name:
            left = [m for m in s.members_in(side) if m not in s.side(side).absent]
            early = [m for m in left if m not in s.side(side).late]
            do(NamePlayer(side, rng.choice(early or left), s.blind))
        if s.finished:
            break
        if s.replay_of is None and rng.random() < 0.05:
            do(ReportGame(None, 2, 2, stage="Arena", double_ko=True))
            continue
        w, r = rng.choice("ab"), rng.randint(0, 2)
        do(ReportGame(w, 3 if w == "a" else r, 3 if w == "b" else r, stage="Arena"))
    return setup, acts


def best_of_script(rng: random.Random):
    """A KGP best-of-3 with character changes by the loser and an occasional penalty."""
    setup = MatchSetup("best_of", "kgp2025", 3, [Member(1, "A")], [Member(2, "B")])
    s, acts, chars = start(setup), [], {"a": "Ryu", "b": "Ken"}
    while not s.finished:
        if rng.random() < 0.05 and not s.side("a").offences:
            a = Penalty("a", "prohibited_act", act="pause")
        else:
            w, r = rng.choice("ab"), rng.randint(0, 1)
            if s.side("b" if w == "a" else "a").awarded > r:
                continue
            a = ReportGame(w, 2 if w == "a" else r, 2 if w == "b" else r, chars["a"], chars["b"])
            chars["b" if w == "a" else "a"] = rng.choice(CHARS)   # the loser may change
        s = apply(s, a)
        acts.append(a)
    return setup, acts


def truncate(acts, n):
    """The actions up to and including the n-th game entry."""
    seen = 0
    for i, a in enumerate(acts):
        seen += isinstance(a, ReportGame)
        if seen == n:
            return acts[:i + 1]
    return acts


def build(rng: random.Random):
    """Scripts until GAMES game entries are reached."""
    scripts, games = [], 0
    while games < GAMES:
        setup, acts = (kachinuki_script if rng.random() < 0.5 else best_of_script)(rng)
        n = sum(isinstance(a, ReportGame) for a in acts)
        if games + n > GAMES:   # the last match stops after the entries still needed
            acts, n = truncate(acts, GAMES - games), GAMES - games
        scripts.append((setup, acts))
        games += n
    return scripts, games


def main() -> None:
    """Time validating and applying every action of every script."""
    scripts, games = build(random.Random(7))
    actions = sum(len(a) for _, a in scripts)
    t0 = time.perf_counter()
    for setup, acts in scripts:
        s = start(setup)
        for a in acts:
            s = apply(s, a)
    dt = time.perf_counter() - t0
    print(f"matches {len(scripts)}, actions {actions} ({actions / dt:,.0f} actions/s)")
    print(f"rules: {games} entries, {games / dt:.0f} entries/s")
    record("rules", command_line("rules.py"), f"{games / dt:,.0f} entries/s ({games:,} entries)",
           "≥ 50,000 entries/s", games / dt >= 50_000)


if __name__ == "__main__":
    main()
