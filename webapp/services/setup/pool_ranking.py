"""The cross-pool ranking under a round-robin groups phase (issue 37.13): every pool's players in
the order the next phase's rule compares them across pools — "the best N overall" takes every
pool's 1st places, then every 2nd place, and within one place the better record (set win rate, then
game and round difference per match), then the earlier pool — each marked where they go on, so a
player reads which places of each pool go on and why. While the pools are played, the places so far.
"""
from dataclasses import dataclass, field

from ...models import Phase
from ...tournament import progression as domain
from ..matches import pool_tables
from .progressions import record, rule_of

MOST_POOLS = 64  # a bigger phase is read a page of pools at a time; its ranking would be the whole phase


@dataclass
class RankingRow:
    overall: int
    entrant: int
    pool: str
    place: int
    record: tuple        # (win rate, game difference per match, round difference per match)
    goes_on: bool


@dataclass
class Ranking:
    next_phase: str
    mode: str            # top | best
    count: int
    rows: list[RankingRow] = field(default_factory=list)
    places: dict = field(default_factory=dict)   # pool label -> the places of it that go on

    @property
    def going(self) -> int:
        return sum(1 for r in self.rows if r.goes_on)


def follower(phase: Phase) -> Phase | None:
    """The phase that takes its players from this one by "top" or "best"."""
    for later in phase.event.phases:
        rule = rule_of(later) or {}
        if rule.get("from") == phase.id and rule.get("mode") in domain.MODES:
            return later
    return None


def ranking(phase: Phase) -> Ranking | None:
    """The ranking across the phase's pools (None: not a phase of several round-robin pools feeding another)."""
    pools = [row for row in phase.brackets if row.format == "round_robin"]
    later = follower(phase)
    if later is None or len(pools) < 2 or len(pools) > MOST_POOLS:
        return None
    rule = rule_of(later)
    out = Ranking(later.name, rule["mode"], int(rule["count"]))
    for n, (p, going) in enumerate(domain.overall(_placed(pools), out.mode, out.count), start=1):
        out.rows.append(RankingRow(n, p.entrant, p.label, p.place, p.record, going))
        if going:
            out.places.setdefault(p.label, []).append(p.place)
    return out


def _placed(pools: list) -> list[domain.Placed]:
    out = []
    for index, row in enumerate(pools):
        for r in pool_tables.standings(row):
            out.append(domain.Placed(r.entrant, index, r.rank, record(r), r.rank_to if r.rank_to > r.rank else 0,
                                     row.label))
    return out
