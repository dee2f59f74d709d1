"""Pairs: single matches 1 v 2, 3 v 4 (Tekken second qualifier)."""
import pytest

from webapp.tournament.bracket import Entrant
from webapp.tournament.bracket_results import record_result
from webapp.tournament.errors import BracketError
from webapp.tournament.formats import generate, placements


def ents(n):
    """Entrants with ids 100+seed."""
    return [Entrant(100 + s, s) for s in range(1, n + 1)]


def test_fourteen_group_winners_make_seven_pairs():
    b = generate("pairs", ents(14))
    assert list(b.matches) == [f"P{i}" for i in range(1, 8)]
    assert [m.slots for m in b.matches.values()][:2] == [[101, 102], [103, 104]]
    assert all(m.side == "P" and m.round == 1 and m.status == "ready" for m in b.matches.values())
    for m in b.ready_matches():
        record_result(b, m.key, m.slots[1])
    assert b.finished
    places = {p.entrant_id: (p.rank, p.rank_to) for p in placements(b)}
    assert all(places[100 + s] == (1, 7) for s in range(2, 15, 2))
    assert all(places[100 + s] == (8, 14) for s in range(1, 14, 2))


def test_given_order_is_kept():
    es = ents(4)
    b = generate("pairs", [es[0], es[3], es[1], es[2]], order="given")
    assert [m.slots for m in b.matches.values()] == [[101, 104], [102, 103]]


def test_odd_count_gives_a_bye():
    b = generate("pairs", ents(5))
    assert b.matches["P3"].status == "bye" and b.matches["P3"].winner == 105
    places = {p.entrant_id: (p.rank, p.rank_to) for p in placements(b)}
    assert places == {105: (1, 3)}


def test_bad_order_option():
    with pytest.raises(BracketError) as err:
        generate("pairs", ents(4), order="random")
    assert err.value.code == "bracket.bad_option"
