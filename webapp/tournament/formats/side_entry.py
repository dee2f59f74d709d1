"""Double elimination entered on both sides: a winners-side seed list and a losers-side one.

How majors run a top cut (start.gg's progressions into the losers bracket, Toornament's "skip
1st round"): each pool sends its winners-side qualifier into the next bracket's winners side and
its losers-side qualifier into its losers side, and a top 8 starts with four players in each.
Such a bracket is the double elimination of twice the size with its first winners round taken
away: with ``Sw`` the winners-side slots (a power of two covering both lists), the full bracket
has ``S = 2·Sw`` and

- the winners-side entrants start in W2, placed by seed as a single elimination of ``Sw`` places
  (byes to the best seeds, as usual);
- the losers-side entrants start in L1, on the ``Sw`` places the W1 losers would have taken,
  placed by seed the same way (byes to their best seeds) — so they meet each other first, then
  the W2 droppers in L2, exactly where a full bracket's W1 losers would;
- everything after is the full bracket's: the crossed drops, the grand final and its reset.

A winners-side entrant leaves after two losses, a losers-side one after one (its first loss was
in the phase before); the champion, as ever, with at most one.

Same-pool first meetings (``pools``: entrant id → pool label): the possible first meetings are a
W2 pair, an L1 pair and, in L2, either L1 player against either W2 player whose loser drops
there. Seeds are kept within their bands (1, 2, 3–4, 5–8…, each side on its own) and entrants are
swapped inside a band to make as few same-pool possible meetings as the bracket allows: by trying
every arrangement when there are few, else by swapping pairs while that lowers the count.
"""
from __future__ import annotations

import itertools
import math

from ..bracket import Match
from ..errors import N_, BracketError
from . import bracket_order, power_of_two

EXHAUSTIVE_LIMIT = 5000  # arrangements tried one by one; past it, pair swaps


def side_size(winners, losers) -> int:
    """``Sw``: the winners-side places (= the L1 places), a power of two covering both lists."""
    return power_of_two(max(len(winners), len(losers), 2))


def winners_from_round_two(places, k, last) -> dict:
    """W2..W<last> of the full bracket of 2^k, W2 filled from ``places`` (ids, None for a bye)."""
    matches = {}
    for r in range(2, last + 1):
        for i in range(1, ((1 << k) >> r) + 1):
            key = f"W{r}.{i}"
            slots = [places[2 * i - 2], places[2 * i - 1]] if r == 2 else [None, None]
            link = (f"W{r + 1}.{(i + 1) // 2}", (i - 1) % 2) if r < last else None
            matches[key] = Match(key, "W", r, i, slots, winner_to=link)
    return matches


def fill_first_losers_round(matches, places) -> None:
    """The losers-side entrants on L1's places, pair by pair."""
    for t in range(1, len(places) // 2 + 1):
        matches[f"L1.{t}"].slots = [places[2 * t - 2], places[2 * t - 1]]


def bands(size) -> list[list[int]]:
    """Seed bands whose members may trade places: [1], [2], [3, 4], [5..8]…"""
    out, low = [[1]], 2
    while low <= size:
        out.append(list(range(low, 2 * low if low > 1 else 3)))
        low *= 2
    return out


def arrange(w_ranked, l_ranked, size_w, drop_orders, pools) -> tuple[list, list]:
    """Both sides' places, with as few same-pool possible first meetings as the bands allow."""
    w_seeds, l_seeds = [e.id for e in w_ranked], [e.id for e in l_ranked]  # each side by (tier, seed)
    if not pools:
        return _places(w_seeds, size_w), _places(l_seeds, size_w)
    cost = _meetings(size_w, drop_orders, pools)
    groups = _band_groups(w_seeds, size_w) + _band_groups(l_seeds, size_w)
    if math.prod(math.factorial(len(g)) for g in groups) <= EXHAUSTIVE_LIMIT:
        w_seeds, l_seeds = _exhaustive(w_seeds, l_seeds, size_w, cost)
    else:
        w_seeds, l_seeds = swap_search(w_seeds, l_seeds, size_w, cost)
    return _places(w_seeds, size_w), _places(l_seeds, size_w)


def _places(seed_ids, size) -> list:
    """Ids (by seed) on their bracket places."""
    return [seed_ids[s - 1] if s <= len(seed_ids) else None for s in bracket_order(size)]


def _band_groups(seed_ids, size) -> list[list[int]]:
    """Index groups (0-based seeds) of the bands that hold real entrants."""
    return [[s - 1 for s in band if s <= len(seed_ids)] for band in bands(size) if band[0] <= len(seed_ids)]


def _meetings(size_w, drop_orders, pools):
    """cost(w_places, l_places): same-pool pairs among the possible first meetings."""
    l2_from_w2 = {drop_orders[2][j] if size_w > 1 else 1: j for j in range(size_w // 2)} if 2 in drop_orders else {}

    def same(a, b):
        return a is not None and b is not None and pools.get(a) is not None and pools.get(a) == pools.get(b)

    def cost(w, l_):
        total = sum(same(w[2 * j], w[2 * j + 1]) for j in range(size_w // 2))
        total += sum(same(l_[2 * t], l_[2 * t + 1]) for t in range(size_w // 2))
        for t, j in l2_from_w2.items():
            total += sum(same(a, b) for a in l_[2 * t - 2:2 * t] for b in w[2 * j:2 * j + 2])
        return total
    return cost


def _exhaustive(w_seeds, l_seeds, size, cost) -> tuple[list, list]:
    """Every arrangement within the bands; the first with the fewest meetings."""
    best = None
    for w in _band_permutations(w_seeds, size):
        for l_ in _band_permutations(l_seeds, size):
            c = cost(_places(w, size), _places(l_, size))
            if best is None or c < best[0]:
                best = (c, w, l_)
                if c == 0:  # none can do better: the first such arrangement in seed order
                    return w, l_
    return best[1], best[2]


def _band_permutations(seed_ids, size):
    """Every order of ``seed_ids`` that keeps each id within its band."""
    groups = _band_groups(seed_ids, size)
    for choice in itertools.product(*(itertools.permutations(g) for g in groups)):
        out = list(seed_ids)
        for group, perm in zip(groups, choice, strict=True):
            for at, src in zip(group, perm, strict=True):
                out[at] = seed_ids[src]
        yield out


def swap_search(w_seeds, l_seeds, size, cost) -> tuple[list, list]:
    """Swap two entrants of one band while that lowers the count (first improvement)."""
    sides = [list(w_seeds), list(l_seeds)]
    current = cost(_places(sides[0], size), _places(sides[1], size))
    improved = True
    while improved and current:
        improved = False
        for side, group in _all_band_pairs(sides, size):
            for a, b in itertools.combinations(group, 2):
                sides[side][a], sides[side][b] = sides[side][b], sides[side][a]
                c = cost(_places(sides[0], size), _places(sides[1], size))
                if c < current:
                    current, improved = c, True
                else:
                    sides[side][a], sides[side][b] = sides[side][b], sides[side][a]
    return sides[0], sides[1]


def _all_band_pairs(sides, size):
    """(side, band index group) for both sides."""
    return [(i, g) for i, seeds in enumerate(sides) for g in _band_groups(seeds, size) if len(g) > 1]


def top_cut(bracket) -> dict:
    """For stop_at_top=T: {"winners": [...T/2 ids], "losers": [...T/2 ids]} (None while unknown),
    each side in bracket order — a top 8 cut keeps the four alive in winners and the four in losers."""
    if not bracket.options.get("stop_at_top"):
        raise BracketError("bracket.not_top4",
                           N_("This bracket has no top-4 stop; it plays down to a champion."))
    w_round = bracket.rounds("W")[-1]
    l_rounds = bracket.rounds("L")
    winners = [m.winner if m.decided else None for m in w_round]
    if l_rounds:
        losers = [m.winner if m.decided else None for m in l_rounds[-1]]
    else:  # as many entrants as the cut: the W1 losers are the losers side
        losers = [m.loser if m.decided else None for m in w_round]
    return {"winners": winners, "losers": losers}


top4 = top_cut  # KGP's name for the 4-player cut
