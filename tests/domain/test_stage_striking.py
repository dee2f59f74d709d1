"""Stage striking, bans and the stage clause (DSR): what a set may be played on, refused in words.

Invariant: under any valid stage rule set, a set whose every game is played on a stage the rules
leave open ends within its best-of, and every stage the rules forbid (struck, banned, off the list,
barred by the clause) is refused with its own code.
"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament.errors import RuleViolation
from webapp.tournament.stage_striking import (
    PlayedGame,
    StrikeRules,
    check_stage,
    forbidden_by_dsr,
    open_stages,
    strikers,
)

STARTERS = ("Battlefield", "Final Destination", "Pokémon Stadium 2", "Smashville", "Town and City")
COUNTERPICKS = ("Kalos Pokémon League", "Small Battlefield", "Yoshi's Story", "Hollow Bastion")
RULES = StrikeRules(STARTERS, COUNTERPICKS, (1, 2, 1), 2, "dsr")


def refused(code, *args):
    with pytest.raises(RuleViolation) as caught:
        check_stage(RULES, *args)
    assert caught.value.code == code


def test_one_two_one_leaves_one_starter():
    assert strikers(RULES, "a") == ["a", "b", "b", "a"]
    check_stage(RULES, [], ("Battlefield", "Smashville", "Town and City", "Final Destination"), (),
                "Pokémon Stadium 2")
    refused("stage.not_the_one_left", [], ("Battlefield", "Smashville", "Town and City", "Final Destination"),
            (), "Battlefield")
    refused("stage.strikes_count", [], ("Battlefield",), (), "Smashville")
    refused("stage.strike_not_starter", [], ("Yoshi's Story", "Smashville", "Town and City", "Battlefield"), (),
            "Pokémon Stadium 2")


def test_later_games_bans_and_dsr():
    played = [PlayedGame("Smashville", "a"), PlayedGame("Yoshi's Story", "b")]
    # b won game 2, so a picks: a won on Smashville (DSR), b banned two stages
    check_stage(RULES, played, (), ("Battlefield", "Town and City"), "Final Destination")
    refused("stage.banned", played, (), ("Battlefield", "Town and City"), "Battlefield")
    refused("stage.dsr", played, (), ("Battlefield", "Town and City"), "Smashville")
    refused("stage.bans_count", played, (), ("Battlefield",), "Final Destination")
    refused("stage.not_legal", played, (), ("Battlefield", "Town and City"), "Mute City")
    refused("stage.strikes_only_game_one", played, ("Battlefield",), ("Battlefield", "Town and City"), "Smashville")


def test_modified_dsr_bars_only_the_last_win():
    rules = StrikeRules(STARTERS, COUNTERPICKS, (1, 2, 1), 2, "modified")
    played = [PlayedGame("Smashville", "a"), PlayedGame("Battlefield", "a"), PlayedGame("Yoshi's Story", "b")]
    assert forbidden_by_dsr(rules, played, "a") == {"Battlefield"}
    assert forbidden_by_dsr(RULES, played, "a") == {"Smashville", "Battlefield"}


@st.composite
def rule_sets(draw):
    """A stage rule set drawn from the options a title allows, valid for its best-of."""
    stages = [f"Stage {i}" for i in range(draw(st.integers(3, 10)))]
    n_start = draw(st.integers(2, len(stages)))
    starters, counter = tuple(stages[:n_start]), tuple(stages[n_start:])
    need = n_start - 1
    order = draw(st.lists(st.integers(1, 3), min_size=1, max_size=need).filter(lambda o: sum(o) == need)
                 | st.just([1] * need))
    best_of = draw(st.sampled_from((1, 3, 5)))
    rules = StrikeRules(starters, counter, tuple(order), draw(st.integers(0, 3)),
                        draw(st.sampled_from(("off", "dsr", "modified"))))
    return rules, best_of


@settings(max_examples=150, deadline=None)
@given(rule_sets(), st.data())
def test_any_valid_rule_set_plays_to_an_end_and_refuses_what_it_forbids(drawn, data):
    rules, best_of = drawn
    if rules.problems(best_of):
        return
    games, wins = [], {"a": 0, "b": 0}
    while max(wins.values()) < best_of // 2 + 1:
        assert len(games) < best_of
        if not games:
            struck = tuple(data.draw(st.permutations(rules.starters)))[:sum(rules.strike_order)]
            banned = ()
            left = [s for s in rules.starters if s not in struck]
            for wrong in rules.stages:
                if wrong != left[0]:
                    with pytest.raises(RuleViolation):
                        check_stage(rules, games, struck, banned, wrong)
            stage = left[0]
        else:
            struck = ()
            banned = tuple(data.draw(st.permutations(rules.stages)))[:rules.bans]
            allowed = open_stages(rules, games, banned)
            assert allowed, "the picker always has a stage"
            for wrong in set(rules.stages) - set(allowed):
                with pytest.raises(RuleViolation):
                    check_stage(rules, games, struck, banned, wrong)
            stage = data.draw(st.sampled_from(allowed))
        check_stage(rules, games, struck, banned, stage)
        winner = data.draw(st.sampled_from("ab"))
        wins[winner] += 1
        games.append(PlayedGame(stage, winner))
