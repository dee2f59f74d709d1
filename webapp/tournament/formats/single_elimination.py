"""Single elimination, any N >= 2, with entry tiers and an optional third-place match.

Seeding is the usual recursive order (start.gg / Challonge): 1 v N in the first round,
seeds 1 and 2 meet only in the final, 1-4 only from the semis. The bracket is padded to
the next power of two S; the S - N byes are the phantom seeds N+1..S, which all sit
in the bottom half of the order and so always face a real entrant (never bye v bye).

Entry tiers (Tekken wildcard: third places enter at the lowest tier). Entrants are
ranked by (tier, seed) and that rank is their bracket seed. Byes go to the best bracket
seeds, so they go to tier 0 first, then tier 1, and so on: a lower-tier entrant only gets
a bye once every higher-tier entrant has one. Every entrant starts either in round 1
(plays all k rounds to win) or in round 2 after a bye (k - 1 rounds), so a lower-tier
entrant always has at least as many rounds to play as any higher-tier one, for any mix
of tiers (35 teams: the 21 upper-tier teams and 8 of the 14 lowest take the 29 byes; the
other 6 lowest-tier teams play round 1). Within a tier the seeds keep their order, so the
usual meeting guarantees hold among the tier's own seeds.
"""
from __future__ import annotations

from ..bracket import Bracket, Match, ranked_bands, real_matches
from ..bracket_results import start
from ..errors import N_
from . import Format, bracket_order, check_options, entrant_map, power_of_two, register, validate_entrants


def tier_order(entrants) -> list:
    """Entrants ranked for the bracket: higher tier (smaller number) first, then seed."""
    return sorted(entrants, key=lambda e: (e.tier, e.seed))


def round_count(n) -> int:
    """Rounds of a single-elimination bracket for n entrants."""
    return power_of_two(n).bit_length() - 1


def winners_side(ranked, last_round, side="W") -> dict:
    """Matches W1..W<last_round> with winner links; round 1 seeded, byes as None."""
    n = len(ranked)
    size = power_of_two(n)
    order = bracket_order(size)
    matches = {}
    for r in range(1, last_round + 1):
        count = size >> r
        for i in range(1, count + 1):
            key = f"{side}{r}.{i}"
            if r == 1:
                a, b = order[2 * i - 2], order[2 * i - 1]
                slots = [ranked[a - 1].id if a <= n else None, ranked[b - 1].id if b <= n else None]
            else:
                slots = [None, None]
            link = (f"{side}{r + 1}.{(i + 1) // 2}", (i - 1) % 2) if r < last_round else None
            matches[key] = Match(key, side, r, i, slots, winner_to=link)
    return matches


@register
class SingleElimination(Format):
    """Single elimination; option third_place=True adds the "3P" match."""

    name = "single_elimination"
    label = N_("Single elimination")

    min_entrants = 2

    def generate(self, entrants, third_place=False, **options):
        """Build the bracket; byes go to the best (tier, seed) entrants."""
        check_options(self.name, options, {"third_place"})
        seeded = validate_entrants(entrants, self.min_entrants, self.name)
        k = round_count(len(seeded))
        matches = winners_side(tier_order(seeded), k)
        if third_place and k >= 2:
            for i, m in enumerate(self._semis(matches, k)):
                m.loser_to = ("3P", i)
            matches["3P"] = Match("3P", "3P", 1, 1, [None, None])
        b = Bracket(self.name, {"third_place": bool(third_place)}, entrant_map(seeded), matches)
        return start(b)

    @staticmethod
    def _semis(matches, k):
        """The two matches of the semifinal round."""
        return [matches[f"W{k - 1}.1"], matches[f"W{k - 1}.2"]]

    def placements(self, bracket):
        """1, 2, 3-4 (or 3 and 4 with a third-place match), 5-8, 9-16... by round lost."""
        w = bracket.rounds("W")
        final = w[-1][0]
        real = real_matches(bracket)
        bands = [(1, [final.winner] if bracket.finished else []),
                 (1, [final.loser] if final.status == "done" else [])]
        lower = w[:-1]
        third = bracket.matches.get("3P")
        if third is not None:
            bands.append((1, [third.winner] if third.decided else []))
            bands.append((1, [third.loser] if third.status == "done" else []))
            lower = w[:-2]
        for rnd in reversed(lower):
            size = sum(1 for m in rnd if m.key in real)
            bands.append((size, [m.loser for m in rnd if m.status == "done"]))
        return ranked_bands(bands)
