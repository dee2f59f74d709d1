"""The bracket as it is drawn: sides of rounds of cells, each cell knowing its connector lines.

Cells of a round share its height equally, so a match sits level with the middle of the
two matches that feed it; a bye or void match keeps its place as an empty cell (nothing
is drawn) so the lines still meet. A line is drawn only where the bracket really routes
the winner to the next round of the same side, in the pair or straight-across position.
"""
import functools
from dataclasses import dataclass, field, replace

from ...models import MatchRow
from ...tournament.errors import RuleViolation
from ..matches import play
from .standings import names

EMPTY = ("bye", "void")


@dataclass
class Cell:
    """One place in a round: a match (or nothing) and the lines around it."""

    match: MatchRow | None
    join: str = ""       # line to the next match: "down" (top of a pair), "up", "straight" or ""
    fed: bool = False    # a line arrives from the previous round
    state: str = ""      # waiting | ready | called | playing | done
    seeds: tuple = (None, None)

    @functools.cached_property
    def score(self) -> tuple | None:
        """Read only when the cell is drawn: a round kept from before replays none of its matches."""
        return _score(self.match) if self.state else None


@dataclass
class RoundView:
    number: int
    cells: list[Cell]
    name: str = ""   # the round's name when known without its matches (bracket_outline)


@dataclass
class SideView:
    side: str
    rounds: list[RoundView]


@dataclass
class BracketDrawing:
    label: str
    sides: list[SideView] = field(default_factory=list)
    placements: list = field(default_factory=list)


def top8(drawings: list[BracketDrawing]) -> list[BracketDrawing]:
    """Only the rounds played by the last eight: from 4 left on each side of a double
    elimination (8 in a single one) to the final."""
    result = []
    for d in drawings:
        double = any(s.side == "L" for s in d.sides)
        most = 2 if double else 4
        sides = [SideView(s.side, [r for r in s.rounds if len(r.cells) <= most]) for s in d.sides]
        for side in sides:
            if side.rounds:
                side.rounds[0] = _unfed(side.rounds[0])
        result.append(BracketDrawing(d.label, [s for s in sides if s.rounds], d.placements))
    return result


def _unfed(first: RoundView) -> RoundView:
    """The first round drawn with no line arriving (copies: an outline's cells are shared)."""
    return RoundView(first.number, [replace(cell, fed=False) for cell in first.cells], first.name)


def _connect(current: RoundView, following: RoundView) -> None:
    """Lines from each real match of a round to where its winner goes in the next."""
    position = {c.match.key: i for i, c in enumerate(following.cells)}
    halves = len(following.cells) * 2 == len(current.cells)
    same = len(following.cells) == len(current.cells)
    for i, cell in enumerate(current.cells):
        target = cell.match.winner_to[0] if cell.match.winner_to else None
        if cell.match.status in EMPTY or target not in position:
            continue
        j = position[target]
        if halves and j == i // 2:
            cell.join = "down" if i % 2 == 0 else "up"
        elif same and j == i:
            cell.join = "straight"
        else:
            continue
        following.cells[j].fed = True


def _state(match: MatchRow) -> str:
    if match.status == "done":
        return "done"
    if match.status != "ready":
        return "waiting"
    if match.actions:
        return "playing"
    return "called" if match.station else "ready"


def _score(match: MatchRow) -> tuple | None:
    """Games won by each side, once play has started (a walkover has none)."""
    if not match.actions or match.walkover:
        return None
    try:
        return agreeing_score(match, tuple(play.state_of(match).score))
    except RuleViolation:  # a record the desk must look at: show no score rather than fail
        return None


def agreeing_score(match: MatchRow, score: tuple) -> tuple | None:
    """The games' score, unless it says the other player won: a desk correction changed the winner
    and not the games, and a score next to the new winner must not read as a loss (none is shown)."""
    if match.status != "done" or match.winner_id is None or match.winner_id not in (match.slot_a, match.slot_b):
        return score
    won, lost = score if match.winner_id == match.slot_a else score[::-1]
    return score if won >= lost else None


__all__ = ["names", "Cell", "RoundView", "SideView", "BracketDrawing"]
