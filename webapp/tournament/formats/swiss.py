"""Swiss: a chosen number of rounds (default ⌈log2 N⌉), each paired when the last result of the
one before arrives (``next_round``), within score groups, never a rematch, one bye at most each.

Keys ``S<round>.<index>``, side ``S``; a bye is a match with one empty slot (settled as a bye:
a win). Round 1 pairs by seed, top half against bottom half. Every later round ranks the
players by score, the phase's tiebreaks and then the draw order of ``<seed>:<round>``
(``tournament/draw.py``, the seed kept in the options): the same results and seed always give
the same pairing (``pairing_for``), so anyone can check it. Placements are the standings
(``swiss_standings``) once the last round is decided.
"""
from __future__ import annotations

import math

from .. import draw as draws  # the module, read at call time: draw.py imports this package
from ..bracket import Bracket, Match, Placement
from ..bracket_results import start
from ..errors import N_, BracketError
from ..swiss_pairing import pair_round
from ..swiss_standings import check_tiebreaks, standings
from . import Format, check_options, entrant_map, register, validate_entrants


def default_rounds(n: int) -> int:
    """⌈log2 N⌉ rounds: enough for one player to be the only one who won them all."""
    return max(1, math.ceil(math.log2(n)))


def _round_matches(r: int, pairs: list, bye) -> dict:
    matches = {}
    for i, (a, b) in enumerate(pairs, start=1):
        matches[f"S{r}.{i}"] = Match(f"S{r}.{i}", "S", r, i, [a, b])
    if bye is not None:
        i = len(pairs) + 1
        matches[f"S{r}.{i}"] = Match(f"S{r}.{i}", "S", r, i, [bye, None])
    return matches


def rounds_made(bracket: Bracket) -> int:
    return max((m.round for m in bracket.matches.values() if m.side == "S"), default=0)


def pairing_for(bracket: Bracket, r: int) -> tuple[list, int | None]:
    """The pairing of round ``r`` from the results of the rounds before it (and the seed)."""
    before = [m for m in bracket.matches.values() if m.side == "S" and m.round < r]
    out = set(bracket.options.get("dropped") or ())
    players = [e for e in bracket.entrants if e not in out]
    if r == 1:
        return _first_round(sorted(players, key=lambda e: bracket.entrants[e].seed))
    rows = {row.entrant: row for row in standings(players, before, bracket.options.get("tiebreaks"))}
    drawn = {e: i for i, e in enumerate(draws.draw(sorted(players), f"{bracket.options['seed']}:{r}"))}
    ranked = sorted(players, key=lambda e: (rows[e].rank, drawn[e]))
    played = {frozenset(m.slots) for m in before if None not in m.slots}
    had_bye = {m.winner for m in before if m.status == "bye"}
    return pair_round(ranked, {e: rows[e].score for e in players}, played, had_bye)


def _first_round(ranked: list) -> tuple[list, int | None]:
    """Top half against bottom half by seed; the last seed has the bye in an odd field."""
    bye = ranked[-1] if len(ranked) % 2 else None
    rest = ranked[:-1] if bye is not None else ranked
    half = len(rest) // 2
    return [(rest[i], rest[half + i]) for i in range(half)], bye


def next_round(bracket: Bracket) -> list[str]:
    """Pair the next round when every match so far is decided; the keys of the new matches."""
    r = rounds_made(bracket)
    if r >= bracket.options["rounds"] or not bracket.finished:
        return []
    pairs, bye = pairing_for(bracket, r + 1)
    new = _round_matches(r + 1, pairs, bye)
    bracket.matches.update(new)
    start(bracket)
    return list(new)


@register
class Swiss(Format):
    """Swiss system; options: rounds, seed, tiebreaks."""

    name = "swiss"
    label = N_("Swiss")
    min_entrants = 2
    pairs_as_played = True  # services/matches/swiss_rounds.py pairs the next round when one ends

    def generate(self, entrants, rounds=None, seed=None, tiebreaks=None, **options):
        """Round 1 (by seed); the later rounds are paired as results arrive (``next_round``)."""
        check_options(self.name, options, {"dropped"})
        check_tiebreaks(tiebreaks)
        seeded = validate_entrants(entrants, self.min_entrants, self.name)
        total = default_rounds(len(seeded)) if rounds in (None, "", 0) else int(rounds)
        if not 1 <= total <= len(seeded) - 1 + len(seeded) % 2:
            raise BracketError("bracket.swiss_rounds",
                               N_("A Swiss of %(count)s players can have 1 to %(most)s rounds."),
                               count=len(seeded), most=len(seeded) - 1 + len(seeded) % 2)
        opts = {"rounds": total, "seed": seed or draws.new_seed(), "tiebreaks": tiebreaks, **options}
        b = Bracket(self.name, opts, entrant_map(seeded), {})
        pairs, bye = pairing_for(b, 1)
        b.matches.update(_round_matches(1, pairs, bye))
        return start(b)

    def placements(self, bracket, **_context):
        """The standings once the last round is decided."""
        if rounds_made(bracket) < bracket.options["rounds"] or not bracket.finished:
            return []
        rows = standings(list(bracket.entrants), list(bracket.matches.values()), bracket.options.get("tiebreaks"),
                         out=bracket.options.get("dropped") or ())
        return [Placement(r.entrant, r.rank, r.rank_to) for r in rows]
