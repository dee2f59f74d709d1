"""What a player wants to know: find my entry, where is my next match, how did I place."""
from dataclasses import dataclass

from ...models import Entrant, Event, MatchRow
from ...tournament.textsearch import entrant_sort_key, entrant_texts, matches
from ..reads.pool_list import PoolLine, pool_of

OPEN = ("ready", "pending")


@dataclass
class PlayerView:
    entrant: Entrant
    current: MatchRow | None   # ready to play now
    upcoming: MatchRow | None  # waiting for an opponent
    opponent: Entrant | None
    out: str = ""               # "disqualified" or "withdrew": no match is theirs to wait for
    pool: PoolLine | None = None  # their pool in a running phase of several: its state, wave and stations


def search(event: Event, query: str, limit: int = 30) -> list[Entrant]:
    """Entrants whose name, reading or a member's name or reading matches, sorted the Japanese way."""
    found = [e for e in event.entrants if matches(query, *entrant_texts(e))]
    return sorted(found, key=entrant_sort_key)[:limit]


def view(event: Event, entrant: Entrant) -> PlayerView:
    """The entrant's match to play now, or the next one waiting for its opponent; none once out.

    A disqualified or withdrawn entrant still sits in bracket slots until walkovers settle them,
    but is not told to wait for those matches."""
    if entrant.dq:
        return PlayerView(entrant, None, None, None, "withdrew" if (entrant.info or {}).get("withdrawn")
                          else "disqualified")
    mine = [m for p in event.phases if p.status == "running" for b in p.brackets for m in b.matches
            if entrant.id in (m.slot_a, m.slot_b) and m.status in OPEN]
    current = next((m for m in mine if m.status == "ready"), None)
    upcoming = None if current else next(iter(sorted(mine, key=lambda m: (m.round, m.index))), None)
    match = current or upcoming
    other = None
    if match:
        other_id = match.slot_b if match.slot_a == entrant.id else match.slot_a
        other = next((e for e in event.entrants if e.id == other_id), None)
    return PlayerView(entrant, current, upcoming, other, pool=_pool(event, entrant, match))


def _pool(event: Event, entrant: Entrant, match: MatchRow | None) -> PoolLine | None:
    """The pool a player plays in now: their match's, else the running phase of pools that holds them."""
    if match is not None:
        return pool_of(match.bracket) if len(match.bracket.phase.brackets) > 1 else None
    for phase in event.phases:
        if phase.status == "running" and len(phase.brackets) > 1:
            row = next((b for b in phase.brackets if any(e["id"] == entrant.id for e in b.entrants)), None)
            if row is not None:
                return pool_of(row)
    return None
