"""Helpers several test files share (moved from tests/domain/test_play_support.py, where they were imported from)."""
from __future__ import annotations

import pytest
from hypothesis import strategies as st

from webapp.tournament.errors import RuleViolation
from webapp.tournament.play import (
    Arrive,
    CoinToss,
    MatchSetup,
    Member,
    NamePlayer,
    Penalty,
    ReportGame,
    RollCall,
    apply,
    start,
)

CHARS = ["Kazuya", "Jin", "Paul", "King", "Law"]


def team(first_id: int, prefix: str, declared=()) -> list[Member]:
    """Five members, each registered with one character."""
    return [Member(first_id + i, f"{prefix}{i + 1}", CHARS[i], first_id + i in declared)
            for i in range(5)]


def kachinuki(**kw):
    """A fresh Tekken kachinuki: team A ids 1-5, team B ids 11-15."""
    setup = MatchSetup("kachinuki", "tekken7_hiza_5on5", side_a=team(1, "A", kw.get("declared_a", ())),
                       side_b=team(11, "B", kw.get("declared_b", ())))
    return start(setup)


def tossed(state, winner="a", choice="stage", side=None):
    """After the coin toss."""
    return apply(state, CoinToss(winner, choice, side))


def named(state, a=None, b=None):
    """Name the given players (None: skip that side)."""
    if a is not None:
        state = apply(state, NamePlayer("a", a, blind=True))
    if b is not None:
        state = apply(state, NamePlayer("b", b, blind=True))
    return state


def win(side: str, loser_rounds: int = 0, **kw) -> ReportGame:
    """A Tekken game won by ``side`` 3-x with the registered characters."""
    ra, rb = (3, loser_rounds) if side == "a" else (loser_rounds, 3)
    return ReportGame(side, ra, rb, **kw)


def dko(**kw) -> ReportGame:
    """A double K.O. in the full-set round."""
    return ReportGame(None, 2, 2, double_ko=True, **kw)


def kgp(best_of=3) -> object:
    """A fresh KGP 1-on-1 match."""
    return start(MatchSetup("best_of", "kgp2025", best_of, [Member(1, "Umehara")],
                            [Member(2, "Tokido")]))


def rejected(state, action, code: str) -> RuleViolation:
    """Assert the action is refused with the code and leaves the state alone."""
    before = state.to_dict()
    with pytest.raises(RuleViolation) as exc:
        apply(state, action)
    assert exc.value.code == code, exc.value.to_dict()
    assert state.to_dict() == before
    return exc.value


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
