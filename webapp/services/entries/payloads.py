"""An entry's payload: printable text only, and marshmallow schemas for match actions as
staff phones send them (form fields or JSON).

Both the no-script form post and the sync endpoint load payloads through these,
so "3" and 3, "on" and true mean the same, and unknown fields are refused.
(Where a match entry goes — its phone's step, or nowhere — is operations/held.py's.)
"""
import re

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, missing, pre_load, validate

from ...tournament.errors import N_
from .. import ServiceError

SIDE = validate.OneOf(("a", "b"))
PLAYER_SIDE = validate.OneOf(("1P", "2P", ""))
ROUNDS = validate.Range(min=0, max=9)
TEXT = validate.Length(max=60)
TEAM = validate.Length(max=200)    # a side's characters in order (KOF XV: three, " / " between them)
STAGES = validate.Length(max=400)  # stages struck or banned, "|" between them



class ActionSchema(Schema):
    """Common to all actions. An entry's step is its envelope's (services/entries/entry.py reads it); a
    `position` left in the payload is one that names no step, and is refused here by name."""

    class Meta:
        unknown = RAISE

    position = fields.Integer(validate=validate.Range(min=0, max=10_000), load_default=None)

    @pre_load
    def _drop_empty(self, data, **_):
        return without_empty(self, data)


def without_empty(schema: Schema, data: dict) -> dict:
    """An empty optional form field means "not given"."""
    return {k: v for k, v in data.items() if v != "" or k in schema.fields and schema.fields[k].required}


class CoinTossSchema(ActionSchema):
    winner = fields.String(required=True, validate=SIDE)
    choice = fields.String(required=True, validate=validate.OneOf(("stage", "side")))
    side_of_winner = fields.String(load_default=None, validate=PLAYER_SIDE, allow_none=True)


class RollCallSchema(ActionSchema):
    absent_a = fields.List(fields.Integer(), load_default=list)
    absent_b = fields.List(fields.Integer(), load_default=list)

    @pre_load
    def _lists(self, data, **_):
        return {k: ([v] if k.startswith("absent") and not isinstance(v, list) else v)
                for k, v in data.items()}


class ArriveSchema(ActionSchema):
    side = fields.String(required=True, validate=SIDE)
    member_id = fields.Integer(required=True)


class NamePlayerSchema(ArriveSchema):
    blind = fields.Boolean(load_default=False)


class DeclareChangeSchema(ArriveSchema):
    character = fields.String(required=True, validate=validate.Length(min=1, max=60))
    opponent_allowed = fields.Boolean(load_default=False)
    referee_allowed = fields.Boolean(load_default=False)


class ReportGameSchema(ActionSchema):
    winner = fields.String(load_default=None, allow_none=True, validate=SIDE)
    rounds_a = fields.Integer(required=True, validate=ROUNDS)
    rounds_b = fields.Integer(required=True, validate=ROUNDS)
    char_a = fields.String(load_default="", validate=TEAM)
    char_b = fields.String(load_default="", validate=TEAM)
    stage = fields.String(load_default="", validate=TEXT)
    side_a = fields.String(load_default="", validate=PLAYER_SIDE)
    double_ko = fields.Boolean(load_default=False)
    struck = fields.String(load_default="", validate=STAGES)
    banned = fields.String(load_default="", validate=STAGES)


class PenaltySchema(ActionSchema):
    side = fields.String(required=True, validate=SIDE)
    penalty = fields.String(required=True, validate=validate.Length(min=1, max=40))
    note = fields.String(load_default="", validate=validate.Length(max=200))
    act = fields.String(load_default="", validate=validate.Length(max=40))
    member_id = fields.Integer(load_default=None, allow_none=True)
    game = fields.Integer(load_default=None, allow_none=True)
    rounds_a = fields.Integer(load_default=None, allow_none=True, validate=ROUNDS)
    rounds_b = fields.Integer(load_default=None, allow_none=True, validate=ROUNDS)


class ReplaySchema(ActionSchema):
    reason = fields.String(load_default="", validate=validate.Length(max=200))


class OverrideSchema(ActionSchema):
    winner = fields.String(required=True, validate=SIDE)
    reason = fields.String(required=True, validate=validate.Length(min=1, max=200))


class RulingSchema(ActionSchema):
    choice = fields.String(required=True, validate=validate.OneOf(("replay", "keep")))
    reason = fields.String(load_default="", validate=validate.Length(max=200))


ACTION_SCHEMAS = {"coin_toss": CoinTossSchema, "roll_call": RollCallSchema, "arrive": ArriveSchema,
                  "name_player": NamePlayerSchema, "declare_change": DeclareChangeSchema,
                  "report_game": ReportGameSchema, "penalty": PenaltySchema, "replay": ReplaySchema,
                  "override": OverrideSchema, "ruling": RulingSchema}


# One instance per schema: building a marshmallow schema copies its fields, which
# costs more than the load itself; loading does not change the instance.
_LOADERS = {kind: schema() for kind, schema in ACTION_SCHEMAS.items()}


def load_action(kind: str, payload: dict) -> dict:
    """The action's clean fields (an entry's payload: its envelope read apart, services/entries/entry.py);
    ValidationError otherwise."""
    loader = _LOADERS.get(kind)
    if loader is None:
        raise ValidationError({"kind": [f"unknown kind {kind!r}"]})
    if kind in _QUICK and "position" not in payload:
        # A form's empty optional field is dropped here as _drop_empty would: its payload takes the fast path too.
        loaded = quick_load(loader, without_empty(loader, payload) if "" in payload.values() else payload)
        if loaded is not None:
            loaded.pop("position", None)
            return loaded
    loaded = loader.load(payload)
    loaded.pop("position", None)
    return loaded


# Marshmallow's load costs more than the checks it runs (a tenth of an entry on the sync
# path): data whose every field has its exact JSON type is checked by the fields' own
# validators alone. Anything else (a number as text, a form's "on", a missing required field,
# an unknown key) goes through the schema, which gives the same answer or the errors.
_EXACT = {fields.String: str, fields.Integer: int, fields.Boolean: bool, fields.Dict: dict}


def quick_load(schema: Schema, data: dict) -> dict | None:
    """What schema.load(data) gives, for plainly well-formed data; None otherwise (load it then).
    For a schema quick_loadable() allows, its allowed hooks leaving this data as it is."""
    if schema.unknown != EXCLUDE and not data.keys() <= schema.load_fields.keys():
        return None
    out = {}
    for name, field in schema.load_fields.items():
        value = data.get(name, missing)
        if value is missing and not field.required:
            default = field.load_default
            if default is not missing:  # marshmallow leaves out a field with neither value nor default
                out[name] = default() if callable(default) else default
        elif value is None and field.allow_none:
            out[name] = None
        elif type(value) is _EXACT.get(type(field)) and _passes(field, value):
            out[name] = dict(value) if type(value) is dict else value
        else:
            return None
    return out


def _passes(field, value) -> bool:
    try:
        for validator in field.validators:
            validator(value)
    except ValidationError:
        return False
    return True


def quick_loadable(schema: Schema, hooks=()) -> bool:
    """The schema has no hooks but these, nor a field read or kept under another name."""
    named = {name for entries in type(schema).resolve_hooks().values() for name, *_ in entries}
    return named <= set(hooks) and all(f.data_key is None and f.attribute is None
                                       for f in schema.load_fields.values())


_QUICK = {kind for kind, loader in _LOADERS.items() if quick_loadable(loader, ("_drop_empty",))}

ALLOWED_CONTROLS = {"\n", "\r", "\t"}  # line breaks in a typed reason are fine
# Unicode category Cc is exactly U+0000–U+001F and U+007F–U+009F (fixed by the standard);
# one regex search runs in C, where a category lookup per character cost more than the
# entry itself on the sync path. tests/service/test_op_input.py compares it with unicodedata.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def control_characters_in(value, path: str = "payload") -> str | None:
    """The path of the first text (key or value) holding a control character, else None."""
    # A path is kept as (parent, key, how) and spelled out only for the one reported:
    # formatting one per value cost more than the search.
    stack = [(path, value)]
    while stack:  # iterative: a deeply nested payload must not exhaust the stack
        where, item = stack.pop()
        if isinstance(item, str) and _has_control(item):
            return _spelled(where)
        if isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str) and _has_control(key):
                    return _spelled(where)
                stack.append(((where, key, "."), inner))
        elif isinstance(item, list):
            stack.extend(((where, n, "[]"), inner) for n, inner in enumerate(item))
    return None


def _spelled(where) -> str:
    """"a.b[2]" from the nested (parent, key, how) steps."""
    steps = []
    while isinstance(where, tuple):
        where, key, how = where
        steps.append((key, how))
    text = where
    for key, how in reversed(steps):
        text = f"{text}[{key}]" if how == "[]" else f"{text}.{key}" if text else str(key)
    return text


def _has_control(text: str) -> bool:
    return _CONTROL.search(text) is not None


def check_printable(op) -> None:
    """Refuse an entry whose text holds NUL or another control character (never stored)."""
    where = control_characters_in(op.payload, "")
    if where is not None:
        raise ServiceError("op.control_characters", N_(
            "This entry contains a control character (in %(field)s): use printable text only."),
            field=where or "payload")


class FormSchema(Schema):
    """Ignores unknown fields (the CSRF token, buttons)."""

    class Meta:
        unknown = EXCLUDE
