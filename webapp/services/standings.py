"""Read models for pages: bracket views, placements, event standings."""
from dataclasses import dataclass, field

from ..extensions import db
from ..models import Entrant, Event, MatchRow, Phase
from . import brackets

SIDE_ORDER = ("W", "L", "GF", "3P", "P", "Q", "F")


@dataclass
class SideView:
    side: str
    rounds: list[list[MatchRow]]


@dataclass
class BracketView:
    label: str
    sides: list[SideView] = field(default_factory=list)


def names(event_id: int) -> dict[int, Entrant]:
    """Entrants of an event by id."""
    return {e.id: e for e in db.session.query(Entrant).filter_by(event_id=event_id)}


def phase_view(phase: Phase) -> list[BracketView]:
    """Each bracket of a phase as sides of rounds of matches, ready to draw."""
    views = []
    for row in phase.brackets:
        by_side: dict[str, dict[int, list[MatchRow]]] = {}
        for match in sorted(row.matches, key=lambda m: (m.round, m.index)):
            if match.status == "void":
                continue
            by_side.setdefault(match.side, {}).setdefault(match.round, []).append(match)
        sides = [SideView(side, [rounds[r] for r in sorted(rounds)])
                 for side, rounds in sorted(by_side.items(), key=lambda kv: _side_rank(kv[0]))]
        views.append(BracketView(row.label, sides))
    return views


def _side_rank(side: str) -> int:
    return SIDE_ORDER.index(side) if side in SIDE_ORDER else len(SIDE_ORDER)


def phase_placements(phase: Phase) -> list[tuple[str, list]]:
    """Per bracket: (label, [(rank, rank_to, entrant)])."""
    entrants = names(phase.event_id)
    result = []
    for row in phase.brackets:
        places = [(p.rank, p.rank_to, entrants.get(p.entrant_id)) for p in brackets.placements(row)]
        result.append((row.label, places))
    return result


def event_standings(event: Event) -> list[tuple[int, int, Entrant]]:
    """Final standings: later phases place the top; earlier phases place the rest below them."""
    if event.template:
        from .event_templates import final_standings
        return final_standings(event)
    seen: set[int] = set()
    table = []
    for phase in reversed(event.phases):
        if phase.status == "draft" or len(phase.brackets) != 1:
            continue
        places = [(r, t, e) for r, t, e in phase_placements(phase)[0][1] if e and e.id not in seen]
        # A phase's ranks restart at 1; push them below everyone already placed.
        shift = max(0, len(seen) + 1 - min((r for r, _, _ in places), default=1))
        for rank, rank_to, entrant in places:
            table.append((rank + shift, rank_to + shift, entrant))
        seen.update(e.id for _, _, e in places)
    return sorted(table, key=lambda t: (t[0], t[2].name))
