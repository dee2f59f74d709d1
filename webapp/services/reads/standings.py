"""Read models for pages: bracket views, placements, event standings."""

from ...extensions import db
from ...models import Entrant, Event, Phase
from ...tournament.textsearch import entrant_sort_key
from ..matches import pool_tables

SIDE_ORDER = ("W", "L", "GF", "3P", "P", "Q", "F", "RR", "PO", "S")


def names(event_id: int) -> dict[int, Entrant]:
    """Entrants of an event by id."""
    return {e.id: e for e in db.session.query(Entrant).filter_by(event_id=event_id)}


def display_names(event_id: int) -> dict:
    """Each entrant's id, name, reading and disqualification by id, as plain rows: a page naming
    thousands of entrants reads four columns, not every entrant with its JSON fields."""
    rows = db.session.execute(db.select(Entrant.id, Entrant.name, Entrant.reading, Entrant.dq)
                              .where(Entrant.event_id == event_id))
    return {row.id: row for row in rows}


def _side_rank(side: str) -> int:
    return SIDE_ORDER.index(side) if side in SIDE_ORDER else len(SIDE_ORDER)


def bracket_placements(row, memo: dict | None = None) -> list:
    """A bracket's settled placements, for a page; with memo (bracket id -> placements, one
    request's), each bracket's once: the standings page places every bracket for the final table
    and again for each phase's table, and placing a big bracket is most of that page's time."""
    if memo is None:
        return pool_tables.placements(row, to_read=True)
    if row.id not in memo:
        memo[row.id] = pool_tables.placements(row, to_read=True)
    return memo[row.id]


def _pool_bands(phase: Phase, memo: dict | None, seen: set) -> list[tuple[int, int, Entrant]]:
    """A phase of pools below everyone already placed: all the pools' best not yet placed share
    a place, then the next place of every pool, and so on (start.gg's pool placings)."""
    by_place: dict[int, list] = {}
    for _label, places in phase_placements(phase, memo=memo):
        for rank, _rank_to, entrant in places:
            if entrant is not None and entrant.id not in seen:
                by_place.setdefault(rank, []).append(entrant)
    out = []
    for rank in sorted(by_place):
        first = len(seen) + 1
        out += [(first, first + len(by_place[rank]) - 1, e) for e in by_place[rank]]
        seen.update(e.id for e in by_place[rank])
    return out


def phase_placements(phase: Phase, rows: list | None = None, memo: dict | None = None) -> list[tuple[str, list]]:
    """Per bracket (of the phase, or those given): (label, [(rank, rank_to, entrant)])."""
    placed = [(row.label, bracket_placements(row, memo)) for row in (phase.brackets if rows is None else rows)]
    ids = sorted({p.entrant_id for _label, places in placed for p in places if p.entrant_id})
    # Only the placed entrants: a page of 16 pools of a 9,000-entrant phase names 288, not all.
    entrants = {e.id: e for e in db.session.scalars(db.select(Entrant).where(Entrant.id.in_(ids)))} if ids else {}
    return [(label, sorted(((p.rank, p.rank_to, entrants.get(p.entrant_id)) for p in places), key=_place_order))
            for label, places in placed]


def _place_order(place: tuple) -> tuple:
    """By place, a shared place in あいうえお order (as the event's table), an empty place last."""
    rank, _rank_to, entrant = place
    return (rank, entrant is None, entrant_sort_key(entrant) if entrant is not None else ())


def event_standings(event: Event, memo: dict | None = None) -> list[tuple[int, int, Entrant]]:
    """Final standings: later phases place the top; earlier phases place the rest below them.
    memo: as for bracket_placements (a page that also places each phase passes the same one)."""
    from ..setup import event_model
    by_plan = event_model.of(event).standings(lambda row: bracket_placements(row, memo))
    if by_plan is not None:
        return by_plan
    seen: set[int] = set()
    table = []
    for phase in reversed(event.phases):
        if phase.status == "draft" or not phase.brackets:
            continue
        if len(phase.brackets) > 1:
            table += _pool_bands(phase, memo, seen)
            continue
        places = [(r, t, e) for r, t, e in phase_placements(phase, memo=memo)[0][1] if e and e.id not in seen]
        # A phase's ranks restart at 1; push them below everyone already placed.
        shift = max(0, len(seen) + 1 - min((r for r, _, _ in places), default=1))
        for rank, rank_to, entrant in places:
            table.append((rank + shift, rank_to + shift, entrant))
        seen.update(e.id for _, _, e in places)
    return sorted(table, key=lambda t: (t[0], entrant_sort_key(t[2])))  # a shared place in あいうえお order
