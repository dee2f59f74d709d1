"""The shapes of start.gg's and Challonge's answers that taikai reads, checked where an answer arrives.

Every answer is loaded through a marshmallow schema (``startgg_answers``, ``challonge_answers``) before
anything is built from it: fields taikai does not read are let through unread (EXCLUDE), a null the
service sends is taken where its API sends one, and an answer not in its documented shape is ``Malformed``
with one sentence naming what was wrong ("start.gg's answer has a set without its id"). What is built
afterwards reads only checked data, so an exception there is taikai's own bug and surfaces as one.
"""
from marshmallow import EXCLUDE, Schema, ValidationError, fields

from ...tournament.errors import N_
from .answers import Malformed

MISSING = "Missing data for required field."


class Answer(Schema):
    """A part of an answer: ``NOUN`` names it in a refusal ("a set")."""

    NOUN = N_("an answer")

    class Meta:
        unknown = EXCLUDE


class Id(fields.Field):
    """A service's id (a number, or a short word: start.gg's ``ID`` is either), kept as its text."""

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ValidationError("not an id")
        text = str(value)
        if not 0 < len(text) <= 40 or not text.isprintable():
            raise ValidationError("not an id")
        return text


def one(schema, required: bool = False) -> fields.Nested:
    """A nested part; null taken unless required (start.gg's objects are all nullable)."""
    return fields.Nested(schema, required=required, allow_none=not required)


def many(schema, required: bool = False) -> fields.List:
    """A list of parts; the list itself may be null unless required, its items may not."""
    return fields.List(fields.Nested(schema), required=required, allow_none=not required)


def text() -> fields.String:
    return fields.String(allow_none=True)


def number() -> fields.Integer:
    return fields.Integer(allow_none=True, strict=True)


def load(schema: Schema, answer, service: str) -> dict:
    """The answer as checked data, or Malformed naming the first thing wrong in it."""
    try:
        return schema.load(answer)
    except ValidationError as problem:
        raise worded(schema, problem.messages, service) from None


class Verbatim:
    """A field's name as the API spells it: shown as is, never looked up among the translations."""

    def __init__(self, name: str):
        self.name = name

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return repr(self.name)

    def __eq__(self, other) -> bool:
        return str(other) == self.name

    def __hash__(self) -> int:
        return hash(self.name)


MESSAGES = {
    "missing": N_("%(service)s's answer has %(thing)s without its %(field)s"),
    "unreadable": N_("%(service)s's answer has %(thing)s whose %(field)s is in a form taikai cannot read"),
    "not_object": N_("%(service)s's answer has %(thing)s in a form taikai cannot read"),
}


def worded(schema: Schema, messages, service: str) -> Malformed:
    """Malformed with one sentence: the innermost part that was wrong, and its field."""
    thing, field, why = _first(schema, messages)
    params = {"service": service, "thing": thing, "field": Verbatim(field)}
    return Malformed(MESSAGES[why] % params, MESSAGES[why], **params)


def _first(schema: Schema, messages) -> tuple[str, str, str]:
    """Walk the schema alongside marshmallow's nested messages to the first leaf: (noun, field, why)."""
    while True:
        key = sorted(messages, key=str)[0] if isinstance(messages, dict) else None
        if key is None or key == "_schema":
            return schema.NOUN, "", "not_object"
        field = _field(schema, key)
        inner = messages[key]
        if isinstance(inner, dict) and isinstance(field, fields.List):
            field, inner = field.inner, inner[sorted(inner, key=str)[0]]
            if isinstance(inner, list):  # an item that is not a part at all (a number where a set goes)
                return _noun(field, schema), "", "not_object"
        if isinstance(inner, dict) and isinstance(field, fields.Nested):
            schema, messages = field.schema, inner
            continue
        why = "missing" if inner == [MISSING] else "unreadable"
        return schema.NOUN, str(key), why


def _field(schema: Schema, key):
    return next((f for name, f in schema.fields.items() if (f.data_key or name) == key), None)


def _noun(field, schema: Schema) -> str:
    return field.schema.NOUN if isinstance(field, fields.Nested) else schema.NOUN
