"""The desk's run table: a phase's playable matches as rows, filtered by status, round, station, name."""
from dataclasses import dataclass

from ..models import Phase
from ..textsearch import matches as name_matches
from . import stations

STATUSES = ("open", "waiting", "called", "playing", "done", "all")


@dataclass
class RunFilter:
    """What the desk typed in the filter bar."""

    status: str = "open"
    round: str = ""     # "W2", "L1"... (a side code and a round number)
    station: str = ""
    q: str = ""

    @classmethod
    def from_args(cls, args) -> "RunFilter":
        """Read the filter from query arguments, ignoring values that mean nothing."""
        status = args.get("status", "open")
        return cls(status if status in STATUSES else "open", args.get("round", "")[:8],
                   args.get("station", "")[:40], args.get("q", "").strip()[:60])


def rounds(phase: Phase) -> list[tuple[str, str, int]]:
    """(code, side, round) of every round that has a playable match, in play order."""
    seen = {(m.side, m.round) for b in phase.brackets for m in b.matches if m.status in ("ready", "done")}
    order = {"W": 0, "L": 1}
    return [(f"{s}{r}", s, r) for s, r in sorted(seen, key=lambda x: (order.get(x[0], 2), x[1]))]


def _keep(match, f: RunFilter, names: dict) -> bool:
    state = stations.match_state(match)
    if f.status == "open" and state == "done" or f.status not in ("open", "all") and state != f.status:
        return False
    if f.round and f"{match.side}{match.round}" != f.round:
        return False
    if f.station and match.station != f.station:
        return False
    if f.q:
        people = [names[e] for e in (match.slot_a, match.slot_b) if e in names]
        return any(name_matches(f.q, p.name, p.reading, *(m.name for m in p.members)) for p in people)
    return True


def rows(phase: Phase, f: RunFilter, names: dict, pinned: frozenset = frozenset()) -> list:
    """The phase's ready and finished matches that pass the filter (and the pinned ones, e.g.
    waiting for a desk ruling, whatever the filter), in calling order."""
    found = [m for b in phase.brackets for m in b.matches
             if m.status in ("ready", "done") and (m.id in pinned or _keep(m, f, names))]
    return sorted(found, key=lambda m: (m.status == "done", stations.queue_key(m)))
