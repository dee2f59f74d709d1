"""Point format (先鋒・中堅・大将): one set per member, the team with more set wins takes the match,
a tied count ends in a decider; teams of any size 2–7."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament.errors import RuleViolation
from webapp.tournament.play import MatchSetup, Member, NamePlayer, Penalty, ReportGame, apply, start
from webapp.tournament.rulesets.build import build_rules


def point(size=3, best_of=3, **rules):
    built = build_rules("standard_team", {}, rules, team_size=size)
    a = [Member(i + 1, f"A{i + 1}") for i in range(size)]
    b = [Member(i + 101, f"B{i + 1}") for i in range(size)]
    return start(MatchSetup("point_format", "standard_team", best_of, a, b, rules=built))


def game(state, winner):
    t = state.rules.rounds_to_win
    return apply(state, ReportGame(winner=winner, rounds_a=t if winner == "a" else 0,
                                   rounds_b=t if winner == "b" else 0))


def name_next(state, pick=0):
    for side in state.prompt().must_name:
        state = apply(state, NamePlayer(side, state.prompt().members_in[side][pick]))
    return state


def test_each_member_plays_one_set_and_more_sets_win():
    s = point()
    for winners in ("aa", "bab", "bb"):
        s = name_next(s)
        for w in winners:
            s = game(s, w)
    assert s.result == ("b", "played") and s.score == (1, 2) and len(s.sets) == 3


def test_a_decided_count_ends_the_match_early():
    s = point()
    for _ in range(2):
        s = game(game(name_next(s), "a"), "a")
    assert s.result == ("a", "played") and s.score == (2, 0)


def test_a_tie_goes_to_the_decider_with_any_member():
    s = point(size=2, best_of=1)
    s = game(name_next(s), "a")
    s = game(name_next(s), "b")
    assert s.result is None and s.mtype.in_decider(s)
    assert s.prompt().members_in == {"a": [1, 2], "b": [101, 102]}
    s = apply(apply(s, NamePlayer("a", 2)), NamePlayer("b", 101))
    s = game(s, "b")
    assert s.result == ("b", "played") and s.score == (1, 2) and s.sets[-1]["decider"]


def test_without_the_decider_more_games_won_decides_a_tie():
    s = point(size=2, best_of=3, decider=False)
    s = game(game(name_next(s), "a"), "a")
    s = game(game(game(name_next(s), "a"), "b"), "b")
    assert s.result == ("a", "played")   # sets 1–1, games 3–2


def test_a_member_who_played_cannot_play_again():
    s = game(name_next(point(best_of=1)), "a")
    with pytest.raises(RuleViolation) as exc:
        apply(s, NamePlayer("a", 1))
    assert exc.value.code == "point.member_played"


def test_teams_must_have_the_rules_size():
    built = build_rules("standard_team", {}, team_size=3)
    setup = MatchSetup("point_format", "standard_team", 3, [Member(1, "A")], [Member(2, "B")], rules=built)
    with pytest.raises(RuleViolation) as exc:
        start(setup)
    assert exc.value.code == "match.side_size"


def test_a_substitute_is_allowed_when_the_rules_say_so():
    built = build_rules("standard_team", {}, {"substitutes": 1}, team_size=2)
    a = [Member(i, f"A{i}") for i in (1, 2, 3)]
    b = [Member(i, f"B{i}") for i in (11, 12)]
    assert start(MatchSetup("point_format", "standard_team", 3, a, b, rules=built)).result is None


def test_a_member_disqualified_mid_set_loses_the_set():
    s = name_next(point(size=3, best_of=3))
    s = apply(s, Penalty("a", "dq_match"))
    assert s.score == (0, 1) and s.result is None and s.prompt().must_name == ["a", "b"]


@settings(max_examples=120, deadline=None)
@given(size=st.integers(2, 7), best_of=st.sampled_from([1, 3, 5]), decider=st.booleans(),
       winners=st.lists(st.sampled_from("ab"), min_size=60, max_size=60), picks=st.data())
def test_more_set_wins_take_the_match_and_sets_are_bounded(size, best_of, decider, winners, picks):
    s = point(size, best_of, decider=decider)
    for w in winners:
        if s.finished:
            break
        while s.prompt().must_name:
            side = s.prompt().must_name[0]
            left = s.prompt().members_in[side]
            s = apply(s, NamePlayer(side, picks.draw(st.sampled_from(left))))
        s = game(s, w)
    assert s.finished
    assert len(s.sets) <= size + 1
    a, b = s.score
    if decider or a != b:
        assert (a > b) == (s.winner == "a") and a != b
    played = [m for m in s.a.out] + [m for m in s.b.out]
    assert len(played) <= 2 * size
