"""marshmallow schemas of the sync protocol: a batch of operations from one device."""
import json
from datetime import datetime

from marshmallow import EXCLUDE, INCLUDE, Schema, ValidationError, fields, validate

from webapp.database import DB_INT_MAX
from webapp.services.entries.payloads import quick_load

MAX_BATCH = 200
# Identifiers are printable text: no NUL or other control characters (PostgreSQL refuses NUL).
PRINTABLE = validate.Regexp(r"^[^\x00-\x1f\x7f]*$", error="Use printable characters only.")


MAX_DEPTH = 32  # a batch is shallow; a deeper body is refused before anything reads it
ISO_INSTANT = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$"


class JsonBoolean(fields.Boolean):
    """JSON's true or false only: marshmallow's Boolean also takes 0, 1, 0.0 and "yes", which the
    OpenAPI document (and a phone) never sends."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not bool:
            raise self.make_error("invalid", input=value)
        return value


class BadBody(ValueError):
    """The request body is not JSON this API can read (malformed, or nested too deeply)."""


def read_json(data: bytes):
    """The body parsed as JSON; BadBody when it is not JSON or nests deeper than MAX_DEPTH."""
    try:
        body = json.loads(data, parse_constant=_not_json)
    except (ValueError, RecursionError) as problem:  # RecursionError: absurd nesting
        raise BadBody("not JSON") from problem
    if _depth(body) > MAX_DEPTH:
        raise BadBody("nested too deeply")
    return body


def _not_json(constant: str):
    """NaN, Infinity, -Infinity: Python's reader takes them, JSON has none (a browser never sends one)."""
    raise ValueError(f"{constant} is not JSON")


def _depth(value) -> int:
    # Only containers are stacked (a batch holds thousands of scalars): a container with
    # anything in it reaches one level deeper, whatever that is.
    deepest, stack = 1, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        inner = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        if inner and depth <= MAX_DEPTH:
            deepest = max(deepest, depth + 1)
            stack.extend((i, depth + 1) for i in inner if isinstance(i, (dict, list)))
    return deepest


def _instant(value: str) -> None:
    """An ISO 8601 instant (date, time and a zone), in a plausible year, or nothing."""
    if value == "":
        return
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None or not 2000 <= moment.year <= 2100:
        raise ValidationError("Use an ISO 8601 time with a zone, e.g. 2026-05-03T14:05:00+09:00.")



class OperationSchema(Schema):
    """One operation as the phone's outbox stores it.

    Numbers in a JSON body are strict: 3.1e-193 is not a sequence number (marshmallow would
    truncate it to 0), as the OpenAPI document says ("integer")."""

    class Meta:
        unknown = EXCLUDE  # the phone's own bookkeeping (status, message) is not ours

    op_id = fields.String(required=True, validate=[validate.Length(min=8, max=64), PRINTABLE])
    device_id = fields.String(required=True, validate=[validate.Length(min=1, max=64), PRINTABLE])
    seq = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=DB_INT_MAX))
    kind = fields.String(required=True, validate=[validate.Length(min=1, max=40), PRINTABLE])
    match_id = fields.Integer(strict=True, load_default=None, allow_none=True,
                              validate=validate.Range(min=1, max=DB_INT_MAX))
    base_version = fields.Integer(strict=True, load_default=None, allow_none=True,
                                  validate=validate.Range(min=0, max=DB_INT_MAX))
    payload = fields.Dict(load_default=dict)
    device_time = fields.String(load_default="", validate=[
        validate.Length(max=40), validate.Regexp(ISO_INSTANT + "|^$", error="Use an ISO 8601 time with a zone."),
        _instant])


_OPERATION = OperationSchema()  # no hooks: quick_load gives what its load gives (tested)


def load_operation(raw: dict) -> dict:
    """One operation as OperationSchema loads it (ValidationError when it refuses it); a plainly
    well-formed one is checked by the schema's own field validators alone (quick_load)."""
    loaded = quick_load(_OPERATION, raw)
    return loaded if loaded is not None else _OPERATION.load(raw)


class BatchSchema(Schema):
    """A batch: the device and its operations in order (each op is validated on its own)."""

    class Meta:
        unknown = EXCLUDE

    device_id = fields.String(required=True, validate=[validate.Length(min=1, max=64), PRINTABLE])
    ops = fields.List(fields.Dict(), required=True, validate=validate.Length(max=MAX_BATCH))
    # Entries waiting on the phone when it sent this batch (these included): the desk's venue page.
    waiting = fields.Integer(strict=True, load_default=None, allow_none=True,
                             validate=validate.Range(min=0, max=DB_INT_MAX))


class SeenSchema(Schema):
    """A phone checking in without entries to send: its waiting count and storage (the venue page)."""

    class Meta:
        unknown = EXCLUDE

    device_id = fields.String(required=True, validate=[validate.Length(min=1, max=64), PRINTABLE])
    waiting = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=DB_INT_MAX))
    persisted = JsonBoolean(load_default=None, allow_none=True)


class OutcomesQuerySchema(Schema):
    """The query of /sync/outcomes: this person's device, from which sequence number on."""

    class Meta:
        unknown = EXCLUDE

    device_id = fields.String(required=True, validate=[validate.Length(min=1, max=64), PRINTABLE])
    since_seq = fields.Integer(load_default=0, validate=validate.Range(min=0, max=DB_INT_MAX))


OUTCOMES = ("applied", "duplicate", "confirmed", "conflict", "rejected", "held")


class OutcomeSchema(Schema):
    """What the server made of one operation."""

    op_id = fields.String(required=True)
    outcome = fields.String(required=True, validate=validate.OneOf(OUTCOMES))
    code = fields.String(required=True, allow_none=True)
    message = fields.String(required=True, allow_none=True)
    params = fields.Dict(required=True, keys=fields.String())
    match_version = fields.Integer(required=True, allow_none=True)
    resolution = fields.String(required=True, allow_none=True, validate=validate.OneOf(("kept", "taken", "third")))
    lost = fields.Boolean(required=True, allow_none=True)
    undone = fields.Dict(required=True, allow_none=True)  # {code, message, params}: a later void undid this entry


class ResultsSchema(Schema):
    """The answer of both endpoints: one outcome per operation, in order."""

    results = fields.List(fields.Nested(OutcomeSchema), required=True)


class BatchResultsSchema(ResultsSchema):
    """The answer to a batch: its outcomes, and this device's earlier entries a void has undone since."""

    undone = fields.List(fields.Nested(OutcomeSchema), required=True)


class ProblemSchema(Schema):
    """A refused request as a whole (nothing in it was consumed)."""

    error = fields.String(required=True)
    message = fields.String(required=True)


class SeenAnswerSchema(Schema):
    """The answer to a phone checking in."""

    ok = fields.Boolean(required=True)


class PackSchema(Schema):
    """One event's offline pack, as the phone keeps it (static/js/offline_pack.js reads the rest)."""

    class Meta:
        unknown = INCLUDE  # the rules, roster and stages besides: described by the fields named here

    id = fields.Integer(required=True)
    slug = fields.String(required=True)
    name = fields.String(required=True)
    entrants = fields.Dict(required=True, keys=fields.String())
    phases = fields.List(fields.Dict(), required=True)


class PacksSchema(Schema):
    """The offline packs of the events this person may enter results for."""

    events = fields.List(fields.Nested(PackSchema), required=True)


class InvalidSchema(Schema):
    """A batch or query that is malformed: marshmallow's messages by field."""

    errors = fields.Dict(required=True)


__all__ = ["BadBody", "BatchResultsSchema", "BatchSchema", "InvalidSchema", "OperationSchema", "OutcomeSchema",
           "load_operation", "OutcomesQuerySchema", "PackSchema", "PacksSchema", "ProblemSchema", "ResultsSchema",
           "SeenAnswerSchema", "SeenSchema", "ValidationError", "MAX_BATCH", "read_json"]
