"""Placing a phase's entrants: seeded ones by their seed, the unseeded by a recorded draw
(draw.py: anyone can recompute it from its seed), then, when the desk asks, moves that keep
entrants of one region or team apart in round 1 (EVO Japan keeps same-region players apart).

Only drawn places move: a seed the desk gave (by hand, from a sheet or from an earlier event)
is the desk's decision and stays where it is.
"""
from __future__ import annotations

from dataclasses import dataclass

from .draw import DrawRecord, make_draw

# Above this many drawn entrants the exact matching is skipped: its graph grows with the square
# of the field, and a field that big has room enough for the swaps alone.
EXACT_LIMIT = 200


@dataclass(frozen=True)
class Move:
    """One entrant moved by the separation: seed position before and after (1-based)."""

    entrant: int
    before: int
    after: int


def place(seeded: list[int], unseeded: list[int], seed: str | None) -> tuple[list[int], DrawRecord | None]:
    """Seeded ids (in seed order) first, then the unseeded (in entry order) as drawn with `seed`.

    No draw is recorded when fewer than two are unseeded: there is nothing to draw.
    """
    if len(unseeded) < 2:
        return list(seeded) + list(unseeded), None
    record = make_draw(unseeded, seed)
    return list(seeded) + list(record.result), record


def clashes(order: list[int], pairs: list[tuple[int, int]], group_of: dict[int, str]) -> list[tuple[int, int]]:
    """Round-1 pairs (as 0-based positions in `order`) whose two entrants share a group."""
    return [(p, q) for p, q in pairs if _same(group_of, order[p], order[q])]


def _same(group_of: dict, a: int, b: int) -> bool:
    group = group_of.get(a)
    return bool(group) and group == group_of.get(b)


def separate(order: list[int], pairs: list[tuple[int, int]], movable: set[int],
             group_of: dict[int, str]) -> tuple[list[int], list[Move]]:
    """`order` with entrants at `movable` positions moved so that as few round-1 pairs as
    possible share a group; returns the new order and each move. Swaps first (few moves);
    when some clash is left, an exact matching over the drawn entrants."""
    if not clashes(order, pairs, group_of):
        return list(order), []
    new = _swapped(order, pairs, movable, group_of)
    if clashes(new, pairs, group_of) and len(movable) <= EXACT_LIMIT:
        exact = _matched(order, pairs, movable, group_of)
        if len(clashes(exact, pairs, group_of)) < len(clashes(new, pairs, group_of)):
            new = exact
    return new, [Move(e, order.index(e) + 1, i + 1) for i, e in enumerate(new) if order[i] != e]


def _partners(pairs: list[tuple[int, int]]) -> dict[int, int]:
    return {**{p: q for p, q in pairs}, **{q: p for p, q in pairs}}


def _swapped(order, pairs, movable, group_of) -> list[int]:
    """Each clash fixed by swapping one of its drawn entrants with a drawn entrant elsewhere
    when neither place clashes afterwards."""
    new, partner = list(order), _partners(pairs)

    def fine(pos):
        return pos not in partner or not _same(group_of, new[pos], new[partner[pos]])
    for p, q in pairs:
        for here in (p, q):
            if fine(here) or here not in movable:
                continue
            for there in sorted(movable):
                new[here], new[there] = new[there], new[here]
                if fine(here) and fine(there) and (there not in partner or fine(partner[there])):
                    break
                new[here], new[there] = new[there], new[here]
    return new


def _matched(order, pairs, movable, group_of) -> list[int]:
    """The arrangement with fewest clashes, as a maximum-weight perfect matching: drawn
    entrants are matched either to a place whose partner is fixed (or a bye), or to each
    other for a pair of two drawn places; keeping an entrant where it was counts a little."""
    partner = _partners(pairs)
    slots = sorted(p for p in movable if partner.get(p) not in movable)
    twins = [(p, q) for p, q in pairs if p in movable and q in movable]
    people = [order[p] for p in sorted(movable)]
    good = len(people) + 1  # one clash fewer outweighs every kept place together
    import networkx as nx  # here, not at import: 12 MB a page-serving worker never needs

    graph = nx.Graph()
    for i, a in enumerate(people):
        for b in people[i + 1:]:
            kept = int(partner.get(order.index(a)) == order.index(b))
            graph.add_edge(("e", a), ("e", b), weight=1 + kept + (0 if _same(group_of, a, b) else good))
        for s in slots:
            clash = s in partner and _same(group_of, a, order[partner[s]])
            graph.add_edge(("e", a), ("s", s), weight=1 + int(order[s] == a) + (0 if clash else good))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return _rebuilt(order, matching, slots, twins)


def _rebuilt(order, matching, slots, twins) -> list[int]:
    new, together = list(order), []
    for u, v in matching:
        slot, person = (u, v) if u[0] == "s" else (v, u)
        if slot[0] == "s":
            new[slot[1]] = person[1]
        else:
            together.append((u[1], v[1]))
    free = list(twins)
    for a, b in sorted(together, key=lambda t: (t[0], t[1]) not in {(order[p], order[q]) for p, q in twins}):
        p, q = next(((p, q) for p, q in free if order[p] in (a, b) or order[q] in (a, b)), free[0])
        free.remove((p, q))
        new[p], new[q] = (a, b) if order[q] != a and order[p] != b else (b, a)
    return new


def first_round_pairs(brackets) -> list[tuple[int, int]]:
    """The places (0-based) that meet in round 1, from brackets generated with entrant id k on
    seed place k: the first round of each bracket's first side (winners side where there is one)."""
    pairs = []
    for bracket in brackets:
        matches = list(bracket.matches.values())
        side = "W" if any(m.side == "W" for m in matches) else min((m.side for m in matches), default="")
        first = min((m.round for m in matches if m.side == side), default=None)
        pairs += [(m.slots[0] - 1, m.slots[1] - 1) for m in matches
                  if m.side == side and m.round == first and m.slots[0] and m.slots[1]]
    return pairs
