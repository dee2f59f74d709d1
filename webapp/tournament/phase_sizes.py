"""How big each phase of a planned event will be, before anyone has entered: the players it
takes, the matches it plays and the waves they come in (a match can only be played once the
matches feeding it are), so the event builder can preview the day from the count a TO expects.

The brackets are generated for stand-in players exactly as a start would make them, so the
counts are the formats' own (byes not counted); a Swiss phase pairs its later rounds as results
arrive, so its rounds are counted as half the field each. Who goes on to the next phase follows
the progression rules (``top``: K of each group; ``best``: N overall; ``sides``: each group's top cut,
half of it entering the next bracket on the losers' side, as a major's pools send 1 + 1 or 2 + 2).
A double elimination cut at its top N (``stop_at_top``) plays only down to that cut. Pure stdlib.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .bracket import Entrant, real_matches
from .day_forecast import MatchLink
from .errors import N_, RuleViolation
from .formats import generate_phase
from .formats.swiss import default_rounds
from .round_best_of import best_of as round_best_of


@dataclass(frozen=True)
class PhaseDraft:
    """One phase as the builder holds it: its format, generator options and who enters it."""

    name: str
    format: str
    group_count: int = 1
    options: dict = field(default_factory=dict)   # the generator's options (grand_final, double, rounds)
    advance: tuple | None = None                  # ("top" | "sides", K) or ("best", N) of the phase before
    best_of: int = 3
    best_of_by_round: dict | None = None          # {"from": rule, "best_of": n}: round_best_of


@dataclass(frozen=True)
class PhaseSize:
    """What a phase will play: ``waves`` holds the matches playable together, in order, and
    ``games`` the best-of of those matches added up (a wave of best-of-5 finals weighs more)."""

    name: str
    entrants: int
    matches: int
    waves: tuple[int, ...]
    games: tuple[int, ...] = ()
    links: tuple = ()   # its real matches with their links (day_forecast.MatchLink; sets: best-of / 3)
    pools: tuple = ()   # without links (pools): each bracket's rounds as (matches, games) pairs, in order


def sizes(phases: list[PhaseDraft], entrant_count: int) -> list[PhaseSize]:
    """Each phase's size for ``entrant_count`` entrants, or a RuleViolation naming the phase."""
    out, before = [], None
    for phase in phases:
        players = _entering(phase, before, entrant_count)
        out.append(_size(phase, players))
        before = (phase, players)
    return out


def _entering(phase: PhaseDraft, before, entrant_count: int) -> int:
    """How many players enter: the entry list, or the phase before's top K per group / best N."""
    if phase.advance is None or before is None:
        return entrant_count
    mode, count = phase.advance
    previous, previous_players = before
    wanted = count * previous.group_count if mode in ("top", "sides") else count
    if wanted > previous_players:
        raise RuleViolation("builder.too_many_advance",
                            N_("%(phase)s takes %(wanted)s players, but only %(count)s play the phase before."),
                            phase=phase.name, wanted=wanted, count=previous_players)
    return wanted


def _size(phase: PhaseDraft, players: int) -> PhaseSize:
    if players < 2 * max(1, phase.group_count):
        raise RuleViolation("builder.too_few_players",
                            N_("%(phase)s needs at least two players in each group; it would have %(count)s."),
                            phase=phase.name, count=players)
    if phase.format == "swiss":
        rounds = int(phase.options.get("rounds") or default_rounds(players))
        waves = tuple(players // 2 for _ in range(rounds))
        return PhaseSize(phase.name, players, sum(waves), waves, tuple(n * phase.best_of for n in waves))
    stand_ins = [Entrant(i, i) for i in range(1, players + 1)]
    options = dict(phase.options)
    if phase.advance and phase.advance[0] == "sides":  # the losers' side qualifiers: the second half
        options["losers_side"] = [e.id for e in stand_ins[players // 2:]]
    if phase.group_count > 1:
        options = {"group_count": phase.group_count, "inner_format": phase.format, **options}
    fmt = "groups" if phase.group_count > 1 else phase.format
    waves: dict[int, list[int]] = {}
    links: list = []
    pools: list = []
    for bracket in generate_phase(fmt, stand_ins, **options):
        own = _waves(bracket, phase)
        for depth, games in own.items():
            waves.setdefault(depth, []).extend(games)
        links += _links(bracket, phase)
        pools.append(tuple((len(own[d]), sum(own[d])) for d in sorted(own)))
    ordered = [waves[d] for d in sorted(waves)]
    counts = tuple(len(w) for w in ordered)
    linked = tuple(links) if any(link.feeds for link in links) else ()
    return PhaseSize(phase.name, players, sum(counts), counts, tuple(sum(w) for w in ordered), linked,
                     () if linked else tuple(pools))


def _links(bracket, phase: PhaseDraft) -> list:
    """Every match of the bracket as the forecast plays it: a real one for its best-of, a bye in
    no time, each feeding where its winner and loser go."""
    real, label = set(real_matches(bracket)), bracket.label
    games = _games(bracket, phase)
    return [MatchLink(f"{label}:{m.key}", f"{label}{m.side}{m.round}",
                      tuple(f"{label}:{t[0]}" for t in (m.winner_to, m.loser_to) if t),
                      sets=games[m.key] / 3 * _played_share(m) if m.key in real else 0)
            for m in bracket.matches.values()]


def _played_share(m) -> float:
    """A grand final's reset is played only when the losers' side wins the first: counted half."""
    return 0.5 if m.conditional else 1.0


def _games(bracket, phase: PhaseDraft) -> dict[str, int]:
    """Each match's best-of, the later rounds' where the phase changes it."""
    shape: dict[tuple, int] = {}
    for m in bracket.matches.values():
        shape[(m.side, m.round)] = shape.get((m.side, m.round), 0) + 1
    double = any(side == "L" for side, _r in shape)
    return {m.key: round_best_of(phase.best_of_by_round, m.side, shape[(m.side, m.round)],
                                 m.round == max(r for s, r in shape if s == m.side), double, phase.best_of)
            for m in bracket.matches.values()}


def _waves(bracket, phase: PhaseDraft) -> dict[int, list[int]]:
    """Each real match's best-of, by how deep it sits: a pool's by its round, a bracket's by its feeders."""
    real = real_matches(bracket)
    depth: dict[str, int] = {}
    for m in bracket.matches.values():  # feeders come first
        fed = [bracket.feeder(m.key, slot) for slot in (0, 1)]
        below = [depth[f[0]] for f in fed if f is not None and f[0] in depth]
        depth[m.key] = m.round if bracket.format == "round_robin" else 1 + max(below, default=0)
    games = _games(bracket, phase)
    out: dict[int, list[int]] = {}
    for key in real:
        out.setdefault(depth[key], []).append(games[key])
    return out
