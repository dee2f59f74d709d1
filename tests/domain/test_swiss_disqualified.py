"""A player out of a Swiss (disqualified or withdrawn) keeps the sets he played and is placed last,
below every player still in, however his record compares (issue 37.14)."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament.bracket import Entrant
from webapp.tournament.bracket_results import record_result
from webapp.tournament.formats import generate, placements
from webapp.tournament.formats.swiss import next_round
from webapp.tournament.swiss_standings import standings


def _played(n, rounds, seed, out_after=1, out_count=1):
    b = generate("swiss", [Entrant(100 + s, s) for s in range(1, n + 1)], rounds=rounds, seed=seed)
    rng = random.Random(seed)
    for r in range(1, rounds + 1):
        for m in [m for m in b.matches.values() if m.round == r and m.status == "ready"]:
            record_result(b, m.key, rng.choice(m.slots))
        if r == out_after:
            ranked = standings(list(b.entrants), list(b.matches.values()))
            b.options["dropped"] = [row.entrant for row in ranked[:out_count]]
        if r < rounds:
            next_round(b)
    return b


def test_the_dropped_leader_keeps_his_record_and_is_last():
    b = _played(8, 3, 7)
    out = b.options["dropped"][0]
    rows = standings(list(b.entrants), list(b.matches.values()), out=b.options["dropped"])
    assert rows[-1].entrant == out and rows[-1].out
    assert rows[-1].wins + rows[-1].losses == 1          # round one, played before the DQ
    assert not any(r.out for r in rows[:-1])
    places = {p.entrant_id: p.rank for p in placements(b)}
    assert places[out] == max(places.values())
    assert all(places[out] > rank for e, rank in places.items() if e != out)


@settings(max_examples=40, deadline=None)
@given(st.integers(8, 16), st.integers(1, 3), st.integers(0, 10_000), st.integers(1, 2))
def test_everyone_still_in_places_above_everyone_out(n, out_after, seed, out_count):
    rounds = 3
    b = _played(n, rounds, seed, out_after, out_count)
    dropped = set(b.options["dropped"])
    rows = standings(list(b.entrants), list(b.matches.values()), out=dropped)
    assert {r.entrant for r in rows} == set(b.entrants)
    assert [r.out for r in rows] == sorted((r.out for r in rows))    # all in, then all out
    matches = [m for m in b.matches.values() if m.status == "done"]
    for r in rows:                                         # every played set still counted
        assert r.wins == sum(1 for m in matches if m.winner == r.entrant)
        assert r.losses == sum(1 for m in matches if m.loser == r.entrant)
    places = {p.entrant_id: p.rank for p in placements(b)}
    assert max((places[e] for e in set(b.entrants) - dropped), default=0) < min(places[e] for e in dropped)
