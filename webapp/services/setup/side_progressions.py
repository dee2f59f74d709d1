"""Qualifiers that keep their side (issue 41): from double-elimination pools played down to a top
cut, each pool's winners-side qualifiers enter the next bracket's winners side and its losers-side
qualifiers its losers side — 1 + 1 from a pool cut at 2, 2 + 2 at 4, and a running bracket cut at
its top 8 hands on four and four.

The next phase must be played in double elimination (one bracket, or pools of their own: a major's
second round of pools, each sending 2 + 2 on); it is generated with ``losers_side`` and ``pools``
(tournament/formats/side_entry.py), so players of one pool meet as late as it allows.
"""
from ...models import Phase
from ...tournament import bracket as bracket_engine
from ...tournament import progression as domain
from ...tournament.errors import N_
from ...tournament.formats.side_entry import top_cut
from .. import ServiceError
from ..matches import bracket_rows


def check_phases(phase: Phase, source: Phase) -> None:
    """Refuse, in words, a pair of phases that cannot keep sides."""
    if phase.format != "double_elimination":
        raise ServiceError("progression.sides_target",
                           N_("Players keep their side only when %(phase)s is played in double elimination."),
                           phase=phase.name)
    if source.format != "double_elimination" or not (source.options or {}).get("stop_at_top"):
        raise ServiceError("progression.sides_source",
                           N_("Winners-side and losers-side qualifiers come from double-elimination pools played "
                              "down to a top cut; set %(phase)s to stop at its top 2, 4 or 8."), phase=source.name)


def qualified(source: Phase) -> list[domain.Qualified]:
    """Every pool's qualifiers, on the side each ended on."""
    out = []
    for index, row in enumerate(source.brackets):
        bracket = bracket_rows.load_to_read(row)
        for side, ids in top_cut(bracket).items():
            out += [domain.Qualified(e, index, side, rank, bracket.entrants[e].seed, row.label)
                    for rank, e in enumerate(ids) if e is not None]
    return out


def seeded(source: Phase) -> tuple[list[domain.Qualified], list[domain.Qualified]]:
    """(winners side, losers side), each in its seed order."""
    return domain.two_sided(qualified(source))


def players_and_options(source: Phase) -> tuple[list[bracket_engine.Entrant], dict]:
    """The next bracket's entrants (winners side seeded first) and the options that place them."""
    winners, losers = seeded(source)
    ordered = winners + losers
    entrants = [bracket_engine.Entrant(q.entrant, seed) for seed, q in enumerate(ordered, start=1)]
    return entrants, {"losers_side": [q.entrant for q in losers], "pools": {q.entrant: q.pool for q in ordered}}
