"""Double elimination: shapes, drops, byes, grand final modes, placements, top-4 stop."""
import pytest

from webapp.tournament.bracket import Entrant
from webapp.tournament.bracket_results import record_result
from webapp.tournament.errors import BracketError
from webapp.tournament.formats import generate, placements
from webapp.tournament.formats.double_elimination import recent_pairs
from webapp.tournament.formats.side_entry import top4


def ents(n):
    """Entrants with ids 100+seed."""
    return [Entrant(100 + s, s) for s in range(1, n + 1)]


def seeds(b, key):
    """The seeds in a match's slots (None for an empty slot)."""
    return tuple(b.entrants[i].seed if i is not None else None for i in b.matches[key].slots)


def best(b, m):
    """The better seed of a match."""
    return min(m.slots, key=lambda i: b.entrants[i].seed)


def play(b, pick=best):
    """Play every ready match with ``pick`` choosing the winner; returns results recorded."""
    n = 0
    while b.ready_matches():
        for m in b.ready_matches():
            record_result(b, m.key, pick(b, m))
            n += 1
    return n


def bands(b):
    """{seed: (rank, rank_to)} of the settled placements."""
    return {b.entrants[p.entrant_id].seed: (p.rank, p.rank_to) for p in placements(b)}


def test_tekken_first_qualifier_four_teams_no_grand_final():
    b = generate("double_elimination", ents(4), grand_final="none")
    assert list(b.matches) == ["W1.1", "W1.2", "W2.1", "L1.1", "L2.1"]
    assert seeds(b, "W1.1") == (1, 4) and seeds(b, "W1.2") == (2, 3)
    # an upset in each semi, then the favourites win the rest
    record_result(b, "W1.1", 104)
    record_result(b, "W1.2", 102)
    assert seeds(b, "L1.1") == (1, 3)          # the two semi losers
    record_result(b, "W2.1", 104)
    record_result(b, "L1.1", 101)
    assert seeds(b, "L2.1") == (2, 1)          # WF loser v L1 winner
    assert not b.finished
    record_result(b, "L2.1", 101)
    assert b.finished
    assert [(p.entrant_id, p.rank, p.rank_to) for p in placements(b)] == [
        (104, 1, 1), (101, 2, 2), (102, 3, 3), (103, 4, 4)]


def test_three_entrants():
    b = generate("double_elimination", ents(3))
    assert seeds(b, "W1.1") == (1, None) and b.matches["W1.1"].status == "bye"
    assert seeds(b, "W2.1") == (1, None)
    assert b.matches["L1.1"].status == "pending"
    record_result(b, "W1.2", 102)
    assert b.matches["L1.1"].status == "bye" and seeds(b, "L2.1") == (None, 3)
    assert play(b) == 3 and b.finished
    assert b.matches["GF2"].status == "void"
    assert bands(b) == {1: (1, 1), 2: (2, 2), 3: (3, 3)}


def test_eight_entrant_shape_and_crossed_drops():
    b = generate("double_elimination", ents(8))
    assert [k for k in b.matches if k.startswith("L")] == ["L1.1", "L1.2", "L2.1", "L2.2", "L3.1", "L4.1"]
    assert b.matches["W1.1"].loser_to == ("L1.1", 0) and b.matches["W1.2"].loser_to == ("L1.1", 1)
    assert b.matches["W2.1"].loser_to == ("L2.2", 0) and b.matches["W2.2"].loser_to == ("L2.1", 0)
    assert b.matches["W3.1"].loser_to == ("L4.1", 0)
    assert list(b.matches)[-2:] == ["GF1", "GF2"] and b.matches["GF2"].conditional == "reset"
    assert play(b) == 14
    assert [seeds(b, k) for k in ("L1.1", "L1.2", "L2.1", "L2.2", "L3.1", "L4.1", "GF1")] == [
        (8, 5), (7, 6), (3, 5), (4, 6), (3, 4), (2, 3), (1, 2)]
    assert bands(b) == {1: (1, 1), 2: (2, 2), 3: (3, 3), 4: (4, 4),
                        5: (5, 6), 6: (5, 6), 7: (7, 8), 8: (7, 8)}


def test_five_entrants_byes_flow_into_losers_side():
    b = generate("double_elimination", ents(5))
    assert [seeds(b, m.key) for m in b.rounds("W")[0]] == [(1, None), (4, 5), (2, None), (3, None)]
    assert b.matches["L1.2"].status == "void"        # both feeders were byes
    assert play(b) == 8
    assert b.matches["L1.1"].status == "bye" and b.matches["L2.2"].status == "bye"
    assert seeds(b, "L2.1") == (3, 5) and seeds(b, "L3.1") == (3, 4)
    assert bands(b) == {1: (1, 1), 2: (2, 2), 3: (3, 3), 4: (4, 4), 5: (5, 5)}


@pytest.mark.parametrize("n", range(3, 18))
def test_chalk_for_3_to_17(n):
    b = generate("double_elimination", ents(n))
    assert play(b) == 2 * n - 2                      # chalk: no reset
    assert b.finished
    places = placements(b)
    assert len(places) == n
    for p in places:
        assert p.rank <= b.entrants[p.entrant_id].seed <= p.rank_to


def test_sixteen_placement_bands():
    b = generate("double_elimination", ents(16))
    play(b)
    got = {(r, t) for r, t in bands(b).values()}
    assert got == {(1, 1), (2, 2), (3, 3), (4, 4), (5, 6), (7, 8), (9, 12), (13, 16)}


def test_grand_final_reset_is_played_when_losers_side_wins():
    b = generate("double_elimination", ents(4))
    play(b, lambda b, m: best(b, m) if m.key != "GF1" else max(m.slots, key=lambda i: b.entrants[i].seed))
    gf1, gf2 = b.matches["GF1"], b.matches["GF2"]
    assert gf1.winner == 102 and gf2.status == "done" and gf2.winner == 101
    assert seeds(b, "GF2") == (2, 1)
    assert bands(b)[1] == (1, 1) and bands(b)[2] == (2, 2)


def test_grand_final_reset_pending_until_played():
    b = generate("double_elimination", ents(4))
    for k, w in (("W1.1", 101), ("W1.2", 102), ("W2.1", 101), ("L1.1", 103), ("L2.1", 102)):
        record_result(b, k, w)
    changed = record_result(b, "GF1", 102)
    assert changed == ["GF1", "GF2"] and b.matches["GF2"].status == "ready"
    assert not b.finished
    assert 1 not in {p.rank for p in placements(b)}
    record_result(b, "GF2", 102)
    assert b.finished and bands(b)[2] == (1, 1) and bands(b)[1] == (2, 2)


def test_single_grand_final():
    b = generate("double_elimination", ents(6), grand_final="single")
    assert "GF2" not in b.matches and b.matches["GF1"].winner_to is None
    assert play(b, lambda b, m: max(m.slots, key=lambda i: b.entrants[i].seed) if m.key == "GF1" else best(b, m)) == 10
    assert bands(b)[2] == (1, 1) and bands(b)[1] == (2, 2)


def test_bad_grand_final_option():
    with pytest.raises(BracketError) as err:
        generate("double_elimination", ents(4), grand_final="twice")
    assert err.value.code == "bracket.bad_option"
    with pytest.raises(BracketError) as err:
        generate("double_elimination", ents(2))
    assert err.value.code == "bracket.too_few_entrants"


@pytest.mark.parametrize("n", [5, 8, 16, 100])
def test_stop_at_top_four_leaves_two_plus_two(n):
    b = generate("double_elimination", ents(n), stop_at_top=4)
    assert not any(k.startswith("GF") for k in b.matches)
    k = (n - 1).bit_length()
    assert len(b.rounds("W")) == k - 1 and len(b.rounds("L")) == 2 * (k - 2)
    assert len(b.rounds("W")[-1]) == 2 and len(b.rounds("L")[-1]) == 2
    play(b)
    assert b.finished
    top = top4(b)
    assert [b.entrants[i].seed for i in top["winners"]] == [1, 2]
    assert sorted(b.entrants[i].seed for i in top["losers"]) == [3, 4]
    places = placements(b)
    assert len(places) == n - 4 and min(p.rank for p in places) == 5
    assert {b.entrants[p.entrant_id].seed for p in places} == set(range(5, n + 1))


def test_stop_at_top_four_with_random_results_keeps_four_alive():
    import random
    rng = random.Random(7)
    b = generate("double_elimination", ents(16), stop_at_top=4)
    play(b, lambda b, m: rng.choice(m.slots))
    top = top4(b)
    four = top["winners"] + top["losers"]
    assert None not in four and len(set(four)) == 4
    losses = {}
    for m in b.matches.values():
        if m.status == "done":
            losses[m.loser] = losses.get(m.loser, 0) + 1
    assert all(losses.get(i, 0) == 0 for i in top["winners"])
    assert all(losses.get(i, 0) == 1 for i in top["losers"])
    assert recent_pairs(b)


def test_stop_at_top_four_with_four_entrants_is_one_round():
    b = generate("double_elimination", ents(4), stop_at_top=4)
    assert list(b.matches) == ["W1.1", "W1.2"]
    assert top4(b) == {"winners": [None, None], "losers": [None, None]}
    play(b)
    assert top4(b) == {"winners": [101, 102], "losers": [104, 103]}
    assert placements(b) == []


def test_top4_needs_the_stop_option():
    b = generate("double_elimination", ents(4))
    with pytest.raises(BracketError) as err:
        top4(b)
    assert err.value.code == "bracket.not_top4"


def test_drop_orders_by_size():
    from webapp.tournament.formats.double_elimination import drop_orders
    assert drop_orders(8, 3) == {2: [2, 1], 3: [1]}
    assert drop_orders(16, 4) == {2: [4, 3, 2, 1], 3: [1, 2], 4: [1]}
    assert drop_orders(32, 5) == {2: [8, 7, 6, 5, 4, 3, 2, 1], 3: [3, 4, 1, 2], 4: [1, 2], 5: [1]}


@pytest.mark.parametrize("n", [6, 12, 16, 24, 32, 48, 64, 100, 128])
def test_chalk_has_no_losers_side_rematch_before_the_last_two_rounds(n):
    b = generate("double_elimination", ents(n))
    last = len(b.rounds("L"))
    met = {i: set() for i in b.entrants}
    while b.ready_matches():
        for m in b.ready_matches():
            x, y = m.slots
            if m.side == "L" and m.round <= last - 2:
                assert y not in met[x], (m.key, b.entrants[x].seed, b.entrants[y].seed)
            met[x].add(y), met[y].add(x)
            record_result(b, m.key, best(b, m))


def test_sixteen_losers_side_under_chalk():
    b = generate("double_elimination", ents(16))
    play(b)
    assert [seeds(b, m.key) for r in b.rounds("L") for m in r] == [
        (16, 9), (13, 12), (15, 10), (14, 11),      # L1: W1 losers, neighbours
        (6, 9), (7, 12), (5, 10), (8, 11),          # L2: W2 losers dropped reversed
        (6, 7), (5, 8),                             # L3
        (4, 6), (3, 5),                             # L4: W3 losers, no rematch (3 beat 6, 4 beat 5)
        (4, 3), (2, 3)]                             # L5, L6 (losers final)
