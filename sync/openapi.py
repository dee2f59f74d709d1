"""The OpenAPI 3 document of the sync API, generated from the marshmallow schemas (apispec).

It describes what the server really does, so schemathesis can hold it to it
(tests/security/test_openapi.py): a well-formed batch is answered 200 with one
outcome per entry (an entry the rules refuse is a "rejected" outcome, not an
error), a malformed batch or query 422, a body that is not JSON 400, a missing
CSRF token 400; every route, before any of these, 401 without a valid session
("sign in to send", in the reader's language: the phone keeps its entries).
"""
from functools import lru_cache

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from .schemas import (
    BatchResultsSchema,
    BatchSchema,
    InvalidSchema,
    OperationSchema,
    OutcomesQuerySchema,
    PackSchema,
    PacksSchema,
    ProblemSchema,
    ResultsSchema,
    SeenAnswerSchema,
    SeenSchema,
)

JSON = "application/json"


def _ref(name: str) -> dict:
    """A named component by reference (a bare name is read as a marshmallow class name: any schema class
    of that name elsewhere in the code would stand in for it)."""
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: str, description: str) -> dict:
    return {"description": description, "content": {JSON: {"schema": _ref(schema)}}}


SIGNED_OUT = _json("Problem", "no valid session (signed out here, by the desk, or a new PIN): error \"auth\", "
                              "message \"sign in to send\" in the reader's language; answered before the CSRF "
                              "token and the body are read, nothing was consumed, the phone keeps its entries")


def _responses(ok: str) -> dict:
    return {"200": _json("Results", ok),
            "401": SIGNED_OUT,
            "422": _json("Invalid", "the request itself is malformed (named by field)")}


@lru_cache(maxsize=1)
def openapi_document() -> dict:
    """Every /sync path (ops, received, outcomes, seen, pack) with its request and response bodies."""
    spec = APISpec(title="taikai sync API", version="1", openapi_version="3.0.3", plugins=[MarshmallowPlugin()])
    batch = _components(spec)
    _ops_path(spec)
    _received_path(spec)
    _outcomes_path(spec)
    _seen_path(spec)
    _pack_paths(spec)
    document = spec.to_dict()
    document["components"]["schemas"]["Batch"] = batch
    return document


def _components(spec: APISpec) -> dict:
    """The security schemes and the schemas; returns the Batch schema as the document shows it."""
    spec.components.security_scheme("session", {"type": "apiKey", "in": "cookie", "name": "session",
                                                "description": "the signed-in page's session cookie"})
    # A phone's remember cookie alone signs it in again (a session that ended with the browser):
    # a credential the server accepts, so the document names it. It is listed in one requirement with
    # the session (either one signs in; a request with neither is answered 401).
    spec.components.security_scheme("remember", {
        "type": "apiKey", "in": "cookie", "name": "remember_token",
        "description": "the phone's remember cookie (set at sign-in): either it or the session cookie "
                       "signs the phone in. "
                       "A phone is signed out when both cookies are gone: its person signs out (/logout "
                       "clears both), the desk signs it out or a new PIN is set (the next request answers "
                       "401), or the remember cookie's hours pass"})
    spec.components.security_scheme("csrf", {"type": "apiKey", "in": "header", "name": "X-CSRFToken",
                                             "description": "the page's <meta name=csrf-token> (POST only)"})
    for name, schema in (("Batch", BatchSchema), ("Operation", OperationSchema), ("Results", ResultsSchema),
                         ("BatchResults", BatchResultsSchema), ("Problem", ProblemSchema), ("Invalid", InvalidSchema),
                         ("Seen", SeenSchema), ("SeenAnswer", SeenAnswerSchema), ("Pack", PackSchema),
                         ("Packs", PacksSchema)):
        spec.components.schema(name, schema=schema)
    batch = spec.to_dict()["components"]["schemas"]["Batch"]
    # Each entry is checked on its own: a malformed one is answered with a "rejected"
    # outcome (see Operation), so the batch takes any objects.
    batch["properties"]["ops"]["items"] = {"type": "object", "description": "an Operation"}
    return batch


def _ops_path(spec: APISpec) -> None:
    spec.path("/sync/ops", operations={"post": {
        "summary": "Apply a batch of operations from one device",
        "security": [{"session": [], "remember": [], "csrf": []}],
        "requestBody": {"required": True, "content": {JSON: {"schema": _ref("Batch")}}},
        "responses": {**_responses("one outcome per operation, in order"),
                      "200": _json("BatchResults", "one outcome per operation, in order (and entries undone since)"),
                      "400": _json("Problem", "no valid CSRF token, or the body is not JSON (or nests too deeply)"),
                      "409": _json("Problem", "an entry carries entered_by of another person: nothing was applied "
                                              "(a shared phone sends each entry under its own person)"),
                      "413": _json("Problem", "the batch is larger than the server takes (send fewer entries)"),
                      "503": _json("Problem", "the database is busy: nothing was committed, send again")}}})


def _received_path(spec: APISpec) -> None:
    spec.path("/sync/received", operations={"post": {
        "summary": "The desk takes, from a shared phone, the entries one other person made there",
        "description": "Each entry is applied as the person in its entered_by (one person per batch), "
                       "with the signed-in desk noted as receiver; entries without entered_by (queued by an "
                       "older version of the app) are applied as the desk itself.",
        "security": [{"session": [], "remember": [], "csrf": []}],
        "requestBody": {"required": True, "content": {JSON: {"schema": _ref("Batch")}}},
        "responses": {**_responses("one outcome per operation, in order"),
                      "400": _json("Problem", "no valid CSRF token, or the body is not JSON (or nests too deeply)"),
                      "403": _json("Problem", "not the desk, several people in one batch, or a person not known here"),
                      "413": _json("Problem", "the batch is larger than the server takes (send fewer entries)"),
                      "503": _json("Problem", "the database is busy: nothing was committed, send again")}}})


def _outcomes_path(spec: APISpec) -> None:
    spec.path("/sync/outcomes", operations={"get": {
        "summary": "Outcomes of this person's operations from one device",
        "security": [{"session": [], "remember": []}],
        "parameters": [{"in": "query", "schema": OutcomesQuerySchema}],
        "responses": _responses("the outcomes, by sequence number")}})


def _seen_path(spec: APISpec) -> None:
    spec.path("/sync/seen", operations={"post": {
        "summary": "A phone checking in: the entries it still has waiting and its storage (the desk's venue page)",
        "security": [{"session": [], "remember": [], "csrf": []}],
        "requestBody": {"required": True, "content": {JSON: {"schema": _ref("Seen")}}},
        "responses": {**_responses("noted"), "200": _json("SeenAnswer", "noted"),
                      "400": _json("Problem", "no valid CSRF token, or the body is not JSON (or nests too deeply)")}}})


def _pack_paths(spec: APISpec) -> None:
    spec.path("/sync/pack", operations={"get": {
        "summary": "The offline packs of the events this person may enter results for",
        "security": [{"session": [], "remember": []}],
        "responses": {"200": _json("Packs", "one pack per event"), "401": SIGNED_OUT}}})
    spec.path("/sync/pack/{event_id}", operations={"get": {
        "summary": "One event's offline pack, for its staff and the desk",
        "security": [{"session": [], "remember": []}],
        "parameters": [{"in": "path", "name": "event_id", "required": True, "schema": {"type": "integer"}}],
        "responses": {"200": _json("Pack", "the event's pack"), "401": SIGNED_OUT,
                      "403": _json("Problem", "staff of another event"),
                      "404": _json("Problem", "no such event")}}})
