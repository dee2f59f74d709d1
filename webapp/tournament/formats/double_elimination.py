"""Double elimination, any N >= 3, with grand_final none/single/reset and a top cut (stop_at_top).

Shape for a padded size S = 2^k: winners side W1..Wk as in single elimination; losers
side L1..L(2k-2). L1 pairs the W1 losers (W1.1 v W1.2 losers, ...). Each even round
L(2j) takes the L(2j-1) winners (slot 1) against the W(j+1) losers dropping in (slot 0);
each odd round L(2j+1) pairs the L(2j) winners. The drops are crossed so that a dropping
entrant does not meet the part of the bracket it just came through: reversed,
half-swapped and similar orders as start.gg and brackets-manager.js alternate them, each
round's order picked so that chalk results never give a losers-side rematch before the
last two losers rounds and random results rarely do (``drop_orders``; for 8 and 32 it
gives the same orders as brackets-manager.js). Entry tiers rank the seeding exactly as
in single elimination (byes to the higher tiers first). Byes and walkovers propagate: a W1 bye sends
nobody down, so the L1 match it feeds becomes a bye (or void if both feeders were byes).

grand_final: "reset" (default) GF1 = winners-side champion (slot 0) v losers-side
champion; GF2 is played only if the losers-side champion wins GF1 (otherwise void).
"single": GF1 only. "none": no grand final; the winners-side final winner is 1st and the
losers-side final winner 2nd (the Tekken first-qualifier group).

losers_side=[ids] (a major's top cut, pools sending 1 + 1 or 2 + 2): those entrants start on the
losers side, the others on the winners side, of the bracket twice as large with no first winners
round (formats/side_entry.py); ``pools`` keeps entrants of one pool apart as long as the bracket allows.

stop_at_top=4 (KGP "modified double elimination"): only W1..W(k-1) and L1..L(2k-4) are
built; the bracket is finished when the two W(k-1) winners and the two L(2k-4) winners
(for N=4: the W1 losers) are known; ``side_entry.top4`` returns them. Any top cut T = 2^t of TOP_CUTS works
the same way (2: a pool sending its winners-side and losers-side winners on; a running bracket
played down to its top 8: W1..W(k-t+1), L1..L(2(k-t)), four
alive on each side), and ``side_entry.top_cut`` returns the T/2 + T/2, ready for a bracket entered on both sides.
"""
from __future__ import annotations

from ..bracket import Bracket, Match, ranked_bands, real_matches
from ..bracket_results import start
from ..errors import N_
from . import Format, bad_option, bracket_order, check_options, entrant_map, power_of_two, register, validate_entrants
from .side_entry import arrange, fill_first_losers_round, side_size, winners_from_round_two
from .single_elimination import tier_order, winners_side

GRAND_FINALS = ("none", "single", "reset")
TOP_CUTS = (2, 4, 8, 16, 32, 64)  # stop_at_top: a bracket played down to its top cut (half on each side)


ORDERS = {  # candidate drop orders; each maps W match i (1-based) of n to its L match
    "reverse": lambda i, n: n + 1 - i,
    "half_shift": lambda i, n: (i - 1 + n // 2) % n + 1,
    "reverse_half_shift": lambda i, n: (n // 2 + 1 - i) if i <= n // 2 else (n + n // 2 + 1 - i),
    "pair_flip": lambda i, n: i + 1 if i % 2 else i - 1,
    "natural": lambda i, n: i,
}


def drop_orders(size, last_drop) -> dict:
    """For each W round r >= 2 whose losers drop, the L index of each W match.

    Why not a fixed table: a fixed alternation of reverse / half-shift lets rematches in
    at some sizes (at 16 and 128 the third or fourth drop can meet its own block again).
    So per round we try the candidate orders (reversed first on even rounds, half-swapped
    first on odd ones) and keep the one that (1) makes no rematch when the better seed
    always wins, then (2) leaves the fewest drop matches, then (3) the fewest matches of
    the next losers round, able to be a rematch at all, then (4) keeps the losers side
    compact. "Able to" is tracked as bit masks of the W1 matches an entrant can come from.
    """
    w_losers, met = _chalk_winners_side(size, last_drop)
    region = [0b11 << (2 * t) for t in range(size // 4)]  # L1 winners: two W1 matches each
    surv = _chalk_first_losers_round(w_losers[1], met)
    orders = {}
    for r in range(2, last_drop + 1):
        n = size >> r
        block = [((1 << (1 << (r - 1))) - 1) << ((i - 1) << (r - 1)) for i in range(1, n + 1)]
        orders[r] = _best_order(r, n, w_losers[r], surv, met, block, region)
        region, surv = _chalk_drop_round(orders[r], w_losers[r], surv, met, block, region)
    return orders


def _chalk_first_losers_round(lost, met) -> list:
    """L1 played by seed: its winners in match order (who met whom noted in ``met``)."""
    surv = []
    for a, b in zip(lost[::2], lost[1::2], strict=True):
        met[a].add(b), met[b].add(a)
        surv.append(min(a, b))
    return surv


def _best_order(r, n, lost, surv, met, block, region) -> list:
    """W round r's drop order by drop_orders' costs: the L index of each of its n matches."""
    names = list(ORDERS)
    if r % 2:
        names[0], names[1] = names[1], names[0]
    best = min(names, key=lambda nm: (_chalk_cost(ORDERS[nm], n, lost, surv, met),)
               + _drop_cost(ORDERS[nm], n, block, region))
    return [ORDERS[best](i, n) if n > 1 else 1 for i in range(1, n + 1)]


def _chalk_drop_round(mapping, lost, surv, met, block, region) -> tuple[list, list]:
    """Play a drop round and the losers round after it by seed: the regions (W1 masks) and
    the survivors of that next round (who met whom noted in ``met``)."""
    n = len(mapping)
    dropped, won = [0] * n, [0] * n
    for i, t in enumerate(mapping):
        dropped[t - 1] = region[t - 1] | block[i]
        won[t - 1] = min(lost[i], surv[t - 1])
        met[lost[i]].add(surv[t - 1]), met[surv[t - 1]].add(lost[i])
    region = [dropped[2 * t] | dropped[2 * t + 1] for t in range(n // 2)]
    surv = [min(won[2 * t], won[2 * t + 1]) for t in range(n // 2)]
    for t in range(n // 2):
        met[won[2 * t]].add(won[2 * t + 1]), met[won[2 * t + 1]].add(won[2 * t])
    return region, surv


def _chalk_winners_side(size, last_round):
    """Play the winners side by seed: its losers per round (match order) and who met whom."""
    met = {s: set() for s in range(1, size + 1)}
    alive, losers = bracket_order(size), {}
    for r in range(1, last_round + 1):
        pairs = list(zip(alive[::2], alive[1::2], strict=True))
        for a, b in pairs:
            met[a].add(b), met[b].add(a)
        alive = [min(p) for p in pairs]
        losers[r] = [max(p) for p in pairs]
    return losers, met


def _chalk_cost(order, n, lost, surv, met) -> int:
    """Rematches, with the better seed always winning, at the drop and in the round after."""
    if n == 1:
        return 0
    won, count = [0] * n, 0
    for i in range(1, n + 1):
        t = order(i, n)
        count += surv[t - 1] in met[lost[i - 1]]
        won[t - 1] = min(surv[t - 1], lost[i - 1])
    return count + sum(won[2 * t + 1] in met[won[2 * t]] for t in range(n // 2))


def _drop_cost(order, n, block, region) -> tuple:
    """(drop matches able to be a rematch, such matches in the next round, spread)."""
    if n == 1:
        return (0, 0, 0)
    merged = [(0, 0)] * n
    at_drop = 0
    for i in range(1, n + 1):
        t = order(i, n)
        at_drop += bool(block[i - 1] & region[t - 1])
        merged[t - 1] = (region[t - 1], block[i - 1])
    after = sum(bool(merged[2 * t][0] & merged[2 * t + 1][1]) + bool(merged[2 * t][1] & merged[2 * t + 1][0])
                for t in range(n // 2))
    spread = sum((merged[2 * t][0] | merged[2 * t][1] | merged[2 * t + 1][0] | merged[2 * t + 1][1]).bit_count()
                 for t in range(n // 2))
    return (at_drop, after, spread)


def losers_count(size, q) -> int:
    """Number of matches in losers round q for padded size ``size``."""
    j = (q + 1) // 2
    return size >> (j + 1)


@register
class DoubleElimination(Format):
    """Double elimination with crossed drops, optional grand final reset or top-4 stop."""

    name = "double_elimination"
    label = N_("Double elimination")

    min_entrants = 3

    def generate(self, entrants, grand_final="reset", stop_at_top=None, losers_side=(), pools=None, **options):
        """Build the bracket; see the module docstring for its shape. ``losers_side``: ids of the
        entrants who start on the losers side (formats/side_entry.py); ``pools``: id -> pool, so
        entrants of one pool meet as late as the bracket allows."""
        check_options(self.name, options, {"grand_final", "stop_at_top"})
        stop_at_top = stop_at_top or None  # 0 in an event file: played down to a champion
        if grand_final not in GRAND_FINALS:
            raise bad_option(self.name, "grand_final", grand_final, "none, single or reset")
        if stop_at_top not in (None, *TOP_CUTS):
            raise bad_option(self.name, "stop_at_top", stop_at_top, "2, 4, 8, 16, 32 or 64 (or leave it unset)")
        seeded = validate_entrants(entrants, stop_at_top or (2 if losers_side else self.min_entrants), self.name)
        sides = self._sides(seeded, set(losers_side)) if losers_side else None
        size = 2 * side_size(*sides) if sides else power_of_two(len(seeded))
        k = size.bit_length() - 1
        cut = (stop_at_top or 2).bit_length() - 1  # top 2^cut: the winners side stops with 2^(cut-1) left
        w_last, l_last = k - cut + 1, 2 * (k - cut)
        if sides:
            matches = self._two_sided(sides, pools or {}, size, w_last, l_last, stop_at_top)
        else:
            matches = winners_side(tier_order(seeded), w_last)
            matches.update(self._losers_side(size, l_last))
        self._link_drops(matches, size, w_last, l_last)
        if not stop_at_top and grand_final != "none":  # a cut has no grand final
            self._grand_final(matches, w_last, l_last, grand_final)
        options = {"grand_final": grand_final, **({"stop_at_top": stop_at_top} if stop_at_top else {}),
                   **({"losers_side": sorted(losers_side)} if sides else {})}
        return start(Bracket(self.name, options, entrant_map(seeded), matches))

    def _sides(self, seeded, losers_ids) -> tuple[list, list]:
        """(winners-side, losers-side) entrants; the losers side names entrants of this bracket, not all."""
        winners = [e for e in seeded if e.id not in losers_ids]
        losers = [e for e in seeded if e.id in losers_ids]
        if not winners or len(losers) != len(losers_ids):
            raise bad_option(self.name, "losers_side", sorted(losers_ids), "entrants of this bracket, not all of them")
        return winners, losers

    def _two_sided(self, sides, pools, size, w_last, l_last, stop_at_top) -> dict:
        """Winners-side entrants from W2, losers-side ones from L1 of the bracket twice as large."""
        if w_last < 2:
            raise bad_option(self.name, "stop_at_top", stop_at_top, "a cut smaller than the bracket")
        orders = drop_orders(size, min(w_last, l_last // 2 + 1))
        w_places, l_places = arrange(tier_order(sides[0]), tier_order(sides[1]), size // 2, orders, pools)
        matches = winners_from_round_two(w_places, size.bit_length() - 1, w_last)
        matches.update(self._losers_side(size, l_last))
        fill_first_losers_round(matches, l_places)
        return matches

    @staticmethod
    def _losers_side(size, l_last) -> dict:
        """Losers rounds L1..L<l_last> with their winner links."""
        matches = {}
        for q in range(1, l_last + 1):
            count = losers_count(size, q)
            for i in range(1, count + 1):
                if q == l_last:
                    link = None
                elif q % 2 == 1:  # odd round feeds the next round's survivor slot, same index
                    link = (f"L{q + 1}.{i}", 1)
                else:  # even round winners are paired in the next round
                    link = (f"L{q + 1}.{(i + 1) // 2}", (i - 1) % 2)
                key = f"L{q}.{i}"
                matches[key] = Match(key, "L", q, i, [None, None], winner_to=link)
        return matches

    @staticmethod
    def _link_drops(matches, size, w_last, l_last) -> None:
        """Point every winners-side loser at its losers-side slot (crossed order)."""
        orders = drop_orders(size, min(w_last, l_last // 2 + 1))
        for r in range(1, w_last + 1):
            count = size >> r
            for i in range(1, count + 1):
                m = matches.get(f"W{r}.{i}")
                if m is None:  # entered on both sides: no first winners round
                    continue
                if r == 1 and l_last >= 1:
                    m.loser_to = (f"L1.{(i + 1) // 2}", (i - 1) % 2)
                elif r >= 2 and 2 * (r - 1) <= l_last:
                    m.loser_to = (f"L{2 * (r - 1)}.{orders[r][i - 1]}", 0)

    @staticmethod
    def _grand_final(matches, w_last, l_last, grand_final) -> None:
        """GF1 (winners-side champion in slot 0) and, for a reset, the conditional GF2."""
        matches[f"W{w_last}.1"].winner_to = ("GF1", 0)
        matches[f"L{l_last}.1"].winner_to = ("GF1", 1)
        gf1 = Match("GF1", "GF", 1, 1, [None, None])
        matches["GF1"] = gf1
        if grand_final == "reset":
            gf1.winner_to, gf1.loser_to = ("GF2", 0), ("GF2", 1)
            matches["GF2"] = Match("GF2", "GF", 2, 1, [None, None], conditional="reset")

    def placements(self, bracket):
        """1, 2, 3, 4, 5-6, 7-8, 9-12, 13-16... by the losers round eliminated in."""
        real = real_matches(bracket)
        bands = [] if bracket.options.get("stop_at_top") else self._top_bands(bracket)
        for rnd in reversed(bracket.rounds("L")):
            size = sum(1 for m in rnd if m.key in real)
            bands.append((size, [m.loser for m in rnd if m.status == "done"]))
        first = 1 + (bracket.options.get("stop_at_top") or 0)
        return ranked_bands(bands, first)

    @staticmethod
    def _top_bands(bracket):
        """Bands for 1st and 2nd, read from the grand final (or the two side finals)."""
        m = bracket.matches
        final = m.get("GF2") or m.get("GF1")
        if final is not None:
            return [(1, [final.winner] if bracket.finished else []),
                    (1, [final.loser] if final.decided else [])]
        wf, lf = bracket.rounds("W")[-1][0], bracket.rounds("L")[-1][0]
        return [(1, [wf.winner] if bracket.finished else []),
                (1, [lf.winner] if lf.decided else [])]


def recent_pairs(bracket) -> list[tuple]:
    """Who just played whom in the last winners and losers rounds (to avoid rematches next)."""
    last = [bracket.rounds("W")[-1]] + bracket.rounds("L")[-1:]
    return [(m.winner, m.loser) for rnd in last for m in rnd if m.status == "done"]
