"""Actions as JSON for the operation log; setups the engine refuses."""
from __future__ import annotations

import json

import pytest
from domain_play import kachinuki, named, tossed, win

from webapp.tournament.errors import RuleViolation
from webapp.tournament.play import (
    ACTIONS,
    Arrive,
    CoinToss,
    DeclareChange,
    MatchSetup,
    Member,
    NamePlayer,
    Override,
    Penalty,
    Replay,
    ReportGame,
    RollCall,
    Ruling,
    action_from_dict,
    apply,
    start,
    state_from_dict,
)

EXAMPLES = [
    CoinToss("b", "side", "1P"), RollCall((3,), ()), Arrive("a", 3), NamePlayer("a", 1, True),
    DeclareChange("a", 1, "Heihachi", True, False),
    ReportGame(None, 2, 2, "Law", "Jin", "Arena", "1P", True),
    Penalty("a", "undeclared_change", note="x", game=2, member_id=1),
    Replay("power cut"), Override("a", "referee"), Ruling("keep", "both teams agreed"),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.kind)
def test_every_action_survives_json(action):
    d = json.loads(json.dumps(action.to_dict()))
    assert d["kind"] == action.kind and action_from_dict(d) == action


def test_all_kinds_have_an_example():
    assert {a.kind for a in EXAMPLES} == set(ACTIONS)


def test_penalty_dict_form():
    assert Penalty("b", "bluff").to_dict() == {
        "kind": "penalty", "side": "b", "penalty": "bluff", "note": "", "act": "",
        "member_id": None, "game": None, "rounds_a": None, "rounds_b": None}


def test_unknown_kind_and_field_are_refused():
    with pytest.raises(RuleViolation) as exc:
        action_from_dict({"kind": "teleport"})
    assert exc.value.code == "action.unknown"
    with pytest.raises(RuleViolation) as exc:
        action_from_dict({"kind": "replay", "reason": "x", "colour": "red"})
    assert exc.value.code == "action.bad_field"


def test_state_rebuilds_from_its_dict():
    s = named(apply(named(tossed(kachinuki()), 1, 11), win("a")), b=12)
    d = json.loads(json.dumps(s.to_dict()))
    assert state_from_dict(s.setup, d).to_dict() == s.to_dict()


def test_prompt_is_json_able():
    p = named(tossed(kachinuki()), 1, 11).prompt()
    assert json.loads(json.dumps(p.to_dict()))["players"] == {"a": 1, "b": 11}


@pytest.mark.parametrize("setup,code", [
    (MatchSetup("kachinuki", "tekken7_hiza_5on5", side_a=[Member(1, "x")],
                side_b=[Member(2, "y")]), "match.side_size"),
    (MatchSetup("best_of", "kgp2025", 3, [Member(1, "x")], [Member(1, "y")]),
     "match.duplicate_member"),
    (MatchSetup("best_of", "kgp2025", 3, [Member(1, "x"), Member(3, "z")], [Member(2, "y")]),
     "match.side_size"),
    (MatchSetup("league", "kgp2025"), "match.type_unknown"),
    (MatchSetup("best_of", "nope"), "ruleset.unknown"),
])
def test_bad_setups_are_refused(setup, code):
    with pytest.raises(RuleViolation) as exc:
        start(setup)
    assert exc.value.code == code


def test_domain_imports_no_web_or_database_layer():
    import pathlib
    import re
    root = pathlib.Path(__file__).resolve().parents[2] / "webapp" / "tournament"
    bad = re.compile(r"^\s*(from|import)\s+(flask|sqlalchemy|marshmallow|werkzeug)\b", re.M)
    for sub in ("play", "rulesets"):
        for f in (root / sub).glob("*.py"):
            assert not bad.search(f.read_text()), f
