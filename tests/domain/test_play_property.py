"""Property: any valid kachinuki ends with one team all out, and replay equals step by step."""
from __future__ import annotations

from domain_play import Driver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.tournament.play import replay


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_kachinuki_ends_with_one_team_out_and_replays_identically(data):
    d = Driver(data)
    d.run()
    s = d.state
    loser = "b" if s.winner == "a" else "a"
    assert s.finished and s.winner in ("a", "b")
    assert s.members_in(loser) == [] and s.members_in(s.winner) != []
    assert s.score == (len(s.b.out), len(s.a.out))
    assert replay(s.setup, d.actions).to_dict() == s.to_dict()
    assert replay(s.setup, [a.to_dict() for a in d.actions]).to_dict() == s.to_dict()
