"""Builders shared by the match-play tests (no tests here)."""
from __future__ import annotations

import pytest

from webapp.tournament.errors import RuleViolation
from webapp.tournament.play import CoinToss, MatchSetup, Member, NamePlayer, ReportGame, apply, start

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
