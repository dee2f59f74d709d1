"""marshmallow schemas of the sync protocol: a batch of operations from one device."""
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

MAX_BATCH = 200
# Identifiers are printable text: no NUL or other control characters (PostgreSQL refuses NUL).
PRINTABLE = validate.Regexp(r"^[^\x00-\x1f\x7f]*$", error="Use printable characters only.")


class OperationSchema(Schema):
    """One operation as the phone's outbox stores it."""

    class Meta:
        unknown = EXCLUDE  # the phone's own bookkeeping (status, message) is not ours

    op_id = fields.String(required=True, validate=[validate.Length(min=8, max=64), PRINTABLE])
    device_id = fields.String(required=True, validate=[validate.Length(min=1, max=64), PRINTABLE])
    seq = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**31))
    kind = fields.String(required=True, validate=[validate.Length(min=1, max=40), PRINTABLE])
    match_id = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(min=1, max=2**31))
    base_version = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(min=0, max=2**31))
    payload = fields.Dict(load_default=dict)
    device_time = fields.String(load_default="", validate=[validate.Length(max=40), PRINTABLE])


class BatchSchema(Schema):
    """A batch: the device and its operations in order (each op is validated on its own)."""

    class Meta:
        unknown = EXCLUDE

    device_id = fields.String(required=True, validate=[validate.Length(min=1, max=64), PRINTABLE])
    ops = fields.List(fields.Dict(), required=True, validate=validate.Length(max=MAX_BATCH))


class OutcomeSchema(Schema):
    """What the server made of one operation."""

    op_id = fields.String()
    outcome = fields.String(validate=validate.OneOf(("applied", "duplicate", "confirmed", "conflict", "rejected", "held")))
    code = fields.String(allow_none=True)
    message = fields.String(allow_none=True)
    match_version = fields.Integer(allow_none=True)
    resolution = fields.String(allow_none=True, validate=validate.OneOf(("kept", "taken", "third")))
    lost = fields.Boolean(allow_none=True)
    undone = fields.Dict(allow_none=True)   # {code, message, params}: a later void undid this entry


__all__ = ["BatchSchema", "OperationSchema", "OutcomeSchema", "ValidationError", "MAX_BATCH"]
