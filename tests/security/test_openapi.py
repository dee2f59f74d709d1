"""schemathesis, with all its checks, against the running app's /sync/openapi.json.

The document is generated from the marshmallow schemas (apispec); this holds the
server to it: documented status codes, content types and bodies, valid data accepted,
invalid data refused, authentication enforced, 405 with Allow for other methods.
"""
import re

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from play_support import team_event
from schemathesis.generation import GenerationMode

from webapp.extensions import db
from webapp.services import accounts


@pytest.fixture
def signed_in(app):
    """A desk session cookie and its CSRF token, and a match to aim entries at."""
    accounts.create_user("desk", "desk-pass-123", role="desk")
    db.session.commit()
    team_event()
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    assert client.post("/login", data={"username": "desk", "password": "desk-pass-123",
                                       "csrf_token": token}).status_code == 302
    page = client.get("/desk/").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    return {"session": client.get_cookie("session").value, "csrf": token}


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda mode: mode.value)
def test_sync_api_keeps_its_document(app, signed_in, mode):
    """Every operation, valid and invalid data, all of schemathesis's checks."""
    app.config["WTF_CSRF_ENABLED"] = True
    schema = schemathesis.openapi.from_wsgi("/sync/openapi.json", app)

    @schema.auth()
    class DeskSession:
        """The signed-in desk's cookie and CSRF token (ignored_auth removes and spoils them)."""

        def get(self, case, context):
            return signed_in

        def set(self, case, data, context):
            case.cookies = {**(case.cookies or {}), "session": data["session"]}
            if case.method == "POST":
                case.headers = {**(case.headers or {}), "X-CSRFToken": data["csrf"]}

    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in operations} == {"/sync/ops", "/sync/received", "/sync/outcomes"}
    statuses: list[int] = []
    for operation in operations:
        _hold_to_document(operation.as_strategy(generation_mode=mode, auth_storage=schema.auth), statuses)
    # The credentials worked: valid requests were answered, invalid ones refused by the API itself.
    assert (200 if mode == GenerationMode.POSITIVE else 422) in statuses, sorted(set(statuses))


def _hold_to_document(strategy, statuses: list[int]):
    @given(case=strategy)
    @settings(max_examples=30, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def check(case):
        # The WSGI transport does not undo compression: ask for plain bytes.
        statuses.append(case.call_and_validate(headers={"Accept-Encoding": "identity"}).status_code)
    check()


def test_the_document_comes_from_the_marshmallow_schemas(client, app):
    from sync.schemas import MAX_BATCH, OperationSchema

    doc = client.get("/sync/openapi.json").get_json()
    operation = doc["components"]["schemas"]["Operation"]
    assert set(operation["properties"]) == set(OperationSchema().fields)
    assert operation["properties"]["op_id"]["minLength"] == 8
    assert doc["components"]["schemas"]["Batch"]["properties"]["ops"]["maxItems"] == MAX_BATCH
    assert {"session", "csrf"} <= set(doc["components"]["securitySchemes"])
