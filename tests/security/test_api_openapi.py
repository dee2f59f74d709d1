"""schemathesis, with all its checks, against the running app's /api/v1/openapi.json (the read API).

The document is generated from the marshmallow schemas (apispec), like the sync API's; this holds
the server to it: documented status codes, content types and bodies, valid data accepted, invalid
data refused, 405 with Allow for other methods; never a 500 on odd input.
"""
import re

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from play_support import kgp_top4
from schemathesis.generation import GenerationMode

from webapp.extensions import db
from webapp.services.day import stations


@pytest.fixture
def world(app):
    """A KGP event played into its finals stage, with a station: every route has something to say."""
    event, de, finals = kgp_top4()
    stations.add_station(event, "台1", stream=True)
    db.session.commit()
    return event, de


def test_the_document_names_every_api_route(app):
    documented = set(schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app).raw_schema["paths"])
    routes = {re.sub(r"<(?:int:)?(\w+)>", r"{\1}", rule.rule) for rule in app.url_map.iter_rules()
              if rule.rule.startswith("/api/v1/") and rule.endpoint != "api.openapi"}
    assert routes == documented


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda mode: mode.value)
def test_the_read_api_keeps_its_document(app, world, mode):
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 10
    event, de = world
    real = {"slug": event.slug, "phase_id": de.id, "match_id": de.brackets[0].matches[0].id}
    statuses: list[int] = []
    for operation in operations:
        app.extensions["taikai_limiter"].reset()  # the throttle has its own test
        _hold_to_document(operation.as_strategy(generation_mode=mode), statuses, real)
    assert (200 if mode == GenerationMode.POSITIVE else 422) in statuses, sorted(set(statuses))
    if mode == GenerationMode.POSITIVE:  # real answers, not only 404s, were held to their schemas
        assert statuses.count(200) >= len(operations), statuses
    assert not [s for s in statuses if s >= 500]


def _hold_to_document(strategy, statuses: list[int], real: dict):
    seen = [0]

    @given(case=strategy)
    @settings(max_examples=15, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def check(case):
        seen[0] += 1
        if seen[0] % 2 and case.path_parameters:  # every other case asks about the real event, phase, match
            case.path_parameters = {k: real.get(k, v) for k, v in case.path_parameters.items()}
        statuses.append(case.call_and_validate(headers={"Accept-Encoding": "identity"}).status_code)
    check()


def test_the_document_comes_from_the_marshmallow_schemas(client):
    from webapp.api.schemas import EntrantSchema, LiveMatchSchema

    doc = client.get("/api/v1/openapi.json").get_json()
    assert set(doc["components"]["schemas"]["Entrant"]["properties"]) == set(EntrantSchema().fields)
    assert "players_left" in doc["components"]["schemas"]["LiveMatch"]["properties"]
    assert set(LiveMatchSchema().fields) == set(doc["components"]["schemas"]["LiveMatch"]["properties"])
