"""quick_load (the sync path's operations and actions) answers exactly as the marshmallow schemas do."""
import pytest

from sync.schemas import OperationSchema, ValidationError, load_operation
from webapp.services.entries.payloads import _LOADERS, _QUICK, ACTION_SCHEMAS, load_action, quick_loadable

GOOD = {"op_id": "op-12345678", "device_id": "phone-1", "kind": "report_game", "match_id": 3,
        "base_version": 1, "seq": 7, "payload": {"winner": "a", "position": 2}}
OPERATIONS = [
    {}, GOOD, {**GOOD, "extra": "dropped"}, {k: v for k, v in GOOD.items() if k not in ("seq", "payload")},
    {**GOOD, "op_id": "short"}, {**GOOD, "op_id": "x" * 65}, {**GOOD, "op_id": "op-1234567\x00"},
    {**GOOD, "op_id": "op-12345678\n"}, {**GOOD, "op_id": 12345678}, {**GOOD, "op_id": None},
    {**GOOD, "device_id": ""}, {**GOOD, "kind": "k" * 41}, {**GOOD, "kind": None},
    {**GOOD, "match_id": None}, {**GOOD, "match_id": 0}, {**GOOD, "match_id": "3"}, {**GOOD, "match_id": 3.0},
    {**GOOD, "match_id": 3.5}, {**GOOD, "match_id": True}, {**GOOD, "match_id": 2**63},
    {**GOOD, "base_version": -1}, {**GOOD, "seq": None}, {**GOOD, "seq": "7"}, {**GOOD, "payload": None},
    {**GOOD, "payload": []}, {**GOOD, "payload": "x"}, {**GOOD, "device_time": "2026-05-03T14:05:00+09:00"},
    {**GOOD, "device_time": "2026-05-03T14:05:00"}, {**GOOD, "device_time": "1999-05-03T14:05:00Z"},
    {**GOOD, "device_time": ""}, {**GOOD, "device_time": None}, {**GOOD, "device_time": 5},
]
ACTIONS = [
    ("report_game", {"winner": "a", "rounds_a": 3, "rounds_b": 1, "position": 4}),
    ("report_game", {"winner": None, "rounds_a": 3, "rounds_b": 3, "double_ko": True}),
    ("report_game", {"winner": "c", "rounds_a": 3, "rounds_b": 1}), ("report_game", {"rounds_a": 10, "rounds_b": 1}),
    ("report_game", {"rounds_a": "3", "rounds_b": 1}), ("report_game", {"rounds_a": 3, "rounds_b": 1, "double_ko": "on"}),
    ("report_game", {"rounds_a": 3}), ("report_game", {"rounds_a": 3, "rounds_b": 1, "who": "x"}),
    ("report_game", {"rounds_a": 3, "rounds_b": 1, "stage": ""}), ("report_game", {"rounds_a": 3, "rounds_b": 1, "kind": "x"}),
    ("report_game", {"rounds_a": 3, "rounds_b": 1, "position": -1}), ("report_game", {"rounds_a": True, "rounds_b": 1}),
    ("coin_toss", {"winner": "a", "choice": "stage"}), ("coin_toss", {"winner": "a", "choice": "stage", "side_of_winner": None}),
    ("coin_toss", {"winner": "a", "choice": "both"}), ("name_player", {"side": "a", "member_id": 5, "blind": True}),
    ("name_player", {"side": "b", "member_id": None}), ("declare_change", {"side": "a", "member_id": 5, "character": ""}),
    ("penalty", {"side": "a", "penalty": "late", "game": None, "rounds_a": 2}), ("override", {"winner": "a", "reason": "x"}),
    ("ruling", {"choice": "keep"}), ("replay", {}), ("roll_call", {"absent_a": 3}), ("roll_call", {"absent_b": [1, 2]}),
]


def _same_answer(load, reference, data):
    try:
        expected = reference(data)
    except ValidationError as problem:
        with pytest.raises(ValidationError) as raised:
            load(data)
        assert raised.value.normalized_messages() == problem.normalized_messages()
        return
    assert load(data) == expected


@pytest.mark.parametrize("raw", OPERATIONS)
def test_an_operation_loads_as_the_schema_loads_it(raw):
    _same_answer(load_operation, OperationSchema().load, raw)


def test_an_operation_s_payload_is_a_copy_as_the_schema_s():
    assert load_operation(GOOD)["payload"] is not GOOD["payload"]


@pytest.mark.parametrize(("kind", "payload"), ACTIONS)
def test_an_action_loads_as_its_schema_loads_it(kind, payload):
    _same_answer(lambda data: load_action(kind, data), lambda data: _action(ACTION_SCHEMAS[kind]().load(data)), payload)


def _action(loaded: dict) -> dict:
    """The action's fields: a position its schema accepted is the entry's envelope (services/entries/entry.py)."""
    loaded.pop("position", None)
    return loaded


def test_quick_loading_is_left_to_schemas_without_other_hooks():
    assert quick_loadable(OperationSchema())
    assert "roll_call" not in _QUICK  # its hook turns a single absentee into a list
    assert _QUICK == {kind for kind, loader in _LOADERS.items() if quick_loadable(loader, ("_drop_empty",))}
    assert len(_QUICK) >= 8
