"""Phase routing as data (like start.gg progressions): who goes where after a phase.

A :class:`Progression` says "every entrant placed ``rank`` in any bracket (group) of
``source_phase`` goes to ``target_phase`` at entry tier ``tier``". ``route`` applies a
list of them to the placements of the phases played so far; it can run while a phase is
still going (only settled places move) and again after a correction (``diff_routes``
tells the desk who changed).

What "placed ``rank``" means is read from :func:`phase_places`, which turns a phase's
brackets into the lists ``route`` takes:
- an ordinary bracket: its placements (``rank`` = ``Placement.rank``);
- a "pairs" phase: every match is its own two-entrant group, winner rank 1 and loser
  rank 2 (so "rank 2 of the second qualifier" = every second-qualifier loser); a bye
  gives its entrant rank 1;
- a stop_at_top=4 double elimination: the top 4 come first, the two winners-side players
  as rank 1 (rank_to 2) and the two losers-side players as rank 3 (rank_to 4), each side
  in DE seed order, then the ordinary placements from 5 (KGP: rank 1 -> finals tier 0,
  rank 3 -> finals tier 1).

Order of a target's list (its seeding, reproducible): tier, then source rank, then the
progression's position in the list, then group order (A, B, ...), then the order within
the group's placements. Source labels come from ``labels_by_phase`` (``phase_labels``
gives them: "C" for a group, "P3" for a pairs match), else A, B, ... by position.
"""
from __future__ import annotations

from dataclasses import dataclass

from .bracket import Placement
from .formats import placements
from .formats.groups import label as group_label

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


@dataclass(frozen=True)
class Progression:
    """Entrants placed ``rank`` in any bracket of ``source_phase`` go to ``target_phase``."""

    source_phase: str
    rank: int
    target_phase: str
    tier: int = 0
    label: str = ""  # how the source reads on screen: "Group", "Second qualifier"


@dataclass(frozen=True)
class Routed:
    """One entrant routed into a target phase, with where it came from."""

    entrant_id: int
    tier: int
    source: str            # "Group C 2nd", "Second qualifier P3 2nd"
    source_phase: str = ""
    group: str = ""
    rank: int = 0


def ordinal(rank) -> str:
    """1st, 2nd, 3rd, 4th... (English; the view may re-render from ``rank``)."""
    return ORDINALS.get(rank, f"{rank}th")


def phase_places(brackets) -> list[list[Placement]]:
    """The placement lists ``route`` reads for one phase (see the module doc)."""
    out = []
    for b in brackets:
        if b.format == "pairs":
            out.extend(_match_places(m) for m in b.matches.values())
        elif b.format == "double_elimination" and b.options.get("stop_at_top"):
            out.append(_top4_places(b) + placements(b))
        else:
            out.append(placements(b))
    return out


def phase_labels(brackets) -> list[str]:
    """Labels for the lists of ``phase_places``: group labels, or match keys for pairs."""
    out = []
    for b in brackets:
        out.extend(b.matches if b.format == "pairs" else [b.label])
    return out


def _match_places(m) -> list[Placement]:
    """A pairs match read as a group of two: winner 1st, loser 2nd, once decided."""
    if not m.decided:
        return []
    return [Placement(m.winner, 1, 1)] + ([Placement(m.loser, 2, 2)] if m.loser is not None else [])


def _top4_places(b) -> list[Placement]:
    """Top 4 of a finished stop_at_top DE: winners side rank 1-2, losers side 3-4."""
    from .formats.side_entry import top4
    if not b.finished:
        return []
    seed = {i: e.seed for i, e in b.entrants.items()}
    sides = top4(b)
    return ([Placement(i, 1, 2) for i in sorted(sides["winners"], key=seed.get)]
            + [Placement(i, 3, 4) for i in sorted(sides["losers"], key=seed.get)])


def route(progressions, placements_by_phase, labels_by_phase=None) -> dict[str, list[Routed]]:
    """Apply the progressions; {target phase: [Routed, ...]} in seeding order."""
    keyed: dict[str, list] = {}
    labels_by_phase = labels_by_phase or {}
    for pi, prog in enumerate(progressions):
        groups = placements_by_phase.get(prog.source_phase) or []
        labels = labels_by_phase.get(prog.source_phase)
        for gi, places in enumerate(groups):
            name = _group_name(labels, gi, len(groups))
            for pos, p in enumerate(places):
                if p.rank == prog.rank:
                    r = Routed(p.entrant_id, prog.tier, _source(prog, name), prog.source_phase, name, p.rank)
                    keyed.setdefault(prog.target_phase, []).append(((prog.tier, prog.rank, pi, gi, pos), r))
    return {t: [r for _, r in sorted(rows, key=lambda x: x[0])] for t, rows in keyed.items()}


def _group_name(labels, index, count) -> str:
    """The group's label; empty for a single-bracket phase (no letter to show)."""
    if labels is not None and index < len(labels):
        return labels[index]
    return group_label(index) if count > 1 else ""


def _source(prog, group) -> str:
    """"Group C 2nd": the progression's label, the group, the place."""
    parts = [prog.label or prog.source_phase, group, ordinal(prog.rank)]
    return " ".join(p for p in parts if p)


def diff_routes(old, new) -> list[tuple]:
    """(entrant_id, was, now) for everyone whose destination changed; was/now are
    (target_phase, tier, source) or None."""
    def index(routes):
        # keyed per source phase too: a wildcard winner is routed twice in one day
        return {(r.entrant_id, r.source_phase): (t, r.tier, r.source)
                for t, rows in routes.items() for r in rows}
    a, b = index(old), index(new)
    keys = list(dict.fromkeys(list(a) + list(b)))
    return [(k[0], a.get(k), b.get(k)) for k in keys if a.get(k) != b.get(k)]
