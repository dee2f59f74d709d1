"""Pairing one Swiss round: within score groups, never a rematch, the bye to the lowest-ranked
player who has not had one; the matching is networkx's maximum weight matching.

Players come ranked (score, tiebreaks, then the round's draw order: ``tournament/draw.py`` on
the recorded seed, so a pairing is reproducible from its seed). Score groups are paired from the
top: a group (with those floated down from above first) is ordered top half against bottom half
(the Dutch order: 1 v 5, 2 v 6... in a group of 8) and paired greedily in that order (each with
the nearest next player who is not a rematch), which is cheap and almost always enough; when
that leaves more than the one player an odd group must float, the left players are first
swapped into pairs already made (two new pairs for one), and only when that does not do is the
group matched on every pair instead (networkx's maximum cardinality matching, so nobody floats
who need not). Whoever is left floats down to the next group. If the last group cannot be
paired, the whole round is matched on every allowed pair with cross-group pairs weighed down, still never a rematch.

So: every pairing is within a score group whenever each group can be paired inside itself.
"""
from __future__ import annotations

from .errors import N_, BracketError


def dutch(members: list) -> list:
    """Top half against bottom half: 1, 5, 2, 6, 3, 7, 4, 8 for a group of 8 (the odd one last)."""
    half = len(members) // 2
    top, bottom = members[:half], members[half:]
    out = [p for pair in zip(top, bottom, strict=False) for p in pair]
    return out + bottom[len(top):]


def _matching(order: list, played: set, edges) -> tuple[list, list]:
    import networkx as nx  # here, not at import: 12 MB a page-serving worker never needs

    graph = nx.Graph()
    graph.add_nodes_from(range(len(order)))
    n = len(order)
    for i, j in edges:
        if frozenset((order[i], order[j])) not in played:
            # adjacent in the order first; the better-ranked player of the pair weighs most
            graph.add_edge(i, j, weight=4 * n * n - n * abs(j - i) - min(i, j))
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted((min(i, j), max(i, j)) for i, j in matched)
    used = {i for pair in pairs for i in pair}
    return [(order[i], order[j]) for i, j in pairs], [order[i] for i in range(n) if i not in used]


def _greedy(order: list, played: set) -> tuple[list, list]:
    """Each player in turn with the nearest later one in the order who is not a rematch."""
    free, pairs = list(order), []
    while free:
        p = free.pop(0)
        q = next((x for x in free if frozenset((p, x)) not in played), None)
        if q is None:
            return pairs, [p, *free]
        free.remove(q)
        pairs.append((p, q))
    return pairs, []


def _swap_in(pairs: list, p, q, played: set) -> bool:
    """Pair p and q (who have met) with the two players of one pair made already, the lowest
    pair first; True when done (pairs changed in place)."""
    for k in range(len(pairs) - 1, -1, -1):
        x, y = pairs[k]
        for u, v in ((x, y), (y, x)):
            if frozenset((p, u)) not in played and frozenset((q, v)) not in played:
                pairs[k:k + 1] = [(u, p), (v, q)]
                return True
    return False


def _repaired(pairs: list, left: list, played: set, odd: int) -> tuple[list, list]:
    """The players the greedy pass left, swapped into pairs made already: a few swaps instead of
    matching a group of hundreds exactly (a 1,024-player Swiss's round took seconds so)."""
    pairs, left = list(pairs), list(left)
    while len(left) > odd:
        p = left[0]
        q = next((q for q in left[1:] if _swap_in(pairs, p, q, played)), None)
        if q is None:
            break
        left = [w for w in left if w not in (p, q)]
    return pairs, left


def pair_group(members: list, played: set) -> tuple[list, list]:
    """Pairs within one group (ranked best first) and who is left to float down.

    The greedy pass in the Dutch order pairs a big group at once; only when it leaves more than
    an odd group's one player is the group matched exactly (maximum cardinality, networkx)."""
    order = dutch(members)
    n = len(order)
    pairs, left = _greedy(order, played)
    if len(left) > n % 2:
        pairs, left = _repaired(pairs, left, played, n % 2)
    if len(left) > n % 2:
        pairs, left = _matching(order, played, ((i, j) for i in range(n) for j in range(i + 1, n)))
    return pairs, sorted(left, key=members.index)


def _groups(ranked: list, score: dict) -> list[list]:
    groups: list[list] = []
    for p in ranked:
        if groups and score[groups[-1][0]] == score[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def pair_all(ranked: list, score: dict, played: set) -> list[tuple]:
    """Pairs for an even number of players, or a BracketError when no pairing avoids a rematch."""
    pairs, floating = [], []
    for group in _groups(ranked, score):
        found, floating = pair_group(floating + group, played)
        pairs += found
    if not floating:
        return pairs
    return _whole(ranked, score, played)


def _whole(ranked: list, score: dict, played: set) -> list[tuple]:
    """Every allowed pair, cross-group pairs weighed by how far apart their scores are."""
    import networkx as nx  # here, not at import: 12 MB a page-serving worker never needs

    graph, n = nx.Graph(), len(ranked)
    for i in range(n):
        for j in range(i + 1, n):
            if frozenset((ranked[i], ranked[j])) not in played:
                gap = abs(score[ranked[i]] - score[ranked[j]])
                graph.add_edge(i, j, weight=8 * n * n * (n - gap) - (j - i))
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matched) < n:
        raise BracketError("swiss.no_pairing",
                           N_("No pairing of this round avoids a rematch: end the Swiss here or play fewer rounds."))
    return [(ranked[min(i, j)], ranked[max(i, j)]) for i, j in sorted(matched, key=min)]


def pair_round(ranked: list, score: dict, played: set, had_bye: set) -> tuple[list, int | None]:
    """The round's pairs and who has the bye (None for an even count)."""
    if len(ranked) % 2 == 0:
        return pair_all(ranked, score, played), None
    for bye in [p for p in reversed(ranked) if p not in had_bye] or list(reversed(ranked)):
        rest = [p for p in ranked if p != bye]
        try:
            return pair_all(rest, score, played), bye
        except BracketError:
            continue
    raise BracketError("swiss.no_pairing",
                       N_("No pairing of this round avoids a rematch: end the Swiss here or play fewer rounds."))
