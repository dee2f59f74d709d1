"""Day-long disqualification: a smoker is out of every later match; the team plays on."""
from __future__ import annotations

from domain_play import named, rejected, team, tossed, win

from webapp.tournament.play import MatchSetup, Member, NamePlayer, Penalty, apply, start


def match(day_dq=None, match_type="kachinuki"):
    """A Tekken match whose setup carries the event's day-long DQs."""
    a, b = team(1, "A"), team(11, "B")
    if match_type == "representative":
        a, b = a[:2], b[:2]
    return start(MatchSetup(match_type, "tekken7_hiza_5on5", side_a=a, side_b=b,
                            day_dq=dict(day_dq or {})))


def test_smoking_is_a_day_long_member_dq():
    s = named(tossed(match()), 1, 11)
    s = apply(s, Penalty("a", "smoking", note="cigarette outside"))
    assert s.a.out == {1: "smoking"} and s.prompt().must_name == ["a"]
    assert s.rules.day_long["smoking"]


def test_the_same_player_is_refused_as_first_player_in_the_next_match():
    s = tossed(match({1: "smoking"}))
    v = rejected(s, NamePlayer("a", 1, blind=True), "play.member_dq_for_the_day")
    assert v.params["name"] == "A1" and "smoking" in v.params["rule"]
    assert s.prompt().members_in["a"] == [2, 3, 4, 5] and s.prompt().day_dq == {"a": [1], "b": []}
    assert s.score == (0, 0)            # nobody beat A1 in this match


def test_the_team_continues_with_its_others_and_loses_when_they_are_out():
    s = named(tossed(match({1: "smoking"})), 2, 11)
    assert s.prompt().players == {"a": 2, "b": 11}
    for a_next in (3, 4, 5):
        s = named(apply(s, win("b")), a=a_next)
    s = apply(s, win("b"))
    assert s.finished and s.winner == "b" and s.score == (0, 4)


def test_a_representative_cannot_be_the_disqualified_member():
    s = match({11: "smoking"}, "representative")
    rejected(s, NamePlayer("b", 11), "play.member_dq_for_the_day")
    assert apply(s, NamePlayer("b", 12)).b.current == 12


def test_a_team_with_nobody_left_loses_at_once():
    s = match({i: "smoking" for i in range(11, 16)})
    assert s.finished and s.winner == "a"


def test_a_day_dq_that_is_not_on_this_team_changes_nothing():
    s = match({99: "smoking"})
    assert s.prompt().members_in["a"] == [1, 2, 3, 4, 5]


def test_kgp_one_on_one_refuses_a_day_dq_player_too():
    s = start(MatchSetup("best_of", "kgp2025", 3, [Member(1, "Umehara")], [Member(2, "Tokido")],
                         day_dq={2: "smoking"}))
    assert s.finished and s.winner == "a"
