"""Voids that rewrite history: undone namings, the desk's ruling, identical replays."""
from __future__ import annotations

import pytest
from domain_play import Driver, kachinuki, named, rejected, tossed, win
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from webapp.tournament.play import DeclareChange, NamePlayer, Override, Penalty, Ruling, apply, replay

VOID_A1 = Penalty("a", "undeclared_change", game=0, note="Heihachi, not declared")


def started(**kw):
    """Toss made, A1 vs B1 seated."""
    return named(tossed(kachinuki(**kw)), 1, 11)


def same_on_replay(s):
    """The history alone rebuilds the very same match."""
    assert replay(s.setup, [a.to_dict() for a in s.history]).to_dict() == s.to_dict()


def test_case1_naming_after_the_voided_game_is_undone():
    s = apply(started(), win("a"))      # a1 beats b1 (recorded as Kazuya; it was Heihachi)
    s = named(s, b=12)                                     # team B names b2
    named_at = len(s.history) - 1
    s = apply(s, Penalty("a", "undeclared_change", game=0))
    p = s.prompt()
    assert s.games[0].winner == "b" and 1 in s.a.out      # the game goes to B, a1 is out
    assert p.players == {"a": None, "b": 11}               # b1, the winner, stays on
    assert p.must_name == ["a"] and s.ruling is None
    assert [(u["at"], u["kind"]) for u in s.undone] == [(named_at, "name_player")]
    assert s.undone[0]["params"] == {"game": 1} and "voided" in s.undone[0]["message"]
    rejected(s, NamePlayer("b", 12), "tekken.wrong_team_names")
    s = named(s, a=2)
    assert s.prompt().players == {"a": 2, "b": 11}
    same_on_replay(s)


def a1_wins_five(change=False):
    """Case 2: a1 wins game 1 with an unregistered character, then games 2-5."""
    s = started(declared_a=(1,) if change else ())
    if change:
        s = apply(s, DeclareChange("a", 1, "Heihachi", True, True))
    s = apply(s, win("a", char_a="Heihachi" if change else ""))
    for b_next in (12, 13, 14, 15):
        s = apply(named(s, b=b_next), win("a", char_a="Heihachi" if change else ""))
    return s


def test_case2_void_of_game1_after_games_2_to_5_waits_for_the_desk():
    s = a1_wins_five()
    assert s.finished and s.winner == "a"
    s = apply(s, VOID_A1)
    assert s.ruling["game"] == 0 and s.ruling["games"] == [1, 2, 3, 4]
    assert s.prompt().ruling == s.ruling
    assert s.winner == "a" and len(s.games) == 5          # as played until the desk rules
    rejected(s, NamePlayer("a", 2), "match.ruling_needed")
    rejected(s, Ruling("keep"), "ruling.reason_required")
    rejected(s, Ruling("maybe"), "ruling.choice")
    same_on_replay(s)


@pytest.mark.parametrize("change", [False, True], ids=["recorded_registered", "change_allowed_then_void"])
def test_case2_desk_replays_from_the_void(change):
    s = apply(apply(a1_wins_five(change), VOID_A1), Ruling("replay"))
    p = s.prompt()
    assert s.ruling is None and not s.finished
    assert [g.index for g in s.games] == [0] and s.games[0].winner == "b"
    assert p.players == {"a": None, "b": 11} and p.must_name == ["a"] and p.score == (0, 1)
    kinds = [u["kind"] for u in s.undone]
    assert kinds.count("report_game") == 4 and kinds.count("name_player") == 4
    assert all(u["params"] == {"game": 1} for u in s.undone)
    s = named(s, a=2)
    assert s.prompt().players == {"a": 2, "b": 11}
    same_on_replay(s)


def test_case2_desk_keeps_the_results():
    s = apply(apply(a1_wins_five(), VOID_A1), Ruling("keep", "both teams agreed to keep them"))
    p = s.prompt()
    assert s.ruling is None and s.undone == [] and len(s.games) == 5
    assert s.games[0].winner == "b" and [g.winner for g in s.games[1:]] == ["a"] * 4
    assert p.score == (4, 1) and p.members_in == {"a": [2, 3, 4, 5], "b": [11]}
    assert sorted(p.must_name) == ["a", "b"]
    same_on_replay(s)


def test_an_override_settles_a_pending_ruling():
    s = apply(apply(a1_wins_five(), VOID_A1), Override("b", "referee gave the match to B"))
    assert s.ruling is None and s.winner == "b"
    rejected(s, Ruling("replay"), "ruling.none_needed")


def test_no_ruling_without_a_pending_void():
    rejected(started(), Ruling("replay"), "ruling.none_needed")


@pytest.mark.parametrize("choice", ["replay", "keep"])
def test_a_later_void_after_a_ruling_still_replays_identically(choice):
    s = apply(apply(a1_wins_five(), VOID_A1), Ruling(choice, "kept"))
    if choice == "replay":
        s = named(s, a=2)
        s = apply(s, win("a"))                              # a2 beats b1
        s = apply(s, Penalty("a", "undeclared_change", game=1))
        assert s.games[1].winner == "b" and s.ruling is None
    same_on_replay(s)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_void_and_ruling_in_a_random_match_replays_identically(data):
    """Random match, a void of any standing win, the desk's choice: the history rebuilds it all."""
    d = Driver(data)
    d.run()
    s = d.state
    wins = [g.index for g in s.games if g.winner is not None and not g.voided and g.counted]
    assume(wins)  # a match decided by double K.O.s and DQs alone has no win to void
    game = data.draw(st.sampled_from(wins))
    s = apply(s, Penalty(s.games[game].winner, "undeclared_change", game=game))
    if s.ruling is not None:
        assert game + 1 <= min(s.ruling["games"])
        s = apply(s, Ruling(data.draw(st.sampled_from(["replay", "keep"])), "desk"))
    assert s.ruling is None and s.games[game].winner != s.games[game].played_winner
    assert all(g.winner is not None or g.double_ko for g in s.games)
    same_on_replay(s)
