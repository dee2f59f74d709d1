"""Tekken 5on5 kachinuki: toss, blind select, winner stays on, double K.O., roll call."""
from __future__ import annotations

from domain_play import dko, kachinuki, named, rejected, tossed, win

from webapp.tournament.play import (
    Arrive,
    CoinToss,
    NamePlayer,
    Override,
    Penalty,
    Replay,
    ReportGame,
    RollCall,
    apply,
    replay,
)


def first_game(winner="a"):
    """Toss (A takes the stage), A1 vs B1, one game."""
    s = named(tossed(kachinuki()), 1, 11)
    return apply(s, win(winner))


def test_coin_toss_before_naming_and_games():
    s = kachinuki()
    assert s.prompt().needs_coin_toss
    rejected(s, NamePlayer("a", 1), "tekken.coin_toss_first")
    s = tossed(s)
    assert not s.prompt().needs_coin_toss and s.prompt().stage_picker == "a"
    rejected(s, CoinToss("b", "side", "1P"), "play.toss_done")


def test_toss_winner_taking_side_gives_the_stage_to_the_other_team():
    s = tossed(kachinuki(), "b", "side", "1P")
    p = s.prompt()
    assert p.stage_picker == "a" and p.side_a == "2P"
    rejected(kachinuki(), CoinToss("b", "side", None), "play.toss_side_missing")


def test_side_from_the_toss_holds_for_the_match():
    s = named(tossed(kachinuki(), "b", "side", "1P"), 1, 11)
    s = apply(s, win("a", side_a="2P"))
    assert s.games[0].side_a == "2P"
    rejected(s, NamePlayer("a", 2), "tekken.wrong_team_names")
    s = named(s, b=12)
    rejected(s, win("a", side_a="1P"), "tekken.side_fixed")


def test_blind_select_both_name_then_play():
    s = tossed(kachinuki())
    p = s.prompt()
    assert p.must_name == ["a", "b"] and p.blind_select
    rejected(named(s, a=1), win("a"), "play.players_not_named")
    s = named(s, 1, 11)
    assert s.prompt().players == {"a": 1, "b": 11}


def test_game_is_first_to_three_rounds():
    s = named(tossed(kachinuki()), 1, 11)
    assert s.prompt().rounds_to_win == 3
    rejected(s, ReportGame("a", 2, 0), "score.impossible")
    rejected(s, ReportGame("a", 3, 3), "score.impossible")
    assert apply(s, ReportGame("b", 2, 3)).games[0].winner == "b"


def test_winner_stays_and_only_the_losing_team_names():
    s = first_game("a")
    p = s.prompt()
    assert p.players == {"a": 1, "b": None} and p.must_name == ["b"] and not p.blind_select
    v = rejected(s, NamePlayer("a", 2), "tekken.wrong_team_names")
    assert "winner stays on" in v.message and v.params["must"] == "b"
    s = named(s, b=13)
    assert s.prompt().players == {"a": 1, "b": 13}


def test_member_out_cannot_play_again():
    s = first_game("a")
    v = rejected(s, NamePlayer("b", 11), "tekken.member_already_out")
    assert v.params["name"] == "B1"


def test_previous_loser_picks_the_stage():
    s = first_game("a")
    assert s.prompt().stage_picker == "b"


def test_team_is_out_when_all_five_are_out():
    s = named(tossed(kachinuki()), 1, 11)
    for nxt in (12, 13, 14, 15):
        s = named(apply(s, win("a", 2)), b=nxt)
    assert not s.finished and s.score == (4, 0)
    s = apply(s, win("a", 1))
    assert s.finished and s.winner == "a" and s.score == (5, 0)
    rejected(s, win("a"), "match.finished")


def test_double_ko_only_at_full_set():
    s = named(tossed(kachinuki()), 1, 11)
    rejected(s, ReportGame(None, 1, 2, double_ko=True), "score.double_ko_not_full_set")
    rejected(s, ReportGame("a", 2, 2, double_ko=True), "score.double_ko_not_full_set")
    s = apply(s, dko())
    p = s.prompt()
    assert p.must_name == ["a", "b"] and p.blind_select and p.score == (1, 1)


def test_double_ko_a4_vs_b5_gives_a_the_match():
    s = named(tossed(kachinuki()), 1, 11)
    for a_next, b_next in ((None, 12), (None, 13), (None, 14)):   # A1 beats B1..B3
        s = named(apply(s, win("a")), a_next, b_next)
    for a_next in (2, 3, 4):                                       # B4 beats A1..A3
        s = named(apply(s, win("b")), a=a_next)
    s = named(apply(s, win("a")), b=15)                            # A4 beats B4
    s = apply(s, dko())                                            # A4 vs B5, 2-2 double K.O.
    assert s.finished and s.winner == "a" and s.score == (5, 4)


def test_double_ko_between_both_fifth_players_is_replayed():
    s = named(tossed(kachinuki()), 1, 11)
    for a_next, b_next in ((2, None), (3, None), (4, None), (5, None)):
        s = named(apply(s, win("b")), a_next, b_next)             # B1 beats A1..A4
    for b_next in (12, 13, 14, 15):
        s = named(apply(s, win("a")), b=b_next)                   # A5 beats B1..B4
    s = apply(s, dko(stage="Mishima Dojo"))
    assert not s.finished and s.games[-1].replayed
    p = s.prompt()
    assert p.replay == {"game": 8, "char_a": "Law", "char_b": "Law", "stage": "Mishima Dojo"}
    assert p.must_name == [] and p.score == (4, 4)
    rejected(s, win("a", stage="Arena"), "tekken.replay_same_conditions")
    s = apply(s, win("b", 2, stage="Mishima Dojo"))
    assert s.finished and s.winner == "b"


def test_roll_call_absent_member_plays_last():
    s = apply(tossed(kachinuki()), RollCall(absent_a=(2,)))
    rejected(s, NamePlayer("a", 2), "tekken.member_absent")
    s = apply(s, Arrive("a", 2))
    rejected(s, NamePlayer("a", 2), "tekken.absent_is_fifth")
    assert named(s, 1, 11).prompt().players["a"] == 1
    rejected(s, Arrive("a", 2), "arrive.not_absent")


def test_roll_call_before_first_game_only():
    s = first_game()
    rejected(s, RollCall(absent_a=(2,)), "play.after_first_game")


def test_absent_member_still_absent_when_fourth_falls_disqualifies_team():
    s = named(apply(tossed(kachinuki()), RollCall(absent_b=(15,))), 1, 11)
    for b_next in (12, 13, 14):
        s = named(apply(s, win("a")), b=b_next)
    s = apply(s, win("a"))                       # B's 4th is out, B5 never arrived
    assert s.finished and s.winner == "a" and s.to_dict()["how"] == "absent"
    assert s.score == (5, 0)


def test_absent_member_who_arrives_plays_as_fifth():
    s = named(apply(tossed(kachinuki()), RollCall(absent_b=(15,))), 1, 11)
    for b_next in (12, 13, 14):
        s = named(apply(s, win("a")), b=b_next)
    s = apply(s, Arrive("b", 15))
    s = named(apply(s, win("a")), b=15)
    assert not s.finished and s.prompt().players == {"a": 1, "b": 15}


def test_bluff_at_blind_select_loses_the_first_player():
    s = named(tossed(kachinuki()), 1, 11)
    s = apply(s, Penalty("b", "bluff", note="switched after A declared"))
    p = s.prompt()
    assert p.members_in["b"] == [12, 13, 14, 15] and p.must_name == ["b"] and p.score == (1, 0)
    s = apply(named(s, b=12), win("a"))
    rejected(named(s, b=13), Penalty("b", "bluff"), "tekken.bluff_outside_blind_select")


def test_interruption_costs_a_round():
    s = named(tossed(kachinuki()), 1, 11)
    s = apply(s, Penalty("a", "interruption", note="button settings not saved",
                         rounds_a=1, rounds_b=0))
    assert s.prompt().awarded_rounds["b"] == 1 and not s.games
    rejected(s, ReportGame("a", 3, 0), "score.awarded_round_missing")
    assert apply(s, ReportGame("a", 3, 1)).games[0].winner == "a"


def test_interruption_at_two_all_loses_the_game():
    s = named(tossed(kachinuki()), 1, 11)
    s = apply(s, Penalty("a", "interruption", note="PS button", rounds_a=2, rounds_b=2))
    g = s.games[0]
    assert (g.winner, g.rounds_a, g.rounds_b, g.decided_by) == ("b", 2, 3, "interruption")
    assert s.prompt().must_name == ["a"]
    rejected(named(tossed(kachinuki()), 1, 11),
             Penalty("a", "interruption", rounds_a=3, rounds_b=0), "score.impossible")


def test_second_consecutive_selection_mistake_loses_the_game():
    s = named(tossed(kachinuki()), 1, 11)
    s = apply(s, Penalty("b", "selection_mistake", note="wrong preset"))
    assert not s.games
    s2 = apply(s, Penalty("b", "selection_mistake", note="wrong stage"))
    assert s2.games[0].winner == "a" and s2.games[0].decided_by == "selection_mistake"
    s3 = apply(named(apply(s, win("b")), a=2), Penalty("b", "selection_mistake"))  # game between
    assert len(s3.games) == 1 and s3.side("b").mistakes == 1


def test_disqualified_member_and_team():
    s = named(tossed(kachinuki()), 1, 11)
    s = apply(s, Penalty("a", "disqualify_member", member_id=3, note="smoking"))
    assert 3 not in s.prompt().members_in["a"]
    rejected(s, Penalty("a", "disqualify_member", member_id=3), "tekken.member_already_out")
    s = apply(s, Penalty("b", "disqualify_team", note="no controller of their own"))
    assert s.finished and s.winner == "a"


def test_override_and_replay_are_kept_in_history():
    s = named(tossed(kachinuki()), 1, 11)
    s = apply(s, Replay("console restarted"))
    s = apply(s, Override("b", "referee decision"))
    assert [a.kind for a in s.history][-2:] == ["replay", "override"]
    assert s.winner == "b"


def test_replay_from_the_log_equals_step_by_step():
    s = named(tossed(kachinuki()), 1, 11)
    s = named(apply(s, win("a")), b=12)
    again = replay(s.setup, [a.to_dict() for a in s.history])
    assert again.to_dict() == s.to_dict()
