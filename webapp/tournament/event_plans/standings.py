"""Final standings of a whole event from the placements of each phase.

Later stages rank first. Going from the last stage to the first, every entrant not yet
placed is ranked by its band in that stage (bands of equal local rank are merged across
the groups and phases of a stage: all group 4th places share one band). A band keeps the
size its bracket gives it, less the members already placed higher, so a band that is not
settled yet still holds its ranks; tied bands (KGP's two 3rd places, rank 3 to 3) take as
many ranks as they have members, so the next band starts below them (1, 2, 3, 3, 5).

Tekken: Best 8 gives 1, 2, 3-4, 5-8; then the wildcard teams by the round they lost in
(its winner is already placed); every second-qualifier team is placed by then; the group
4th places come last. KGP: finals 1, 2, 3, 3; then the double-elimination bands from 5.
"""
from __future__ import annotations


def _bands(plan, stage, placements_by_phase, placed) -> dict:
    """{local rank: [nominal size left, local rank_to, members]} for one stage."""
    bands: dict[int, list] = {}
    for phase in plan.phases:
        if phase.stage != stage:
            continue
        for group in placements_by_phase.get(phase.key) or []:
            for rank, rank_to in {(p.rank, p.rank_to) for p in group}:
                bands.setdefault(rank, [0, rank_to, []])[0] += rank_to - rank + 1
            for p in group:
                band = bands[p.rank]
                if p.entrant_id in placed:
                    band[0] -= 1
                elif p.entrant_id not in band[2]:
                    band[2].append(p.entrant_id)
    return bands


def final_standings(plan, placements_by_phase) -> list[tuple]:
    """[(rank, rank_to, entrant_id), ...] best first, for placements per phase and group."""
    out, placed, next_rank = [], set(), 1
    for stage in sorted({p.stage for p in plan.phases}, reverse=True):
        bands = _bands(plan, stage, placements_by_phase, placed)
        for rank in sorted(bands):
            left, _, members = bands[rank]
            width = max(left, 1)  # a tied band (3 to 3) holding two members stays 3-3
            out.extend((next_rank, next_rank + width - 1, i) for i in members)
            placed.update(members)
            next_rank += max(left, len(members))
    return out
