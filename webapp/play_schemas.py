"""marshmallow schemas for match actions as staff phones send them (form fields or JSON).

Both the no-script form post and the sync endpoint load payloads through these,
so "3" and 3, "on" and true mean the same, and unknown fields are refused.
"""
from marshmallow import RAISE, Schema, ValidationError, fields, pre_load, validate

SIDE = validate.OneOf(("a", "b"))
PLAYER_SIDE = validate.OneOf(("1P", "2P", ""))
ROUNDS = validate.Range(min=0, max=9)
TEXT = validate.Length(max=60)


class ActionSchema(Schema):
    """Common to all actions: `position` is where the phone expects the action to go."""

    class Meta:
        unknown = RAISE

    position = fields.Integer(validate=validate.Range(min=0, max=10_000), load_default=None)

    @pre_load
    def _drop_form_noise(self, data, **_):
        data = dict(data)
        for noise in ("csrf_token", "kind", "base_version"):
            data.pop(noise, None)
        # An empty optional form field means "not given".
        return {k: v for k, v in data.items() if v != "" or k in self.fields and self.fields[k].required}


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
    char_a = fields.String(load_default="", validate=TEXT)
    char_b = fields.String(load_default="", validate=TEXT)
    stage = fields.String(load_default="", validate=TEXT)
    side_a = fields.String(load_default="", validate=PLAYER_SIDE)
    double_ko = fields.Boolean(load_default=False)


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
    """A clean payload for an action kind (with `position` if given); ValidationError otherwise."""
    loader = _LOADERS.get(kind)
    if loader is None:
        raise ValidationError({"kind": [f"unknown kind {kind!r}"]})
    return loader.load(payload)
