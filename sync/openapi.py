"""The OpenAPI 3 document of the sync API, generated from the marshmallow schemas (apispec).

It describes what the server really does, so schemathesis can hold it to it
(tests/security/test_openapi.py): a well-formed batch is answered 200 with one
outcome per entry (an entry the rules refuse is a "rejected" outcome, not an
error), a malformed batch or query 422, a body that is not JSON 400, a missing
sign-in 401, a missing CSRF token 400.
"""
from functools import lru_cache

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from .schemas import (BatchResultsSchema, BatchSchema, InvalidSchema, OperationSchema, OutcomesQuerySchema, ProblemSchema,
                      ResultsSchema)

JSON = "application/json"


def _json(schema: str, description: str) -> dict:
    return {"description": description, "content": {JSON: {"schema": schema}}}


def _responses(ok: str) -> dict:
    return {"200": _json("Results", ok),
            "401": _json("Problem", "not signed in: nothing was consumed, the phone keeps its entries"),
            "422": _json("Invalid", "the request itself is malformed (named by field)")}


@lru_cache(maxsize=1)
def openapi_document() -> dict:
    """Paths /sync/ops and /sync/outcomes with their request and response bodies."""
    spec = APISpec(title="taikai sync API", version="1", openapi_version="3.0.3", plugins=[MarshmallowPlugin()])
    spec.components.security_scheme("session", {"type": "apiKey", "in": "cookie", "name": "session",
                                                "description": "the signed-in page's session cookie"})
    spec.components.security_scheme("csrf", {"type": "apiKey", "in": "header", "name": "X-CSRFToken",
                                             "description": "the page's <meta name=csrf-token> (POST only)"})
    for name, schema in (("Batch", BatchSchema), ("Operation", OperationSchema), ("Results", ResultsSchema), ("BatchResults", BatchResultsSchema),
                         ("Problem", ProblemSchema), ("Invalid", InvalidSchema)):
        spec.components.schema(name, schema=schema)
    batch = spec.to_dict()["components"]["schemas"]["Batch"]
    # Each entry is checked on its own: a malformed one is answered with a "rejected"
    # outcome (see Operation), so the batch takes any objects.
    batch["properties"]["ops"]["items"] = {"type": "object", "description": "an Operation"}
    spec.path("/sync/ops", operations={"post": {
        "summary": "Apply a batch of operations from one device",
        "security": [{"session": [], "csrf": []}],
        "requestBody": {"required": True, "content": {JSON: {"schema": "Batch"}}},
        "responses": {**_responses("one outcome per operation, in order"),
                      "200": _json("BatchResults", "one outcome per operation, in order (and entries undone since)"),
                      "400": _json("Problem", "no valid CSRF token, or the body is not JSON (or nests too deeply)"),
                      "503": _json("Problem", "the database is busy: nothing was committed, send again")}}})
    spec.path("/sync/outcomes", operations={"get": {
        "summary": "Outcomes of this person's operations from one device",
        "security": [{"session": []}],
        "parameters": [{"in": "query", "schema": OutcomesQuerySchema}],
        "responses": _responses("the outcomes, by sequence number")}})
    document = spec.to_dict()
    document["components"]["schemas"]["Batch"] = batch
    return document
