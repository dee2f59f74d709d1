"""Domain type safety: whatever JSON reaches the domain, only a RuleViolation comes out."""
from __future__ import annotations

from dataclasses import fields

import pytest
from domain_play import kachinuki, kgp, named, tossed, win
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.tournament.errors import RuleViolation
from webapp.tournament.play import (
    ACTIONS,
    MatchSetup,
    Member,
    Penalty,
    Ruling,
    action_from_dict,
    apply,
    setup_from_dict,
    start,
)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(["a", "b", "1P", "stage", "side", "smoking", "undeclared_change", "0", "",
                       "interruption", "replay", "keep"]) | st.integers(-2, 16),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


def _states():
    """Matches in different moments: fresh, seated, after a game, finished, KGP."""
    seated = named(tossed(kachinuki()), 1, 11)
    after = named(apply(seated, win("a")), b=12)
    done = seated
    for b_next in (12, 13, 14, 15):
        done = named(apply(done, win("a")), b=b_next)
    done = apply(done, win("a"))
    pending = apply(done, Penalty("a", "undeclared_change", game=0))
    return [kachinuki(), seated, after, done, pending, kgp()]


STATES = _states()


@st.composite
def action_dicts(draw):
    """A dict of some action kind with arbitrary values for some of its fields (and extras)."""
    kind = draw(st.sampled_from(sorted(ACTIONS)))
    names = [f.name for f in fields(ACTIONS[kind])]
    chosen = draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    d = {name: draw(JSON) for name in chosen}
    if draw(st.integers(0, 9)) == 0:
        d[draw(st.text(max_size=5))] = draw(JSON)
    d["kind"] = kind
    return d


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action_dicts(), st.sampled_from(range(len(STATES))))
def test_any_json_for_any_action_kind_gives_only_rule_violations(d, which):
    try:
        apply(STATES[which], action_from_dict(d))
    except RuleViolation:
        pass


@settings(max_examples=150, deadline=None)
@given(JSON)
def test_anything_that_is_not_an_action_is_a_rule_violation(value):
    try:
        action_from_dict(value)
    except RuleViolation:
        pass


MEMBER = st.fixed_dictionaries({"id": JSON, "name": JSON},
                               optional={"character": JSON, "change_declared": JSON})
SETUP = st.fixed_dictionaries(
    {"match_type": st.sampled_from(["kachinuki", "representative", "best_of"]) | JSON,
     "ruleset": st.sampled_from(["tekken7_hiza_5on5", "kgp2025"]) | JSON},
    optional={"best_of": JSON, "lives_a": JSON, "side_a": st.lists(MEMBER, max_size=6) | JSON,
              "side_b": st.lists(MEMBER, max_size=6) | JSON,
              "day_dq": st.dictionaries(st.text(max_size=3), JSON, max_size=3) | JSON})


@settings(max_examples=200, deadline=None)
@given(SETUP | JSON)
def test_any_json_setup_gives_a_match_or_a_rule_violation(d):
    try:
        start(setup_from_dict(d))
    except RuleViolation:
        pass


def test_a_penalty_game_given_as_text_is_named_not_a_type_error():
    s = apply(named(tossed(kachinuki()), 1, 11), win("a"))
    with pytest.raises(RuleViolation) as exc:
        apply(s, Penalty("a", "undeclared_change", game="0"))
    assert exc.value.code == "action.bad_value" and exc.value.params["field"] == "the game number"


@pytest.mark.parametrize("setup", [
    MatchSetup("kachinuki", "tekken7_hiza_5on5", best_of="3"),
    MatchSetup("best_of", "kgp2025", 3, [Member("1", "U")], [Member(2, "T")]),
    MatchSetup("best_of", "kgp2025", 3, [Member(1, "U")], [Member(2, "T")], day_dq={"2": 5}),
    MatchSetup("best_of", "kgp2025", 3, "a", [Member(2, "T")]),
])
def test_a_setup_with_a_wrong_type_is_refused_by_name(setup):
    with pytest.raises(RuleViolation):
        start(setup)


def test_ruling_choice_must_be_text():
    with pytest.raises(RuleViolation) as exc:
        action_from_dict({"kind": "ruling", "choice": ["replay"]})
    assert exc.value.code == "action.bad_value"
    assert Ruling("replay").to_dict() == {"kind": "ruling", "choice": "replay", "reason": ""}
