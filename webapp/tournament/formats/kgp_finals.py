"""KGP finals stage (RULES.md B 2-4): two qualifiers with a one-life advantage, then a final.

Input: the top 4 of a stop_at_top=4 double elimination; tier 0 = the two winners-side
players, tier 1 = the two losers-side players (``kgp_entrants`` builds them).
Q1 and Q2 each put a winners-side player (slot 0) against a losers-side player. The
winners-side player has one extra life: if they win Q1 the rematch Q1R is void and they
go through; if they lose, Q1R (conditional "reset") is played and decides. The two
qualifier winners meet in F. Placements: F winner 1st, F loser 2nd, both qualifier
losers 3rd (rank 3, rank_to 3: tied, not a 3-4 band).

Pairing: ``pairing=[(w, l), (w, l)]`` as the desk sets it; by default W1 v L2 and W2 v L1
(W1/L1 = the better seed of each side), switched to W1 v L1 and W2 v L2 when that makes
fewer immediate rematches with ``previous_opponents`` ([(a, b), ...] who last played whom).
"""
from __future__ import annotations

from ..bracket import Bracket, Entrant, Match, Placement
from ..bracket_results import start
from ..errors import N_, BracketError
from . import Format, check_options, entrant_map, register, validate_entrants


def _sides(seeded):
    """(winners-side ids, losers-side ids), each best seed first; tiers must be 0,0,1,1."""
    winners = [e.id for e in seeded if e.tier == 0]
    losers = [e.id for e in seeded if e.tier == 1]
    if len(winners) != 2 or len(losers) != 2:
        raise BracketError("bracket.kgp_finals_tiers",
                           N_("The finals stage needs two winners-side entrants (tier 0) and two losers-side "
                              "entrants (tier 1)."))
    return winners, losers


def _rematches(pairing, previous) -> int:
    """How many pairs in ``pairing`` played each other last time."""
    last = {frozenset(p) for p in previous or ()}
    return sum(1 for p in pairing if frozenset(p) in last)


def default_pairing(winners, losers, previous_opponents=None) -> list[tuple]:
    """W1 v L2, W2 v L1, unless W1 v L1, W2 v L2 avoids more immediate rematches."""
    crossed = [(winners[0], losers[1]), (winners[1], losers[0])]
    straight = [(winners[0], losers[0]), (winners[1], losers[1])]
    if _rematches(straight, previous_opponents) < _rematches(crossed, previous_opponents):
        return straight
    return crossed


def _checked_pairing(pairing, winners, losers) -> list[tuple]:
    """Normalise a desk pairing to [(w, l), (w, l)]; each pair one player from each side."""
    out = []
    for pair in pairing:
        pair = list(pair)
        w = [i for i in pair if i in winners]
        l_ = [i for i in pair if i in losers]
        if len(pair) != 2 or len(w) != 1 or len(l_) != 1:
            out = []
            break
        out.append((w[0], l_[0]))
    if len(out) != 2 or len({i for p in out for i in p}) != 4:
        raise BracketError("bracket.bad_pairing",
                           N_("Each qualifier must pair one winners-side player with one losers-side player, "
                              "and every player must appear once."))
    return out


@register
class KgpFinals(Format):
    """Q1, Q2 (with conditional Q1R, Q2R) and the final F."""

    name = "kgp_finals"
    label = N_("Finals stage")
    template_only = True

    min_entrants = 4

    def generate(self, entrants, pairing=None, previous_opponents=None, **options):
        """Build the finals stage for exactly four entrants."""
        check_options(self.name, options, set())
        seeded = validate_entrants(entrants, self.min_entrants, self.name)
        if len(seeded) != 4:
            raise BracketError("bracket.kgp_finals_four",
                               N_("The finals stage takes exactly 4 entrants; it has %(count)s."),
                               count=len(seeded))
        winners, losers = _sides(seeded)
        pairs = (_checked_pairing(pairing, winners, losers) if pairing
                 else default_pairing(winners, losers, previous_opponents))
        matches = {}
        for i, (w, l_) in enumerate(pairs, 1):
            matches[f"Q{i}"] = Match(f"Q{i}", "Q", 1, i, [w, l_],
                                     winner_to=(f"Q{i}R", 0), loser_to=(f"Q{i}R", 1))
        for i in (1, 2):
            matches[f"Q{i}R"] = Match(f"Q{i}R", "Q", 2, i, [None, None],
                                      winner_to=("F", i - 1), conditional="reset")
        matches["F"] = Match("F", "F", 1, 1, [None, None])
        options = {"pairing": [list(p) for p in pairs]}
        return start(Bracket(self.name, options, entrant_map(seeded), matches))

    def placements(self, bracket):
        """F winner 1st, F loser 2nd, both qualifier losers 3rd (tied)."""
        m = bracket.matches
        out = []
        if bracket.finished:
            out.append(Placement(m["F"].winner, 1, 1))
        if m["F"].status == "done":
            out.append(Placement(m["F"].loser, 2, 2))
        out.extend(Placement(m[k].loser, 3, 3) for k in ("Q1R", "Q2R") if m[k].decided)
        return out


def change_pairing(bracket, pairing) -> Bracket:
    """A new finals stage with the desk's pairing; only before any qualifier is played."""
    if any(m.status == "done" for m in bracket.matches.values()):
        raise BracketError("bracket.already_started",
                           N_("The qualifiers have started; the pairing can no longer change."))
    return KgpFinals().generate(list(bracket.entrants.values()), pairing=pairing)


def kgp_entrants(de_bracket) -> list[Entrant]:
    """The four finals entrants from a finished stop_at_top=4 double elimination."""
    from .side_entry import top4
    if not de_bracket.finished:
        raise BracketError("bracket.not_finished",
                           N_("The top 4 are not known yet; finish the double elimination first."))
    sides = top4(de_bracket)
    seed = {i: e.seed for i, e in de_bracket.entrants.items()}
    out = []
    for tier, ids in ((0, sides["winners"]), (1, sides["losers"])):
        for i in sorted(ids, key=seed.get):
            out.append(Entrant(i, len(out) + 1, tier))
    return out
