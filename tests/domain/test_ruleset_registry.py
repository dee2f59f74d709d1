"""Rule sets as data: the registry and the figures each seed fixes."""
from __future__ import annotations

import pytest

from webapp.tournament.errors import RuleViolation
from webapp.tournament.rulesets import RULESETS, get_ruleset


def test_both_seed_rule_sets_are_registered():
    assert {"kgp2025", "tekken7_hiza_5on5"} <= set(RULESETS)


def test_unknown_rule_set_names_the_known_ones():
    with pytest.raises(RuleViolation) as exc:
        get_ruleset("sf6_local")
    assert exc.value.code == "ruleset.unknown" and "kgp2025" in exc.value.params["known"]


def test_kgp2025_figures():
    r = get_ruleset("kgp2025")
    assert r.rounds_to_win == 2 and r.best_of == (3, 5) and not r.double_ko
    assert r.games_for_phase("winners_round_1") == 3
    assert r.games_for_phase("finals_qualifier") == r.games_for_phase("finals") == 5
    assert list(r.penalties) == ["prohibited_act"] and len(r.acts) == 6
    assert r.acts["pause"].startswith("prohibited act ②")
    assert not r.character_lock and r.replay_scope == "game"


def test_tekken_figures():
    r = get_ruleset("tekken7_hiza_5on5")
    assert r.rounds_to_win == 3 and r.team_size == 5 and r.double_ko and r.character_lock
    assert set(r.match_types) == {"kachinuki", "representative"}
    assert set(r.penalties) == {"interruption", "selection_mistake", "bluff",
                                "undeclared_change", "disqualify_member", "disqualify_team",
                                "smoking"}
    assert list(r.day_long) == ["smoking"]      # 本人のみ当日全ての試合に出場できなくなります
    assert r.side_rule == "toss_fixed" and r.stage_rule == "toss_then_loser"
