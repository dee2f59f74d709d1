"""Seeding: the unseeded are drawn reproducibly from a recorded seed; separation leaves no
same-region round-1 pair whenever some arrangement of the drawn entrants has none."""
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament import seeding
from webapp.tournament.draw import DrawRecord


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 6), st.integers(0, 12), st.text("0123456789abcdef", min_size=1, max_size=16))
def test_the_draw_is_reproducible_from_its_seed(seeded_count, unseeded_count, seed):
    seeded = list(range(1, seeded_count + 1))
    unseeded = list(range(100, 100 + unseeded_count))
    order, record = seeding.place(seeded, unseeded, seed)
    again, _ = seeding.place(seeded, unseeded, seed)
    assert order == again
    assert order[:seeded_count] == seeded and sorted(order[seeded_count:]) == unseeded
    if unseeded_count >= 2:
        assert DrawRecord(record.seed, record.inputs, record.result).verify()
        assert record.seed == seed and record.inputs == unseeded
    else:
        assert record is None


def _fewest_clashes(order, pairs, movable, group_of):
    places = sorted(movable)
    best = None
    for arranged in permutations([order[p] for p in places]):
        trial = list(order)
        for p, e in zip(places, arranged, strict=True):
            trial[p] = e
        count = len(seeding.clashes(trial, pairs, group_of))
        best = count if best is None else min(best, count)
    return best


@st.composite
def _cases(draw):
    n = draw(st.integers(2, 8))
    order = list(range(1, n + 1))
    positions = draw(st.permutations(list(range(n))))
    byes = draw(st.integers(0, n // 2))
    paired = positions[byes:]
    pairs = [(paired[i], paired[i + 1]) for i in range(0, len(paired) - 1, 2)]
    fixed = draw(st.integers(0, n // 2))
    movable = set(range(fixed, n))
    regions = draw(st.lists(st.sampled_from(["", "関東", "関西", "九州"]), min_size=n, max_size=n))
    return order, pairs, movable, {e: r for e, r in zip(order, regions, strict=True) if r}


@settings(max_examples=150, deadline=None)
@given(_cases())
def test_separation_is_as_good_as_brute_force(case):
    order, pairs, movable, group_of = case
    new, moves = seeding.separate(order, pairs, movable, group_of)
    assert sorted(new) == sorted(order)
    assert all(new[p] == order[p] for p in range(len(order)) if p not in movable)
    assert len(seeding.clashes(new, pairs, group_of)) == _fewest_clashes(order, pairs, movable, group_of)
    assert {m.entrant for m in moves} == {e for i, e in enumerate(new) if order[i] != e}
    for m in moves:
        assert order[m.before - 1] == m.entrant and new[m.after - 1] == m.entrant


def test_no_clash_means_no_move():
    order, moves = seeding.separate([1, 2, 3, 4], [(0, 3), (1, 2)], {0, 1, 2, 3}, {1: "関東", 2: "関東"})
    assert order == [1, 2, 3, 4] and moves == []


def test_two_from_one_region_in_round_one_are_split_by_one_swap():
    group_of = {1: "関西", 4: "関西"}
    order, moves = seeding.separate([1, 2, 3, 4], [(0, 3), (1, 2)], {2, 3}, group_of)
    assert seeding.clashes(order, [(0, 3), (1, 2)], group_of) == []
    assert len(moves) == 2 and order[0] == 1
