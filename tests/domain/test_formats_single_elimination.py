"""Single elimination: seeding shapes, byes, tiers, third place, placements."""
import pytest

from webapp.tournament.bracket import Entrant, Placement
from webapp.tournament.bracket_results import record_result
from webapp.tournament.errors import BracketError
from webapp.tournament.formats import FORMATS, bracket_order, generate, placements

_ = None  # a bye in the expected shapes


def ents(n, tiers=None):
    """Entrants with ids 100+seed; tiers optional, listed by seed."""
    return [Entrant(100 + s, s, tiers[s - 1] if tiers else 0) for s in range(1, n + 1)]


def seeds(b, key):
    """The seeds in a match's slots (None for an empty slot)."""
    return tuple(b.entrants[i].seed if i is not None else None for i in b.matches[key].slots)


def first_round(b):
    """Round-1 pairings as seed tuples, top to bottom."""
    return [seeds(b, m.key) for m in b.rounds("W")[0]]


def chalk(b):
    """Play every ready match with the better seed winning; returns results recorded."""
    n = 0
    while b.ready_matches():
        for m in b.ready_matches():
            record_result(b, m.key, min(m.slots, key=lambda i: b.entrants[i].seed))
            n += 1
    return n


EXPECTED_W1 = {
    2: [(1, 2)],
    3: [(1, _), (2, 3)],
    4: [(1, 4), (2, 3)],
    5: [(1, _), (4, 5), (2, _), (3, _)],
    6: [(1, _), (4, 5), (2, _), (3, 6)],
    7: [(1, _), (4, 5), (2, 7), (3, 6)],
    8: [(1, 8), (4, 5), (2, 7), (3, 6)],
    9: [(1, _), (8, 9), (4, _), (5, _), (2, _), (7, _), (3, _), (6, _)],
    10: [(1, _), (8, 9), (4, _), (5, _), (2, _), (7, 10), (3, _), (6, _)],
    11: [(1, _), (8, 9), (4, _), (5, _), (2, _), (7, 10), (3, _), (6, 11)],
    12: [(1, _), (8, 9), (4, _), (5, 12), (2, _), (7, 10), (3, _), (6, 11)],
    13: [(1, _), (8, 9), (4, 13), (5, 12), (2, _), (7, 10), (3, _), (6, 11)],
    14: [(1, _), (8, 9), (4, 13), (5, 12), (2, _), (7, 10), (3, 14), (6, 11)],
    15: [(1, _), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)],
    16: [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)],
    17: [(1, _), (16, 17), (8, _), (9, _), (4, _), (13, _), (5, _), (12, _),
         (2, _), (15, _), (7, _), (10, _), (3, _), (14, _), (6, _), (11, _)],
}


@pytest.mark.parametrize("n", sorted(EXPECTED_W1))
def test_first_round_pairings_and_byes(n):
    b = generate("single_elimination", ents(n))
    assert first_round(b) == EXPECTED_W1[n]
    for m in b.rounds("W")[0]:
        expect = "ready" if None not in m.slots else "bye"
        assert m.status == expect
        if expect == "bye":
            assert m.winner == m.slots[0] and m.loser is None


def test_bracket_order_is_the_usual_recursive_order():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(4) == [1, 4, 2, 3]


def test_byes_advance_into_round_two():
    b = generate("single_elimination", ents(5))
    assert seeds(b, "W2.1") == (1, None) and b.matches["W2.1"].status == "pending"
    assert seeds(b, "W2.2") == (2, 3) and b.matches["W2.2"].status == "ready"
    record_result(b, "W1.2", 104)
    assert seeds(b, "W2.1") == (1, 4) and b.matches["W2.1"].status == "ready"


def test_keys_links_and_display_order():
    b = generate("single_elimination", ents(8))
    assert list(b.matches) == ["W1.1", "W1.2", "W1.3", "W1.4", "W2.1", "W2.2", "W3.1"]
    assert b.matches["W1.2"].winner_to == ("W2.1", 1)
    assert b.matches["W2.2"].winner_to == ("W3.1", 1)
    assert b.matches["W3.1"].winner_to is None


def test_seeds_1_2_meet_only_in_final_and_1_to_4_in_semis():
    b = generate("single_elimination", ents(16))
    chalk(b)
    assert seeds(b, "W4.1") == (1, 2)
    assert [seeds(b, m.key) for m in b.rounds("W")[2]] == [(1, 4), (2, 3)]


@pytest.mark.parametrize("n", range(2, 18))
def test_chalk_plays_n_minus_one_and_places_by_seed_band(n):
    b = generate("single_elimination", ents(n))
    assert chalk(b) == n - 1
    assert b.finished
    places = placements(b)
    assert len(places) == n
    for p in places:
        assert p.rank <= b.entrants[p.entrant_id].seed <= p.rank_to


def test_placement_bands_for_eight():
    b = generate("single_elimination", ents(8))
    chalk(b)
    bands = {b.entrants[p.entrant_id].seed: (p.rank, p.rank_to) for p in placements(b)}
    assert bands == {1: (1, 1), 2: (2, 2), 3: (3, 4), 4: (3, 4),
                     5: (5, 8), 6: (5, 8), 7: (5, 8), 8: (5, 8)}


def test_champion_only_when_finished():
    b = generate("single_elimination", ents(4))
    record_result(b, "W1.1", 101)
    record_result(b, "W1.2", 102)
    assert {p.rank for p in placements(b)} == {3}
    record_result(b, "W2.1", 102)
    assert sorted((p.rank, p.entrant_id) for p in placements(b)) == [(1, 102), (2, 101), (3, 103), (3, 104)]


def test_third_place_match():
    b = generate("single_elimination", ents(8), third_place=True)
    assert b.matches["W2.1"].loser_to == ("3P", 0) and b.matches["W2.2"].loser_to == ("3P", 1)
    chalk(b)
    assert seeds(b, "3P") == (4, 3)
    bands = {b.entrants[p.entrant_id].seed: (p.rank, p.rank_to) for p in placements(b)}
    assert bands[3] == (3, 3) and bands[4] == (4, 4) and bands[5] == (5, 8)
    assert list(b.matches)[-1] == "3P"


def test_third_place_with_three_entrants_is_a_bye():
    b = generate("single_elimination", ents(3), third_place=True)
    record_result(b, "W1.2", 103)
    assert b.matches["3P"].status == "bye" and b.matches["3P"].winner == 102


def test_tekken_wildcard_35_teams_21_upper_14_lowest():
    tiers = [0] * 21 + [2] * 14
    b = generate("single_elimination", ents(35, tiers))
    assert len(b.rounds("W")) == 6
    played_r1 = [m for m in b.rounds("W")[0] if m.status == "ready"]
    assert len(played_r1) == 3
    in_r1 = {i for m in played_r1 for i in m.slots}
    assert all(b.entrants[i].tier == 2 for i in in_r1)
    # every upper-tier team has a bye; the 6 round-1 teams are the worst lowest-tier seeds
    byes = {m.winner for m in b.rounds("W")[0] if m.status == "bye"}
    assert {e.id for e in b.entrants.values() if e.tier == 0} <= byes
    assert sorted(b.entrants[i].seed for i in in_r1) == [30, 31, 32, 33, 34, 35]
    assert chalk(b) == 34


def test_tiers_override_seeds_for_byes():
    # seed 1 is lowest tier: it must not get the bye while a higher-tier entrant plays
    b = generate("single_elimination", ents(3, [1, 0, 0]))
    bye = next(m for m in b.rounds("W")[0] if m.status == "bye")
    assert b.entrants[bye.winner].seed == 2
    ready = next(m for m in b.rounds("W")[0] if m.status == "ready")
    assert sorted(b.entrants[i].seed for i in ready.slots) == [1, 3]


@pytest.mark.parametrize("bad, code", [
    ([Entrant(1, 1)], "bracket.too_few_entrants"),
    ([Entrant(1, 1), Entrant(2, 1)], "bracket.duplicate_seed"),
    ([Entrant(1, 1), Entrant(2, 3)], "bracket.seed_out_of_range"),
    ([Entrant(1, 1), Entrant(1, 2)], "bracket.duplicate_entrant"),
])
def test_bad_entrants_are_refused(bad, code):
    with pytest.raises(BracketError) as err:
        generate("single_elimination", bad)
    assert err.value.code == code
    assert "%(" in err.value.message or err.value.message


def test_unknown_format_and_option():
    with pytest.raises(BracketError) as err:
        generate("ladder", ents(4))  # swiss is a format now (issue 27)
    assert err.value.code == "bracket.unknown_format"
    with pytest.raises(BracketError) as err:
        generate("single_elimination", ents(4), third_plcae=True)
    assert err.value.code == "bracket.bad_option"


def test_registry_has_every_format():
    assert {"single_elimination", "double_elimination", "pairs", "groups", "kgp_finals"} <= set(FORMATS)


def test_placement_type():
    b = generate("single_elimination", ents(2))
    record_result(b, "W1.1", 102)
    assert placements(b) == [Placement(102, 1, 1), Placement(101, 2, 2)]
