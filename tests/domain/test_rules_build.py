"""Match rules as data: a preset, the title's defaults, the event's and the phase's settings
built into the RuleSet the engine plays by."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament.errors import RuleViolation
from webapp.tournament.play import MatchSetup, Member, Penalty, ReportGame, apply, start
from webapp.tournament.rulesets import get_ruleset
from webapp.tournament.rulesets.build import (
    BEST_OF,
    DOUBLE_KO,
    EFFECTS,
    SIDE_RULES,
    STAGE_RULES,
    build_rules,
    settings_of,
)
from webapp.tournament.rulesets.characters import CHARACTER_RULES

PENALTY = st.fixed_dictionaries({"key": st.sampled_from(["p1", "p2", "p3", "p4"]),
                                 "name": st.text(min_size=1, max_size=10),
                                 "effect": st.sampled_from(sorted(EFFECTS))})
SETTINGS = st.fixed_dictionaries({}, optional={
    "rounds_to_win": st.integers(1, 5),
    "best_of": st.lists(st.sampled_from(BEST_OF), min_size=1, max_size=4, unique=True),
    "character_rule": st.sampled_from(sorted(CHARACTER_RULES)),
    "stage_rule": st.sampled_from(sorted(STAGE_RULES)),
    "side_rule": st.sampled_from(sorted(SIDE_RULES)),
    "double_ko": st.sampled_from(sorted(DOUBLE_KO)),
    "penalties": st.lists(PENALTY, max_size=4, unique_by=lambda p: p["key"]),
    "entry_fee_yen": st.integers(0, 10000),
})


def one_on_one(rules, best_of):
    return start(MatchSetup("best_of", rules.name, best_of, [Member(1, "A")], [Member(2, "B")], rules=rules))


def test_the_seed_presets_come_back_unchanged_without_settings():
    assert build_rules("kgp2025", {}, {}, {}) is get_ruleset("kgp2025")
    assert build_rules("tekken7_hiza_5on5", {}, {}, team_size=5) is get_ruleset("tekken7_hiza_5on5")


def test_layers_apply_in_order_title_event_phase():
    title = {"rounds_to_win": 3, "stage_choice": False}
    rules = build_rules("standard_1on1", title, {"best_of": [3, 5]}, {"rounds_to_win": 2})
    assert (rules.rounds_to_win, rules.stage_rule, rules.best_of) == (2, "none", (3, 5))
    assert build_rules("standard_1on1", title).rounds_to_win == 3


def test_the_standard_presets_charge_nothing_and_have_no_kgp_acts():
    for name in ("standard_1on1", "standard_team"):
        rules = get_ruleset(name)
        assert rules.entry_fee_yen == 0 and not rules.acts and not rules.reception_category


def test_a_penalty_list_builds_kinds_names_and_the_day_long_ones():
    rules = build_rules("standard_1on1", {}, {"penalties": [
        {"key": "pause", "name": "ポーズ", "effect": "round"},
        {"key": "smoke", "name": "喫煙", "effect": "dq_day"}]})
    assert rules.penalties == {"pause": "round", "smoke": "dq_day"}
    assert rules.penalty_names["pause"] == "ポーズ" and list(rules.day_long) == ["smoke"]


def test_a_bad_setting_is_refused_in_words():
    with pytest.raises(RuleViolation) as exc:
        build_rules("standard_1on1", {}, {"rounds_to_win": 9})
    assert exc.value.code == "rules.bad_setting" and exc.value.params["name"] == "rounds per game"


def test_refusals_name_no_internal_keys():
    state = one_on_one(get_ruleset("kgp2025"), 3)
    with pytest.raises(RuleViolation) as exc:
        apply(state, Penalty("a", "interruption"))
    text = exc.value.message % exc.value.params
    assert "prohibited_act" not in text and "interruption" not in text
    with pytest.raises(RuleViolation) as exc:
        apply(state, Penalty("a", "prohibited_act", act="trash_talk"))
    assert "winner_changed_character" not in exc.value.message % exc.value.params
    team = [Member(i, f"A{i}") for i in range(1, 6)]
    with pytest.raises(RuleViolation) as exc:
        start(MatchSetup("kachinuki", "kgp2025", 3, team, [Member(i + 10, "B") for i in range(1, 6)]))
    assert exc.value.params["type"] == "Kachinuki (team, winner stays)"


@settings(max_examples=150, deadline=None)
@given(layers=st.lists(SETTINGS, min_size=1, max_size=3), data=st.data())
def test_any_valid_settings_give_rules_the_engine_plays_to_the_end(layers, data):
    rules = build_rules(data.draw(st.sampled_from(["standard_1on1", "kgp2025"])), {}, *layers)
    best_of = data.draw(st.sampled_from(rules.best_of))
    state = one_on_one(rules, best_of)
    t = rules.rounds_to_win
    for _ in range(best_of):
        winner = data.draw(st.sampled_from("ab"))
        loser_rounds = data.draw(st.integers(0, t - 1))
        state = apply(state, ReportGame(winner=winner, rounds_a=t if winner == "a" else loser_rounds,
                                        rounds_b=t if winner == "b" else loser_rounds))
        if state.finished:
            break
    assert state.finished and len(state.games) <= best_of
    assert max(state.score) == best_of // 2 + 1


def test_settings_of_a_preset_build_the_same_rules():
    for name in ("standard_1on1", "kgp2025"):
        rules = get_ruleset(name)
        again = build_rules(name, {}, settings_of(rules))
        assert (again.rounds_to_win, again.best_of, again.penalties) == (rules.rounds_to_win, rules.best_of,
                                                                          rules.penalties)
