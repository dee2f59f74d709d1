"""Progressions: exactly the placements asked go on; same-pool first-round meetings kept minimal."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament.errors import BracketError
from webapp.tournament.progression import (
    Placed,
    advancing,
    first_round_pairs,
    least_meetings,
    meetings,
    seeded,
)


def pools(sizes, rng_records=None):
    out, ident = [], 1
    for pool, size in enumerate(sizes):
        for place in range(1, size + 1):
            record = (rng_records[ident % len(rng_records)],) if rng_records else ()
            out.append(Placed(ident, pool, place, record))
            ident += 1
    return out


@settings(max_examples=200, deadline=None)
@given(sizes=st.lists(st.integers(3, 8), min_size=1, max_size=16), k=st.integers(1, 4),
       records=st.lists(st.integers(0, 9), min_size=1, max_size=7))
def test_top_k_sends_exactly_places_one_to_k_with_minimal_same_pool_meetings(sizes, k, records):
    placed = pools(sizes, records)
    out = seeded(placed, "top", k)
    assert sorted(p.entrant for p in out) == sorted(p.entrant for p in placed if p.place <= k)
    if len(out) >= 2:
        assert meetings(out) == least_meetings(out)


@settings(max_examples=200, deadline=None)
@given(sizes=st.lists(st.integers(3, 8), min_size=2, max_size=12), n=st.integers(2, 40),
       records=st.lists(st.integers(0, 9), min_size=1, max_size=7))
def test_best_n_takes_whole_places_first_then_the_better_record(sizes, n, records):
    placed = pools(sizes, records)
    n = min(n, len(placed))
    out = seeded(placed, "best", n)
    assert len(out) == n
    cut = max(p.place for p in out)
    assert all(p in out for p in placed if p.place < cut)          # every better place goes whole
    left = [p for p in placed if p.place == cut and p not in out]
    taken = [p for p in out if p.place == cut]
    assert all(t.record >= lft.record for t in taken for lft in left)
    if n >= 2:
        assert meetings(out) == least_meetings(out)


def test_pool_winners_spread_and_meet_second_places_of_other_pools():
    placed = pools([4] * 4)
    out = seeded(placed, "top", 2)
    assert [p.place for p in out[:4]] == [1, 1, 1, 1]
    n = len(out)
    for a, b in first_round_pairs(n):
        assert out[a - 1].pool != out[b - 1].pool
    top_half = {out[s - 1].pool for s in (1, 4)}
    assert len(top_half) == 2    # seeds 1 and 2 in opposite halves, as usual


def test_a_tie_across_the_cut_is_refused_with_the_pool_named():
    placed = [Placed(1, 0, 1), Placed(2, 0, 2, place_to=3, label="A"), Placed(3, 0, 2, place_to=3, label="A")]
    with pytest.raises(BracketError) as err:
        advancing(placed, "top", 2)
    assert err.value.code == "progression.tie_at_cut" and err.value.params["label"] == "A"
