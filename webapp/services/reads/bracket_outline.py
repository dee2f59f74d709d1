"""A phase's brackets as drawn, outlined from a few columns: sides, rounds, places and lines.

The outline is what bracket_view.drawing makes, without the matches' play: each place knows its
match's id and key, whether it is empty (a bye or void) and its connector lines. It depends only
on the bracket's shape (round_names.shape: how many matches, which are byes or void) and the reader's
language (its round headings), so this process keeps it by those and a result does not read the
bracket's thousands of rows.

A round is drawn in blocks of BLOCK places; block_stamps reads, in one aggregate query, what
changes when any match of a block changes (its rows' count, latest update and versions), so the
page draws again only the blocks a result touched (views/public/bracket_rounds.py).
"""
from dataclasses import dataclass

from flask_babel import get_locale
from sqlalchemy import func, select

from ...extensions import db
from ...lru import LRU
from ...models import BracketRow, MatchRow, Phase
from .bracket_view import EMPTY, BracketDrawing, Cell, RoundView, SideView, _connect, top8
from .round_names import for_bracket, shape
from .standings import _side_rank, phase_placements

BLOCK = 32  # places per block: a result draws one block of a round again, not its 2,048 places


@dataclass(slots=True)
class Spot:
    """A match's place in the outline (bracket_view's connector code reads these attributes)."""

    id: int
    key: str
    side: str
    round: int
    index: int
    status: str
    winner_to: list | None
    bracket_id: int


def block_of(spot) -> int:
    """The block a place is drawn in (the same arithmetic as block_stamps' SQL)."""
    return (spot.index - 1) // BLOCK


_KEPT_PLACES = 60_000  # outlines kept at most, in places (a few MB)
_KEPT = LRU(_KEPT_PLACES, weigh=lambda sides: _places(sides))


def drawings(phase: Phase, only_top8: bool = False, rows: list | None = None,
             several: bool | None = None) -> list[BracketDrawing]:
    """The phase's brackets (or those given: a page of pools) outlined, with their round names
    and (groups) placements. several: whether the phase has more than one bracket, when the
    caller knows (not loading every bracket of the phase to count them)."""
    rows = phase.brackets if rows is None else rows
    several = len(phase.brackets) > 1 if several is None else several
    places = dict(phase_placements(phase, rows)) if several else {}
    result = []
    for row in rows:
        sides = _outline(row)
        result.append(BracketDrawing(row.label, [SideView(s.side, list(s.rounds)) for s in sides],
                                     places.get(row.label, [])))
    return top8(result) if only_top8 else result


def _outline(row: BracketRow) -> list[SideView]:
    key = (shape(row), str(get_locale()))  # its round headings are in the reader's language
    sides = _KEPT.get(key)
    if sides is None:
        sides = _build(row)
        _KEPT.put(key, sides)
    return sides


def _places(sides: list[SideView]) -> int:
    return sum(len(r.cells) for s in sides for r in s.rounds)


def _build(row: BracketRow) -> list[SideView]:
    columns = select(MatchRow.id, MatchRow.key, MatchRow.side, MatchRow.round, MatchRow.index, MatchRow.status,
                     MatchRow.winner_to, MatchRow.bracket_id)
    spots = [Spot(*r) for r in db.session.execute(columns.where(MatchRow.bracket_id == row.id))]
    names = for_bracket(row)
    by_side: dict[str, dict[int, list[Spot]]] = {}
    for spot in sorted(spots, key=lambda s: (s.round, s.index)):
        by_side.setdefault(spot.side, {}).setdefault(spot.round, []).append(spot)
    sides = []
    for side, rounds in sorted(by_side.items(), key=lambda kv: _side_rank(kv[0])):
        views = [RoundView(r, [Cell(s, state="" if s.status in EMPTY else "outlined") for s in rounds[r]],
                           names.rounds.get((side, r), "")) for r in sorted(rounds)
                 if any(s.status not in EMPTY for s in rounds[r])]
        for current, following in zip(views, views[1:], strict=False):
            _connect(current, following)
        if views:
            sides.append(SideView(side, views))
    return sides


def block_stamps(phase: Phase, rows: list) -> dict:
    """(bracket id, side, round, block) -> what changes with any of its matches, in one query
    (for the brackets drawn)."""
    block = (MatchRow.index - 1) // BLOCK
    query = (select(MatchRow.bracket_id, MatchRow.side, MatchRow.round, block, func.count(),
                    func.max(MatchRow.updated_at), func.sum(MatchRow.version), func.sum(MatchRow.slots_version))
             .join(BracketRow, BracketRow.id == MatchRow.bracket_id).where(BracketRow.phase_id == phase.id)
             .where(MatchRow.bracket_id.in_([row.id for row in rows]))
             .group_by(MatchRow.bracket_id, MatchRow.side, MatchRow.round, block))
    return {(b, s, r, int(k)): (n, str(t), v, sv) for b, s, r, k, n, t, v, sv in db.session.execute(query)}
