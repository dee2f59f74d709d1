"""Groups: snake or drawn assignment, uneven sizes, inner formats."""
import pytest

from webapp.tournament.bracket import Entrant
from webapp.tournament.bracket_results import record_result
from webapp.tournament.errors import BracketError
from webapp.tournament.formats import FORMATS, generate, generate_phase, placements
from webapp.tournament.formats.groups import generate_groups


def ents(n):
    """Entrants with ids 100+seed."""
    return [Entrant(100 + s, s) for s in range(1, n + 1)]


def members(b):
    """Original seeds (id - 100) in group seed order."""
    return [i - 100 for i, e in sorted(b.entrants.items(), key=lambda kv: kv[1].seed)]


def test_tekken_first_qualifier_fourteen_groups_of_four():
    groups = generate_groups(ents(56), 14, "double_elimination", grand_final="none")
    assert [g.label for g in groups][:3] == ["A", "B", "C"] and groups[-1].label == "N"
    assert members(groups[0]) == [1, 28, 29, 56]
    assert members(groups[13]) == [14, 15, 42, 43]
    for g in groups:
        assert g.format == "double_elimination" and len(g.matches) == 5


def test_uneven_counts_leave_some_groups_one_short():
    groups = generate_groups(ents(15), 4, "double_elimination", grand_final="none")
    assert [len(g.entrants) for g in groups] == [3, 4, 4, 4]   # snake: 13, 14, 15 go D, C, B
    assert members(groups[0]) == [1, 8, 9] and members(groups[3]) == [4, 5, 12, 13]
    with pytest.raises(BracketError) as err:      # a group of 2 cannot run double elimination
        generate_groups(ents(11), 4, "double_elimination")
    assert err.value.code == "bracket.too_few_entrants"


def test_three_entrant_double_elimination_group_plays_out():
    groups = generate_groups(ents(7), 2, "double_elimination", grand_final="none")
    small = next(g for g in groups if len(g.entrants) == 3)
    while small.ready_matches():
        m = small.ready_matches()[0]
        record_result(small, m.key, min(m.slots))
    assert small.finished and [p.rank for p in placements(small)] == [1, 2, 3]


def test_drawn_assignment_sets_groups_and_order():
    groups = generate_groups(ents(6), 2, "single_elimination", assignment=[[106, 101, 103], [102, 105, 104]])
    assert members(groups[0]) == [6, 1, 3] and members(groups[1]) == [2, 5, 4]
    with pytest.raises(BracketError) as err:
        generate_groups(ents(6), 2, "single_elimination", assignment=[[101, 102], [103, 104, 105]])
    assert err.value.code == "bracket.bad_assignment"


def test_groups_registered_as_phase_format():
    assert FORMATS["groups"].multi
    phase = generate("groups", ents(8), group_count=2, inner_format="single_elimination")
    assert isinstance(phase, list) and [g.label for g in phase] == ["A", "B"]
    assert len(generate_phase("single_elimination", ents(4))) == 1
    with pytest.raises(BracketError) as err:
        generate_groups(ents(3), 5, "pairs")
    assert err.value.code == "bracket.bad_group_count"
