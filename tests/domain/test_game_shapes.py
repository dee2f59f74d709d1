"""Each catalogue title plays a match under its usual rules, in its own shape.

Invariant: under any rule set drawn from a title's allowed options, a match played with valid games ends
within its best-of, and every game the rules forbid (a score its unit cannot have, the wrong number of
characters or one twice, a 1P/2P side where the game has none, a double K.O. where none exists, a stage the
striking rules bar) is refused with its code, the match unchanged.
"""
from dataclasses import replace

import pytest
from game_shapes import characters, fresh_match, report, stage_choice, title_rules
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament import games
from webapp.tournament.errors import RuleViolation
from webapp.tournament.play import ReportGame, apply

TITLES = sorted(games.GAMES)


@pytest.mark.parametrize("key", TITLES)
def test_every_title_plays_a_best_of_three_under_its_usual_rules(key):
    rules = title_rules(key)
    state = fresh_match(rules)
    for winner in "aba":
        state = apply(state, report(key, state, winner, margin=1))
    assert state.finished and state.winner == "a" and state.score == (2, 1)


def test_smash_counts_stocks_has_no_side_nor_double_ko_and_strikes_stages():
    rules = title_rules("ssbu")
    state = fresh_match(rules)
    assert (rules.score_unit, rules.stocks, rules.sides, rules.double_ko, rules.stage_rule) == (
        "stocks", 3, False, False, "striking")
    good = report("ssbu", state, "a", margin=1)
    assert (good.rounds_a, good.rounds_b) == (2, 0)
    for wrong, code in ((replace(good, rounds_a=4), "score.stocks_impossible"),
                        (replace(good, rounds_b=3), "score.stocks_impossible"),
                        (replace(good, side_a="1P"), "play.no_sides"),
                        (ReportGame(None, 0, 0, double_ko=True), "score.double_ko_not_in_rules"),
                        (replace(good, stage="Final Destination"), "stage.not_the_one_left"),
                        (replace(good, stage=""), "stage.required")):
        with pytest.raises(RuleViolation) as caught:
            apply(state, wrong)
        assert caught.value.code == code
    timeout = replace(good, rounds_a=1, rounds_b=1)  # equal stocks at time: the lower percent won
    assert apply(state, timeout).games[0].winner == "a"


def test_kof_is_three_characters_in_order_and_2xko_a_duo():
    for key, n in (("kofxv", 3), ("2xko", 2)):
        rules = title_rules(key)
        state = fresh_match(rules)
        good = report(key, state, "a")
        assert len(good.char_a.split(" / ")) == n
        played = apply(state, good)
        assert played.games[0].char_a == good.char_a  # kept in order
        one = characters("sf6", title_rules("sf6"))
        for wrong, code in ((replace(good, char_b=one), "characters.team_size"),
                            (replace(good, char_b=" / ".join([one] * n)), "characters.team_twice")):
            with pytest.raises(RuleViolation) as caught:
                apply(state, wrong)
            assert caught.value.code == code


@st.composite
def title_rule_sets(draw):
    """A title and a rule set drawn from the options it allows."""
    key = draw(st.sampled_from(TITLES))
    title = games.get_title(key)
    best_of = draw(st.sampled_from((1, 3, 5)))
    layer = {}
    if title.score == "stocks":
        layer["stocks"] = draw(st.integers(1, 5))
    if title.stage_rules:
        preset = draw(st.sampled_from(title.stage_rules)).key
        layer["stage_striking"] = title.strike_rules(preset).as_settings()
    return key, title_rules(key, layer, best_of=(best_of,)), best_of


@settings(max_examples=80, deadline=None)
@given(title_rule_sets(), st.data())
def test_any_title_rule_set_plays_to_an_end_and_refuses_what_it_forbids(drawn, data):
    key, rules, best_of = drawn
    state = fresh_match(rules, best_of)
    while not state.finished:
        assert len(state.games) < best_of
        good = report(key, state, data.draw(st.sampled_from("ab")), data.draw(st.integers(0, 4)),
                      data.draw(st.integers(0, 9)))
        for wrong in forbidden(key, rules, state, good):
            with pytest.raises(RuleViolation):
                apply(state, wrong)
        state = apply(state, good)
    assert max(state.score) == best_of // 2 + 1


def forbidden(key, rules, state, good):
    """Games these rules refuse, next to a valid one."""
    full = rules.game_score
    out = [replace(good, rounds_a=full + 1, rounds_b=0, winner="a"),
           replace(good, char_a=" / ".join([good.char_a.split(" / ")[0]] * (rules.characters_per_side + 1)))]
    if not rules.sides:
        out.append(replace(good, side_a="2P"))
    if not rules.double_ko:
        out.append(ReportGame(None, full - 1, full - 1, double_ko=True))
    if rules.stage_rule == "striking" and rules.stage_striking is not None:
        allowed = {stage_choice(state, i)["stage"] for i in range(20)} if state.games else {good.stage}
        out += [replace(good, stage=s) for s in rules.stage_striking.stages if s not in allowed
                and not (state.games and s in _open(state, good))]
    return out


def _open(state, good):
    from webapp.tournament import stage_striking
    played = [stage_striking.PlayedGame(g.stage, g.winner) for g in state.games if g.counted]
    return stage_striking.open_stages(state.rules.stage_striking, played, stage_striking.split(good.banned))

