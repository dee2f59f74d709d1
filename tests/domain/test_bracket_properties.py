"""Property tests (hypothesis) over sizes up to 1,024: counts, losses, placements, corrections, tiers."""
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playing_brackets import check_consistent, losses, play

from webapp.tournament.bracket import Bracket, Entrant
from webapp.tournament.bracket_results import correct_result, record_result
from webapp.tournament.errors import BracketError
from webapp.tournament.formats import generate, placements

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
sizes = st.one_of(st.integers(3, 40), st.integers(41, 1024))


def ents(n, tiers=None):
    """Entrants with ids 100+seed."""
    return [Entrant(100 + s, s, tiers[s - 1] if tiers else 0) for s in range(1, n + 1)]


def chalk(b, m):
    """The better seed wins."""
    return min(m.slots, key=lambda i: b.entrants[i].seed)


def by(rng):
    """A random winner picker."""
    return lambda b, m: rng.choice(m.slots)


@FAST
@given(n=st.one_of(st.integers(2, 40), st.integers(41, 1024)), rnd=st.randoms(use_true_random=False))
def test_single_elimination_random_results(n, rnd):
    b = generate("single_elimination", ents(n))
    order = play(b, by(rnd))
    assert len(order) == n - 1 and b.finished
    lost = losses(b)
    champion = b.rounds("W")[-1][0].winner
    assert lost[champion] == 0 and all(lost[e] == 1 for e in b.entrants if e != champion)
    assert sorted(p.entrant_id for p in placements(b)) == sorted(b.entrants)
    check_consistent(b)


@FAST
@given(n=sizes, rnd=st.randoms(use_true_random=False))
def test_double_elimination_random_results(n, rnd):
    b = generate("double_elimination", ents(n))
    order = play(b, by(rnd))
    assert b.finished and len(order) in (2 * n - 2, 2 * n - 1)
    lost = losses(b)
    champion = b.matches["GF2"].winner
    assert lost[champion] == len(order) - (2 * n - 2)  # one loss exactly when the reset was played
    assert all(lost[e] == 2 for e in b.entrants if e != champion)
    places = placements(b)
    assert sorted(p.entrant_id for p in places) == sorted(b.entrants)
    assert sorted(p.rank for p in places)[0] == 1
    check_consistent(b)


@FAST
@given(n=sizes, fmt=st.sampled_from(["single_elimination", "double_elimination"]))
def test_chalk_placements_match_seed_bands(n, fmt):
    b = generate(fmt, ents(n))
    play(b, chalk)
    places = placements(b)
    assert len(places) == n
    for p in places:
        assert p.rank <= b.entrants[p.entrant_id].seed <= p.rank_to
    # bands tile 1..n without gaps: each band holds exactly as many entrants as it spans
    bands = Counter((p.rank, p.rank_to) for p in places)
    assert all(count == hi - lo + 1 for (lo, hi), count in bands.items())
    assert sorted(r for lo, hi in bands for r in range(lo, hi + 1)) == list(range(1, n + 1))


@FAST
@given(n=st.integers(4, 200), rnd=st.randoms(use_true_random=False), cut=st.floats(0.1, 0.9),
       fmt=st.sampled_from(["single_elimination", "double_elimination"]))
def test_correction_equals_replay(n, rnd, cut, fmt):
    b = generate(fmt, ents(n))
    order = play(b, by(rnd))
    key, old = order[int(len(order) * cut)]
    m = b.matches[key]
    new = m.loser
    try:
        correct_result(b, key, new)
        cascaded = False
    except BracketError as err:
        assert err.code == "bracket.downstream_played" and err.params["keys"]
        c = correct_result(b, key, new, cascade=True)
        assert c.played and set(c.played) <= set(c.reopened)
        cascaded = True
    # the same state is reached by replaying every result still standing, in order
    fresh = generate(fmt, ents(n))
    standing = {k for k, v in b.matches.items() if v.status == "done"}
    for k, w in order:
        if k in standing:
            record_result(fresh, k, new if k == key else w)
    assert fresh.to_dict() == b.to_dict()
    check_consistent(b)
    if not cascaded:
        assert len(standing) == len(order)
    # and the corrected bracket still plays to the end
    play(b, by(rnd))
    assert b.finished


@FAST
@given(n=st.integers(2, 300), data=st.data())
def test_tiers_hold_for_any_mix(n, data):
    tiers = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    b = generate("single_elimination", ents(n, tiers))
    k = len(b.rounds("W"))
    rounds_to_win = {}
    for m in b.rounds("W")[0]:
        for i in m.slots:
            if i is not None:
                rounds_to_win[i] = k if m.status == "ready" else k - 1
    for e in b.entrants.values():
        for h in b.entrants.values():
            if e.tier > h.tier:
                assert rounds_to_win[e.id] >= rounds_to_win[h.id]
    assert all(None not in m.slots or m.status == "bye" for m in b.rounds("W")[0])


@settings(max_examples=10, deadline=None)
@given(n=st.integers(5, 300), rnd=st.randoms(use_true_random=False))
def test_stop_at_top_four_random(n, rnd):
    from webapp.tournament.formats.side_entry import top4
    b = generate("double_elimination", ents(n), stop_at_top=4)
    play(b, by(rnd))
    top = top4(b)
    four = top["winners"] + top["losers"]
    assert b.finished and None not in four and len(set(four)) == 4
    assert len(placements(b)) == n - 4


@settings(max_examples=15, deadline=None)
@given(n=st.integers(3, 300), rnd=st.randoms(use_true_random=False),
       gf=st.sampled_from(["none", "single", "reset"]))
def test_round_trip_mid_play(n, rnd, gf):
    b = generate("double_elimination", ents(n), grand_final=gf)
    for _ in range(rnd.randint(0, n)):
        ready = b.ready_matches()
        if not ready:
            break
        m = rnd.choice(ready)
        record_result(b, m.key, rnd.choice(m.slots))
    again = Bracket.from_dict(b.to_dict())
    assert again == b
    play(again, by(rnd))
    assert again.finished
