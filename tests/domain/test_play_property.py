"""Property: any valid kachinuki ends with one team all out, and replay equals step by step."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_play_support import kachinuki

from webapp.tournament.play import Arrive, CoinToss, NamePlayer, Penalty, ReportGame, RollCall, apply, replay

STAGES = ["Arena", "Mishima Dojo", "Infinite Azure"]


class Driver:
    """Feeds random but valid actions to a kachinuki, keeping the action list."""

    def __init__(self, data):
        self.data, self.state, self.actions = data, kachinuki(), []

    def do(self, action):
        self.state = apply(self.state, action)
        self.actions.append(action)

    def draw(self, strategy):
        return self.data.draw(strategy)

    def opening(self):
        absent = {s: self.draw(st.sets(st.sampled_from(ids), max_size=2))
                  for s, ids in (("a", [1, 2, 3, 4, 5]), ("b", [11, 12, 13, 14, 15]))}
        if absent["a"] or absent["b"]:
            self.do(RollCall(tuple(sorted(absent["a"])), tuple(sorted(absent["b"]))))
        choice = self.draw(st.sampled_from(["stage", "side"]))
        self.do(CoinToss(self.draw(st.sampled_from("ab")), choice,
                         "1P" if choice == "side" else None))

    def name(self, side):
        s = self.state.side(side)
        if s.absent and self.draw(st.booleans()):
            self.do(Arrive(side, self.draw(st.sampled_from(sorted(s.absent)))))
        left = [m for m in self.state.members_in(side) if m not in s.absent]
        early = [m for m in left if m not in s.late]
        self.do(NamePlayer(side, self.draw(st.sampled_from(early or left)), self.state.blind))

    def game(self):
        st_ = self.state
        if st_.replay_of is not None:
            old = st_.games[st_.replay_of]
            w = self.draw(st.sampled_from("ab"))
            r = self.draw(st.integers(0, 2))
            self.do(ReportGame(w, 3 if w == "a" else r, 3 if w == "b" else r,
                               old.char_a, old.char_b, old.stage))
            return
        kind = self.draw(st.sampled_from(["a", "b", "a", "b", "dko", "penalty"]))
        stage = self.draw(st.sampled_from(STAGES))
        if kind == "dko":
            self.do(ReportGame(None, 2, 2, stage=stage, double_ko=True))
        elif kind == "penalty":
            self.penalty()
        else:
            r = self.draw(st.integers(max(self.state.side(kind == "a" and "b" or "a").awarded, 0), 2))
            self.do(ReportGame(kind, 3 if kind == "a" else r, 3 if kind == "b" else r, stage=stage))

    def penalty(self):
        side = self.draw(st.sampled_from("ab"))
        kinds = ["interruption", "selection_mistake"] + (["bluff"] if self.state.blind else [])
        kind = self.draw(st.sampled_from(kinds))
        if kind == "interruption":
            ra, rb = self.draw(st.integers(0, 2)), self.draw(st.integers(0, 2))
            ra, rb = max(ra, self.state.a.awarded), max(rb, self.state.b.awarded)
            self.do(Penalty(side, kind, rounds_a=min(ra, 2), rounds_b=min(rb, 2)))
        else:
            self.do(Penalty(side, kind))

    def run(self):
        self.opening()
        for _ in range(200):
            if self.state.finished:
                return
            for side in self.state.prompt().must_name:
                if not self.state.finished:
                    self.name(side)
            if not self.state.finished and not self.state.prompt().must_name:
                self.game()
        raise AssertionError("the match did not end")


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
