"""Round robin: one pool of 3-12 where everybody meets everybody (twice for a double round robin).

Rounds come from the circle method (seed 1 fixed, the others rotate; an odd pool adds a
phantom whose opponent sits the round out), so a round is at most N/2 matches that can be
played at once on shared stations. Within each round the order of the matches is chosen
(``play_order``) so that the last match of a round and the first of the next share nobody:
from 5 players up nobody plays two matches in a row; with 3 or 4 it cannot be avoided.
The second cycle of a double round robin swaps the sides of every pairing.

Keys are ``RR<round>.<index>``, side ``RR``, both slots filled from the start and no
links: every match is ready at once, and the order is the index within the round.
Placements are the pool's standings (``pool_standings``), settled once every match is
decided; the game and round differences need the scores, which the services hand in.
"""
from __future__ import annotations

import itertools

from ..bracket import Bracket, Match, Placement
from ..bracket_results import start
from ..errors import N_, BracketError
from ..pool_standings import DQ_POLICIES, TIEBREAKS, check_tiebreaks, pool_standings, results_of
from . import Format, bad_option, check_options, entrant_map, register, validate_entrants

MAX_POOL = 12
OPTIONS = {"double", "tiebreaks", "dq_policy", "tie_resolution", "decisions"}


def circle_rounds(ids: list) -> list[list[tuple]]:
    """Rounds of pairings by the circle method; a pairing with the phantom (None) is left out."""
    players = list(ids) + ([None] if len(ids) % 2 else [])
    n = len(players)
    rounds = []
    for _r in range(n - 1):
        pairs = [(players[i], players[n - 1 - i]) for i in range(n // 2)]
        rounds.append([p for p in pairs if None not in p])
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def _shares(a: tuple, b: tuple) -> bool:
    return bool(set(a) & set(b))


def _round_order(pairs: list, first, last) -> list:
    """The round's pairs with ``first`` at the start and ``last`` at the end."""
    middle = [p for p in pairs if p is not first and p is not last]
    return [first, *middle] + ([last] if last is not first else [])


def play_order(rounds: list[list[tuple]]) -> tuple[int, list[list[tuple]]]:
    """Each round's pairs reordered so that as few players as possible play twice in a row;
    with the number of times somebody still does.

    A dynamic programme over the rounds on (first, last) pairing of each round: the cost of a
    boundary is 1 when the previous round's last pairing shares a player with this round's first.
    """
    def ends(pairs):
        return [(f, t) for f in pairs for t in pairs if len(pairs) == 1 or f is not t]

    best = {id(t): (0, [(f, t)]) for f, t in ends(rounds[0])}
    last_of = {id(t): t for _f, t in ends(rounds[0])}
    for pairs in rounds[1:]:
        nxt, nxt_last = {}, {}
        for f, t in ends(pairs):
            cost, path = min(((best[k][0] + _shares(last_of[k], f), best[k][1]) for k in best),
                             key=lambda cp: cp[0])
            if id(t) not in nxt or cost < nxt[id(t)][0]:
                nxt[id(t)], nxt_last[id(t)] = (cost, [*path, (f, t)]), t
        best, last_of = nxt, nxt_last
    cost, path = min(best.values(), key=lambda cp: cp[0])
    return cost, [_round_order(pairs, f, t) for pairs, (f, t) in zip(rounds, path, strict=True)]


def schedule(ids: list, double: bool = False) -> list[list[tuple]]:
    """The pool's rounds in playing order (a double round robin: a second, swapped cycle, its
    rounds rotated to where the join between the cycles makes nobody play twice in a row)."""
    rounds = circle_rounds(ids)
    if not double:
        return play_order(rounds)[1]
    swapped = [[(b, a) for a, b in pairs] for pairs in rounds]
    # a small pool tries every order of the second cycle (5 players need one), a larger one its
    # rotations, which always reach no back-to-back match from 6 players up
    orders = (itertools.permutations(swapped) if len(swapped) <= 5
              else (swapped[s:] + swapped[:s] for s in range(len(swapped))))
    return min((play_order(rounds + list(o)) for o in orders), key=lambda t: t[0])[1]


def _check(options: dict, name: str) -> None:
    check_options(name, options, OPTIONS)
    check_tiebreaks(options.get("tiebreaks"))
    if options.get("dq_policy", "walkover") not in DQ_POLICIES:
        raise bad_option(name, "dq_policy", options["dq_policy"], " / ".join(DQ_POLICIES))
    if options.get("tie_resolution", "playoff") not in ("playoff", "draw"):
        raise bad_option(name, "tie_resolution", options["tie_resolution"], "playoff / draw")


@register
class RoundRobin(Format):
    """Round robin pool; options: double, tiebreaks, dq_policy, tie_resolution."""

    name = "round_robin"
    label = N_("Round robin")
    min_entrants = 3
    needs_scores = True  # placements read games and rounds: the services hand them in

    def generate(self, entrants, double=False, **options):
        """Every pairing of the pool as a ready match, in rounds, in playing order."""
        _check(options, self.name)
        seeded = validate_entrants(entrants, self.min_entrants, self.name)
        if len(seeded) > MAX_POOL:
            raise BracketError("bracket.pool_too_big",
                               N_("A round-robin pool has at most %(most)s players; this one has %(count)s. "
                                  "Split the phase into more groups."), most=MAX_POOL, count=len(seeded))
        matches = {}
        for r, pairs in enumerate(schedule([e.id for e in seeded], bool(double)), start=1):
            for i, (a, b) in enumerate(pairs, start=1):
                key = f"RR{r}.{i}"
                matches[key] = Match(key, "RR", r, i, [a, b])
        opts = {"double": bool(double), **options}
        return start(Bracket(self.name, opts, entrant_map(seeded), matches))

    def placements(self, bracket, scores=None, withdrawn=()):
        """The pool's places once every match is decided (ties left unresolved share a place)."""
        pool = [m for m in bracket.matches.values() if m.side == "RR"]
        if not bracket.finished or not pool:
            return []
        rows = pool_standings(list(bracket.entrants), results_of(bracket, scores or {}),
                              bracket.options, withdrawn)
        return [Placement(r.entrant, r.rank, r.rank_to) for r in rows]


__all__ = ["RoundRobin", "schedule", "circle_rounds", "play_order", "TIEBREAKS"]
