"""Progressions between phases: who of a phase's pools goes on, and their seeds in the next phase.

Two rules, as start.gg and Challonge offer them:
- ``top``: the top K of each pool (places 1..K; a place still shared across the cut is refused:
  the desk breaks that tie first, with a playoff or a draw);
- ``best``: the best N overall: every pool's 1st places, then every 2nd place, ... and within one
  place the better pool record (set win rate, then game and round difference per match, what a
  round-robin pool's standings give) takes the last seats, then the earlier pool.

Seeds in the next phase (cross-pool seeding): all pool winners first, then all 2nd places, and so
on, each place ordered by the same record; then, in the first round of the bracket the next phase
makes, players of the same pool are kept apart as far as the bracket allows: a seed whose
first-round opponent came from its own pool trades places with the nearest seed of the same place
that removes the meeting (``separate``). Pure stdlib.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import N_, BracketError
from .formats import bracket_order, power_of_two

MODES = ("top", "best")


@dataclass(frozen=True)
class Placed:
    """One player's result in a pool: its place there and the record that compares pools."""

    entrant: int
    pool: int          # the pool's index in the phase (0 = group A)
    place: int
    record: tuple = ()  # higher is better: (win rate, game diff per match, round diff per match)
    place_to: int = 0   # the end of a shared place (0: not shared)
    label: str = ""     # the pool's name, for the words of a refusal


def _order_key(p: Placed) -> tuple:
    return (p.place, tuple(-x for x in p.record), p.pool, p.entrant)


def advancing(placed: list[Placed], mode: str, count: int) -> list[Placed]:
    """The players who go on, in seed order for the next phase (before ``separate``)."""
    if mode not in MODES or count < 1:
        raise BracketError("progression.bad_rule",
                           N_("Choose how many players go on: the top K of each pool or the best N overall."))
    if mode == "top":
        across = next((p for p in placed if p.place <= count < p.place_to), None)
        if across is not None:
            raise BracketError("progression.tie_at_cut",
                               N_("Group %(label)s has players level across the cut (places %(first)s–%(last)s): "
                                  "break the tie at the desk first."),
                               label=across.label, first=across.place, last=across.place_to)
        chosen = [p for p in placed if p.place <= count]
    else:
        chosen = sorted(placed, key=_order_key)[:count]
    return sorted(chosen, key=_order_key)


def overall(placed: list[Placed], mode: str, count: int) -> list[tuple[Placed, bool]]:
    """Every pool player in the order the rule compares them across pools (every 1st place, then
    every 2nd, ...; within a place the better record, then the earlier pool), each with whether they
    go on; none is marked while a tie across the cut is not broken."""
    try:
        going = {p.entrant for p in advancing(placed, mode, count)}
    except BracketError:
        going = set()
    return [(p, p.entrant in going) for p in sorted(placed, key=_order_key)]


def first_round_pairs(size: int) -> list[tuple[int, int]]:
    """Seed pairs (1-based) of a bracket of ``size`` entrants' first round (a bye: seed > size)."""
    order = bracket_order(power_of_two(size))
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]


def meetings(seeded: list[Placed]) -> int:
    """First-round matches between two players of the same pool."""
    n = len(seeded)
    return sum(1 for a, b in first_round_pairs(n) if a <= n and b <= n
               and seeded[a - 1].pool == seeded[b - 1].pool)


def _opponents(n: int) -> dict[int, int]:
    out = {}
    for a, b in first_round_pairs(n):
        if a <= n and b <= n:
            out[a - 1], out[b - 1] = b - 1, a - 1
    return out


def _clash(seeded: list[Placed], opp: dict, i: int) -> bool:
    return i in opp and seeded[i].pool == seeded[opp[i]].pool


def separate(seeded: list[Placed]) -> list[Placed]:
    """Trade seeds within one place so that same-pool first-round meetings are as few as it allows.

    Repeats: for a clashing seed, the nearest seed of the same place whose trade lowers the count
    of meetings; then, when no single trade helps, any trade (same place first) that does.
    """
    out = list(seeded)
    opp = _opponents(len(out))
    improved = True
    while improved:
        improved = False
        for i in sorted(opp, reverse=True):  # move the lower seed of a clash, the better one keeps its line
            if _clash(out, opp, i) and _trade(out, opp, i):
                improved = True
    return out


def _trade(out: list[Placed], opp: dict, i: int) -> bool:
    before = meetings(out)
    candidates = sorted(range(len(out)), key=lambda j: (out[j].place != out[i].place, abs(j - i)))
    for j in candidates:
        if j == i or out[j].pool == out[i].pool:
            continue
        out[i], out[j] = out[j], out[i]
        if meetings(out) < before:
            return True
        out[i], out[j] = out[j], out[i]
    return False


def least_meetings(placed: list[Placed]) -> int:
    """A lower bound on same-pool first-round meetings: a pool can have at most one player on
    each first-round line pair (a bye line counts as one), the rest must meet."""
    lines = power_of_two(len(placed)) // 2
    per_pool: dict[int, int] = {}
    for p in placed:
        per_pool[p.pool] = per_pool.get(p.pool, 0) + 1
    return sum(max(0, k - lines) for k in per_pool.values())


def seeded(placed: list[Placed], mode: str, count: int) -> list[Placed]:
    """The advancing players in their seed order for the next phase (seed 1 first)."""
    return separate(advancing(placed, mode, count))


SIDES = "sides"  # from double-elimination pools played down to a top cut: each side's qualifiers keep their side


@dataclass(frozen=True)
class Qualified:
    """A player a double-elimination pool sends on, on the side it ended on."""

    entrant: int
    pool: int           # the pool's index in the phase
    side: str           # "winners" or "losers"
    rank: int           # its order among its pool's qualifiers of that side (0 first)
    seed: int           # its seed in the pool
    label: str = ""


def two_sided(qualified: list[Qualified]) -> tuple[list[Qualified], list[Qualified]]:
    """(winners side, losers side) in seed order for the next bracket: by pool placement (each
    pool's first qualifier of a side before its second), then original seed, then pool."""
    def key(q: Qualified) -> tuple:
        return (q.rank, q.seed, q.pool, q.entrant)
    return (sorted((q for q in qualified if q.side == "winners"), key=key),
            sorted((q for q in qualified if q.side == "losers"), key=key))
