"""Undoing a walkover (a lifted DQ): the match is ready again unless a match after it was played."""
import pytest

from webapp.tournament.bracket import Entrant
from webapp.tournament.bracket_results import record_result, undo_walkover
from webapp.tournament.errors import BracketError
from webapp.tournament.formats import generate


def _bracket():
    return generate("double_elimination", [Entrant(100 + s, s) for s in range(1, 9)])


def test_a_walkover_and_the_walkovers_it_caused_downstream_reopen():
    b = _bracket()
    first = next(m for m in b.ready_matches() if m.side == "W")
    dq = first.slots[1]
    record_result(b, first.key, first.slots[0], walkover=True)
    loser_match = next(m for m in b.matches.values() if m.side == "L" and dq in m.slots)
    keys = undo_walkover(b, first.key)
    assert first.status == "ready" and first.winner is None and not first.walkover
    assert loser_match.key in keys and dq not in loser_match.slots


def test_refused_once_a_match_after_it_was_played():
    b = _bracket()
    w1 = [m for m in b.ready_matches() if m.side == "W"]
    record_result(b, w1[0].key, w1[0].slots[0], walkover=True)
    record_result(b, w1[1].key, w1[1].slots[0])
    semi = b.matches[w1[0].winner_to[0]]
    record_result(b, semi.key, semi.slots[0])
    with pytest.raises(BracketError) as err:
        undo_walkover(b, w1[0].key)
    assert err.value.code == "bracket.undo_played"
    assert w1[0].status == "done"
    with pytest.raises(BracketError):
        undo_walkover(b, w1[1].key)  # not a walkover
