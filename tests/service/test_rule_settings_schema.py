"""The settings schema and the domain's builder agree: whatever the schema accepts builds rules the
engine starts a match with, and what it refuses it refuses with the field named."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from webapp.services.setup.rule_settings import RuleSettingsSchema
from webapp.tournament.play import MatchSetup, Member, start
from webapp.tournament.rulesets.build import BEST_OF, DOUBLE_KO, EFFECTS, SIDE_RULES, STAGE_RULES, build_rules
from webapp.tournament.rulesets.characters import CHARACTER_RULES

RAW = st.fixed_dictionaries({}, optional={
    "rounds_to_win": st.integers(1, 5).map(str),
    "best_of": st.lists(st.sampled_from(BEST_OF).map(str), min_size=1, max_size=4, unique=True),
    "character_rule": st.sampled_from(sorted(CHARACTER_RULES)),
    "stage_rule": st.sampled_from(sorted(STAGE_RULES)),
    "side_rule": st.sampled_from(sorted(SIDE_RULES)),
    "double_ko": st.sampled_from(sorted(DOUBLE_KO)),
    "penalties": st.lists(st.fixed_dictionaries({"name": st.text(min_size=1, max_size=20),
                                                 "effect": st.sampled_from(sorted(EFFECTS))}), max_size=5),
    "substitutes": st.integers(0, 3).map(str), "decider": st.booleans(), "hidden_order": st.booleans(),
})


@settings(max_examples=100, deadline=None)
@given(raw=RAW, size=st.integers(2, 7))
def test_what_the_schema_accepts_builds_rules_the_engine_starts_with(raw, size):
    clean = RuleSettingsSchema().load(raw)
    assert len({p["key"] for p in clean.get("penalties", [])}) == len(clean.get("penalties", []))
    for preset, match_type, members in (("standard_1on1", "best_of", 1), ("standard_team", "point_format", size)):
        rules = build_rules(preset, {}, clean, team_size=size if members > 1 else 0)
        side = [[Member(i + 100 * s, f"M{i}") for i in range(members)] for s in (1, 2)]
        setup = MatchSetup(match_type, preset, rules.best_of[0], side[0], side[1], rules=rules)
        assert start(setup).result is None


@pytest.mark.parametrize("raw, field", [({"rounds_to_win": "6"}, "rounds_to_win"), ({"best_of": ["2"]}, "best_of"),
                                        ({"double_ko": "sometimes"}, "double_ko"),
                                        ({"penalties": [{"name": "x", "effect": "banish"}]}, "penalties")])
def test_the_schema_refuses_what_cannot_be_played(raw, field):
    with pytest.raises(ValidationError) as exc:
        RuleSettingsSchema().load(raw)
    assert field in exc.value.normalized_messages()
