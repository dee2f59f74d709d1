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
from webapp.services.accounts import users as accounts


def _token(client, path: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', client.get(path).get_data(as_text=True)).group(1)


@pytest.fixture(params=["desk", "staff"])
def signed_in(app, request):
    """A desk's or a referee's session cookie and its CSRF token, and a match to aim entries at."""
    accounts.create_user("desk", "desk-pass-123", role="desk")
    event, _ = team_event()
    accounts.set_staff_pin(event, "246813")
    db.session.commit()
    client = app.test_client()
    if request.param == "desk":
        answer = client.post("/login", data={"username": "desk", "password": "desk-pass-123",
                                             "csrf_token": _token(client, "/login")})
    else:
        answer = client.post(f"/e/{event.slug}/staff-login", data={"name": "青木", "pin": "246813",
                                                                  "csrf_token": _token(client, "/login")})
    assert answer.status_code == 302
    remember = client.get_cookie("remember_token")
    return {"session": client.get_cookie("session").value, "csrf": _token(client, "/"),
            "remember": remember.value if remember else None}


def test_the_document_names_every_sync_route(app):
    documented = set(schemathesis.openapi.from_wsgi("/sync/openapi.json", app).raw_schema["paths"])
    routes = {re.sub(r"<(?:int:)?(\w+)>", r"{\1}", rule.rule) for rule in app.url_map.iter_rules()
              if rule.rule.startswith("/sync/") and rule.endpoint != "sync.openapi"}
    assert routes == documented


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda mode: mode.value)
def test_sync_api_keeps_its_document(app, signed_in, mode):
    """Every operation, valid and invalid data, all of schemathesis's checks (ignored_auth among
    them: each request sent again without its session or with a spoilt one must be answered 401)."""
    app.config["WTF_CSRF_ENABLED"] = True
    schema = schemathesis.openapi.from_wsgi("/sync/openapi.json", app)

    @schema.auth()
    class DeskSession:
        """The signed-in person's cookie and CSRF token (ignored_auth removes and spoils them)."""

        def get(self, case, context):
            return signed_in

        def set(self, case, data, context):
            # Every credential the document declares (ignored_auth removes them all, then expects 401).
            case.cookies = {**(case.cookies or {}), "session": data["session"]}
            if data["remember"]:
                case.cookies["remember_token"] = data["remember"]
            if case.method == "POST":
                case.headers = {**(case.headers or {}), "X-CSRFToken": data["csrf"]}

    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in operations} == {"/sync/ops", "/sync/received", "/sync/outcomes", "/sync/seen",
                                              "/sync/pack", "/sync/pack/{event_id}"}
    statuses: list[int] = []
    for operation in operations:
        _hold_to_document(operation.as_strategy(generation_mode=mode, auth_storage=schema.auth), statuses)
    # The credentials worked: valid requests were answered, invalid ones refused by the API itself.
    assert (200 if mode == GenerationMode.POSITIVE else 422) in statuses, sorted(set(statuses))


def _hold_to_document(strategy, statuses: list[int]):
    @given(case=strategy)
    @settings(max_examples=20, deadline=None, database=None, suppress_health_check=list(HealthCheck))
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


def test_seen_takes_json_true_or_false_only(app):
    """schemathesis found it (seed 228847040336103503598128190797441268905): "persisted": 0.0 was taken."""
    from marshmallow import ValidationError

    from sync.schemas import SeenSchema
    for value in (0.0, 1, "true", "yes"):
        with pytest.raises(ValidationError):
            SeenSchema().load({"device_id": "phone", "persisted": value})
    assert SeenSchema().load({"device_id": "phone", "persisted": False})["persisted"] is False
