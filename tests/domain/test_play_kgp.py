"""KGP2025 best-of matches: games, rounds, character rule ④, prohibited acts, replays."""
from __future__ import annotations

import pytest
from domain_play import kgp, rejected

from webapp.tournament.errors import RuleViolation
from webapp.tournament.play import MatchSetup, Member, Override, Penalty, Replay, ReportGame, apply, start


def play(state, *games):
    """Apply KGP games given as (winner, char_a, char_b)."""
    for w, ca, cb in games:
        state = apply(state, ReportGame(w, 2 if w == "a" else 1, 2 if w == "b" else 0, ca, cb))
    return state


def test_best_of_3_is_first_to_two_games():
    s = play(kgp(), ("a", "Ryu", "Ken"), ("b", "Ryu", "Ken"))
    assert not s.finished and s.score == (1, 1)
    s = play(s, ("a", "Ryu", "Ken"))
    assert s.finished and s.winner == "a" and s.score == (2, 1)


def test_best_of_5_finals_reaches_three():
    s = play(kgp(5), ("a", "Ryu", "Ken"), ("b", "Ryu", "Ken"), ("b", "Ryu", "Ken"),
             ("a", "Ryu", "Ken"))
    assert not s.finished and s.prompt().games_to_win == 3
    s = play(s, ("b", "Ryu", "Ken"))
    assert s.finished and s.winner == "b" and s.score == (2, 3)


def test_best_of_not_in_the_rules_is_refused():
    with pytest.raises(RuleViolation) as exc:
        start(MatchSetup("best_of", "kgp2025", 7, [Member(1, "x")], [Member(2, "y")]))
    assert exc.value.code == "match.best_of_not_in_ruleset"


def test_kgp_runs_no_kachinuki():
    with pytest.raises(RuleViolation) as exc:
        start(MatchSetup("kachinuki", "kgp2025", 3, [Member(1, "x")], [Member(2, "y")]))
    assert exc.value.code == "match.type_not_in_ruleset"


def test_game_is_first_to_two_rounds():
    s = apply(kgp(), ReportGame("a", 2, 1, "Ryu", "Ken"))
    assert s.games[0].rounds_a == 2
    rejected(kgp(), ReportGame("a", 3, 1, "Ryu", "Ken"), "score.impossible")
    rejected(kgp(), ReportGame("a", 1, 2, "Ryu", "Ken"), "score.impossible")
    rejected(kgp(), ReportGame("a", 2, 2, "Ryu", "Ken"), "score.impossible")


def test_kgp_has_no_double_ko():
    v = rejected(kgp(), ReportGame(None, 1, 1, "Ryu", "Ken", double_ko=True),
                 "score.double_ko_not_in_rules")
    assert "KGP2025" in str(v)


def test_finished_match_takes_no_game():
    s = play(kgp(), ("a", "Ryu", "Ken"), ("a", "Ryu", "Ken"))
    rejected(s, ReportGame("a", 2, 0, "Ryu", "Ken"), "match.finished")


def test_loser_of_previous_game_may_change_character():
    s = play(kgp(), ("a", "Ryu", "Ken"), ("a", "Ryu", "Guile"))
    assert s.games[1].char_b == "Guile"
    assert play(kgp(), ("a", "Ryu", "Ken")).prompt().may_change_character == ["b"]
    assert kgp().prompt().may_change_character == ["a", "b"]


def test_winner_changing_character_is_rejected_naming_rule_4():
    s = play(kgp(), ("a", "Ryu", "Ken"))
    v = rejected(s, ReportGame("b", 0, 2, "Akuma", "Ken"), "kgp.winner_changed_character")
    assert v.message.startswith("KGP ④") and v.params["name"] == "Umehara"
    assert v.params["before"] == "Ryu" and v.params["after"] == "Akuma"


def test_empty_character_means_same_as_before():
    s = play(kgp(), ("a", "Ryu", "Ken"))
    s = apply(s, ReportGame("a", 2, 0))
    assert (s.games[1].char_a, s.games[1].char_b) == ("Ryu", "Ken")


def test_a_character_first_named_after_a_game_without_one_is_no_change():
    """Game 1 entered without characters (a quick or offline entry): naming the winner's character in
    game 2 records it for the first time, it changes nothing, and is not refused as a change."""
    s = play(kgp(), ("a", "", ""))
    s = apply(s, ReportGame("b", 0, 2, "Ryu", "Ken"))
    assert (s.games[1].char_a, s.games[1].char_b) == ("Ryu", "Ken")
    rejected(s, ReportGame("a", 2, 0, "Ryu", "Akuma"), "kgp.winner_changed_character")  # Ken is known now


def test_winner_change_recorded_as_prohibited_act_is_accepted():
    s = play(kgp(), ("a", "Ryu", "Ken"))
    s = apply(s, Penalty("a", "prohibited_act", act="winner_changed_character"))
    assert s.side("b").awarded == 1
    s = apply(s, ReportGame("b", 0, 2, "Akuma", "Ken"))
    assert s.games[1].char_a == "Akuma"
    rejected(kgp(), Penalty("a", "prohibited_act", act="winner_changed_character"),
             "kgp.act_needs_previous_winner")


def test_first_prohibited_act_costs_the_round():
    s = apply(kgp(), Penalty("a", "prohibited_act", act="pause"))
    assert s.prompt().awarded_rounds == {"a": 0, "b": 1}
    rejected(s, ReportGame("a", 2, 0, "Ryu", "Ken"), "score.awarded_round_missing")
    s = apply(s, ReportGame("a", 2, 1, "Ryu", "Ken"))
    assert s.score == (1, 0) and s.prompt().awarded_rounds == {"a": 0, "b": 0}


def test_prohibited_act_at_one_all_decides_the_game():
    s = apply(kgp(), Penalty("b", "prohibited_act", act="ps_button", rounds_a=1, rounds_b=1))
    g = s.games[0]
    assert (g.winner, g.rounds_a, g.rounds_b, g.decided_by) == ("a", 2, 1, "prohibited_act")


def test_unknown_prohibited_act_is_refused():
    rejected(kgp(), Penalty("a", "prohibited_act", act="trash_talk"), "kgp.unknown_act")
    rejected(kgp(), Penalty("a", "interruption"), "penalty.unknown_kind")


def test_second_prohibited_act_loses_the_match_2_0():
    s = play(kgp(), ("a", "Ryu", "Ken"))
    s = apply(s, Penalty("a", "prohibited_act", act="pause"))
    assert not s.finished
    s = apply(s, Penalty("a", "prohibited_act", act="touching_opponent"))
    assert s.finished and s.winner == "b" and s.score == (0, 2)
    assert s.to_dict()["how"] == "forfeit"


def test_second_prohibited_act_in_best_of_5_is_3_0():
    s = apply(kgp(5), Penalty("b", "prohibited_act", act="pause"))
    s = apply(s, Penalty("b", "prohibited_act", act="malicious"))
    assert s.winner == "a" and s.score == (3, 0)


def test_acts_by_different_players_each_count_once():
    s = apply(kgp(), Penalty("a", "prohibited_act", act="pause"))
    s = apply(s, Penalty("b", "prohibited_act", act="pause"))
    assert not s.finished


def test_trouble_by_nobody_replays_the_game_from_scratch():
    s = apply(kgp(), Penalty("a", "prohibited_act", act="pause"))
    s = apply(s, Replay("power cord pulled by a passer-by"))
    assert s.prompt().awarded_rounds == {"a": 0, "b": 0} and s.games == []
    assert s.side("a").offences == 1   # the act still counts for the second-act rule
    rejected(s, Replay("  "), "replay.reason_required")


def test_override_is_always_allowed_and_kept():
    s = play(kgp(), ("a", "Ryu", "Ken"), ("a", "Ryu", "Ken"))
    s = apply(s, Override("b", "referee: a's controller was a turbo pad"))
    assert s.winner == "b" and s.override_reason.startswith("referee")
    assert s.history[-1].kind == "override"
    rejected(s, Override("a", ""), "override.reason_required")


def test_no_naming_in_one_on_one():
    from webapp.tournament.play import NamePlayer
    rejected(kgp(), NamePlayer("a", 1), "play.no_naming")
