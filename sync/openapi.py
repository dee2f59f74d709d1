"""The OpenAPI 3 document of the sync API, built from the marshmallow schemas' fields."""
from marshmallow import fields, validate

from .schemas import MAX_BATCH, OperationSchema, OutcomeSchema

_TYPES = {fields.String: "string", fields.Integer: "integer", fields.Dict: "object", fields.Boolean: "boolean"}


def _schema(schema_cls) -> dict:
    props, required = {}, []
    for name, field in schema_cls().fields.items():
        prop = {"type": _TYPES.get(type(field), "string")}
        if field.allow_none:
            prop["nullable"] = True
        choices = [v.choices for v in field.validators if isinstance(v, validate.OneOf)]
        if choices:
            prop["enum"] = list(choices[0])  # e.g. every outcome, "held" included
        props[name] = prop
        if field.required:
            required.append(name)
    return {"type": "object", "properties": props, "required": required}


def openapi_document() -> dict:
    """Paths /sync/ops and /sync/outcomes with their request and response bodies."""
    results = {"type": "object", "properties": {"results": {"type": "array", "items": {"$ref": "#/components/schemas/Outcome"}}}}
    json_results = {"application/json": {"schema": results}}
    return {
        "openapi": "3.0.3",
        "info": {"title": "taikai sync API", "version": "1"},
        "paths": {
            "/sync/ops": {"post": {
                "summary": "Apply a batch of operations from one device",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["device_id", "ops"],
                    "properties": {"device_id": {"type": "string"},
                                   "ops": {"type": "array", "maxItems": MAX_BATCH,
                                           "items": {"$ref": "#/components/schemas/Operation"}}}}}}},
                "responses": {"200": {"description": "one outcome per operation", "content": json_results},
                              "401": {"description": "not signed in; nothing was consumed"},
                              "422": {"description": "the batch itself is malformed"}}}},
            "/sync/outcomes": {"get": {
                "summary": "Outcomes of a device's operations",
                "parameters": [{"name": "device_id", "in": "query", "required": True, "schema": {"type": "string"}},
                               {"name": "since_seq", "in": "query", "schema": {"type": "integer"}}],
                "responses": {"200": {"description": "outcomes", "content": json_results},
                              "401": {"description": "not signed in"}}}},
        },
        "components": {"schemas": {"Operation": _schema(OperationSchema), "Outcome": _schema(OutcomeSchema)}},
    }
