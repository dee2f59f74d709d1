"""The OpenAPI 3 document of the read API, generated from the marshmallow schemas (apispec),
as the sync API's is (sync/openapi.py); tests/security/test_api_openapi.py holds the server to it
with schemathesis. Every route is a GET without sign-in: 200 (or 304 with the ETag the client
sent), 404 for an event, phase or match that is not there, 422 for a ?lang= other than ja/en,
429 when one client asks too often."""
from functools import lru_cache

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from . import schemas

JSON = "application/json"
SLUG = {"in": "path", "name": "slug", "required": True, "schema": {"type": "string"}}
PHASE = {"in": "path", "name": "phase_id", "required": True, "schema": {"type": "integer", "minimum": 1}}
EXPORT = {"in": "path", "name": "name", "required": True,
          "schema": {"type": "string", "enum": ["obf.json", "startgg.json", "placements.csv"]}}
ETAG = {"ETag": {"schema": {"type": "string"}, "description": "send it back in If-None-Match: 304 if unchanged"}}


def _ref(name: str) -> dict:
    """A named component by reference: a bare name would be read as a marshmallow class name, and any
    schema class of that name elsewhere in the code (start.gg's Event answer) would stand in for it."""
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema, description: str) -> dict:
    return {"description": description, "content": {JSON: {"schema": _ref(schema)}}, "headers": ETAG}


def _answers(ok: dict) -> dict:
    return {"200": ok, "304": {"description": "unchanged since the ETag sent in If-None-Match"},
            "404": {"description": "no such event, phase or match", "content": {JSON: {"schema": _ref("Problem")}}},
            "422": {"description": "a ?lang= other than ja or en", "content": {JSON: {"schema": _ref("Problem")}}},
            "429": {"description": "this client asked too often: wait Retry-After seconds",
                    "content": {JSON: {"schema": _ref("Problem")}}}}


ROUTES = (
    ("/api/v1/events", "Every event not archived", "EventList", ()),
    ("/api/v1/events/{slug}", "One event and its phases", "Event", (SLUG,)),
    ("/api/v1/events/{slug}/entrants", "Entrants: name, reading, seed, team members", "EntrantList", (SLUG,)),
    ("/api/v1/events/{slug}/standings", "The event's standings so far", "Standings", (SLUG,)),
    ("/api/v1/events/{slug}/stations", "Stations, the call queue and the stream queue", "StationBoard", (SLUG,)),
    ("/api/v1/events/{slug}/phases/{phase_id}", "A phase's brackets, matches, games and round names", "Phase",
     (SLUG, PHASE)),
    ("/api/v1/events/{slug}/phases/{phase_id}/pools", "Cross tables (round robin) and Swiss standings", "Pools",
     (SLUG, PHASE)),
    ("/api/v1/matches/{match_id}", "One match live: score, games, who is on, kachinuki's players left", "LiveMatch",
     ({"in": "path", "name": "match_id", "required": True, "schema": {"type": "integer", "minimum": 1}},)),
)
NAMED = {"Event": schemas.EventSchema, "EventList": schemas.EventListSchema, "EntrantList": schemas.EntrantListSchema,
         "Standings": schemas.StandingsSchema, "StationBoard": schemas.StationBoardSchema, "Phase": schemas.PhaseSchema,
         "Pools": schemas.PoolsSchema, "LiveMatch": schemas.LiveMatchSchema, "Problem": schemas.ProblemSchema}


@lru_cache(maxsize=1)
def openapi_document() -> dict:
    """Every /api/v1 route with its parameters and answers."""
    spec = APISpec(title="taikai read API", version="1", openapi_version="3.0.3", plugins=[MarshmallowPlugin()],
                   info={"description": "Public results of the events on this server. No sign-in; GET only."})
    for name, schema in NAMED.items():
        spec.components.schema(name, schema=schema)
    lang = {"in": "query", "schema": schemas.LangQuerySchema}
    for path, summary, answer, params in ROUTES:
        spec.path(path, operations={"get": {"summary": summary, "parameters": [*params, lang],
                                            "responses": _answers(_json(answer, summary))}})
    _exports(spec, lang)
    return spec.to_dict()


def _exports(spec: APISpec, lang: dict) -> None:
    files = {"description": "OBF v1.0 JSON, start.gg-shaped sets (JSON) or the placements CSV (UTF-8, BOM)",
             "headers": ETAG, "content": {JSON: {"schema": {"type": "object"}},
                                          "text/csv": {"schema": {"type": "string"}}}}
    spec.path("/api/v1/events/{slug}/export/{name}", operations={"get": {
        "summary": "The whole event as an export file", "parameters": [SLUG, EXPORT, lang],
        "responses": _answers(files)}})
    spec.path("/api/v1/events/{slug}/phases/{phase_id}/export/{name}", operations={"get": {
        "summary": "One phase as an export file", "parameters": [SLUG, PHASE, EXPORT, lang],
        "responses": _answers(files)}})
