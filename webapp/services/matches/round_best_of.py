"""A match's best-of when its phase changes it by round (tournament/round_best_of.py).

The round's size and whether it ends its side come from one aggregate query per bracket, kept
by this process for the bracket's id: a bracket's rounds never change size once it is made
(Swiss and pools add rounds, but no rule names their rounds).
"""
from sqlalchemy import func, select

from ...extensions import db
from ...lru import LRU
from ...models import MatchRow
from ...tournament import round_best_of as domain

_SHAPES = LRU(4096)


def _shape(bracket_id: int) -> dict:
    kept = _SHAPES.get(bracket_id)
    if kept is None:
        rows = db.session.execute(select(MatchRow.side, MatchRow.round, func.count())
                                  .where(MatchRow.bracket_id == bracket_id).group_by(MatchRow.side, MatchRow.round))
        kept = {(side, number): count for side, number, count in rows}
        _SHAPES.put(bracket_id, kept)
    return kept


def for_match(phase, match, default: int) -> int:
    """The games of this match (a row with side, round and bracket_id), the phase's default otherwise."""
    setting = (phase.options or {}).get("best_of_by_round")
    bracket_id, number = getattr(match, "bracket_id", None), getattr(match, "round", None)
    if not setting or bracket_id is None or number is None:
        return default
    shape = _shape(bracket_id)
    last = number == max((r for s, r in shape if s == match.side), default=number)
    double = any(side == "L" for side, _r in shape)
    return domain.best_of(setting, match.side, shape.get((match.side, number), 1), last, double, default)
