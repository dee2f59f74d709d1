"""Tekken wildcard representative matches: one named member a team, one game."""
from __future__ import annotations

from domain_play import dko, rejected, team, win

from webapp.tournament.play import MatchSetup, NamePlayer, Penalty, apply, start


def rep():
    """A fresh representative match between two full teams."""
    return start(MatchSetup("representative", "tekken7_hiza_5on5", side_a=team(1, "A"),
                            side_b=team(11, "B")))


def test_each_team_names_one_member_blind():
    s = rep()
    p = s.prompt()
    assert p.must_name == ["a", "b"] and p.blind_select and not p.needs_coin_toss
    rejected(s, win("a"), "play.players_not_named")
    s = apply(apply(s, NamePlayer("a", 3, True)), NamePlayer("b", 14, True))
    assert s.prompt().players == {"a": 3, "b": 14} and s.prompt().characters["a"] == "Paul"
    rejected(s, NamePlayer("a", 2), "representative.already_named")


def test_one_game_first_to_three_decides():
    s = apply(apply(rep(), NamePlayer("a", 3)), NamePlayer("b", 14))
    rejected(s, win("a", 3), "score.impossible")
    s = apply(s, win("b", 2))
    assert s.finished and s.winner == "b" and s.score == (0, 1)


def test_double_ko_at_two_all_is_replayed():
    s = apply(apply(rep(), NamePlayer("a", 3)), NamePlayer("b", 14))
    s = apply(s, dko(stage="Arena"))
    assert not s.finished and s.prompt().replay["stage"] == "Arena"
    rejected(s, win("a", char_a="Law"), "tekken.replay_same_conditions")
    assert apply(s, win("a", stage="Arena")).winner == "a"


def test_disqualified_representative_loses_the_match():
    s = apply(apply(rep(), NamePlayer("a", 3)), NamePlayer("b", 14))
    s = apply(s, Penalty("b", "disqualify_member", note="away when called"))
    assert s.finished and s.winner == "a" and s.score == (1, 0)


def test_unknown_member_is_refused():
    rejected(rep(), NamePlayer("a", 14), "member.unknown")
