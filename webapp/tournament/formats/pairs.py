"""Pairs: one phase of single matches, 1 v 2, 3 v 4... (Tekken second qualifier).

Entrants are paired in seed order (``order="seed"``, default) or in the order given
(``order="given"``, e.g. after a draw). An odd entrant out gets a bye. Winners share
places 1..k (k = number of matches), losers share k+1..n: the phase only sorts entrants
into "through" and "out"; the next phase decides between them.
"""
from __future__ import annotations

from ..bracket import Bracket, Match, ranked_bands
from ..bracket_results import start
from ..errors import N_
from . import Format, bad_option, check_options, entrant_map, register, validate_entrants


@register
class Pairs(Format):
    """Single matches between consecutive entrants; keys P1, P2, ..."""

    name = "pairs"
    label = N_("Pairs (single matches)")

    min_entrants = 2

    def generate(self, entrants, order="seed", **options):
        """Pair 1 v 2, 3 v 4... by seed, or in the order the list was given."""
        check_options(self.name, options, {"order"})
        if order not in ("seed", "given"):
            raise bad_option(self.name, "order", order, "seed or given")
        seeded = validate_entrants(entrants, self.min_entrants, self.name)
        listed = seeded if order == "seed" else list(entrants)
        matches = {}
        for i in range(0, len(listed), 2):
            pair = listed[i:i + 2]
            slots = [pair[0].id, pair[1].id if len(pair) > 1 else None]
            key = f"P{i // 2 + 1}"
            matches[key] = Match(key, "P", 1, i // 2 + 1, slots)
        return start(Bracket(self.name, {"order": order}, entrant_map(listed), matches))

    def placements(self, bracket):
        """Winners share 1..k, losers share k+1..n, each once their match is decided."""
        ms = list(bracket.matches.values())
        k = len(ms)
        winners = [m.winner for m in ms if m.decided]
        losers = [m.loser for m in ms if m.status == "done"]
        return ranked_bands([(k, winners), (len(bracket.entrants) - k, losers)])
