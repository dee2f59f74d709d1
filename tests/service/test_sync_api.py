"""The /sync endpoints over HTTP: batches, replays, 401, lost replies, OpenAPI, fuzzing."""
import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_support import team_event

from webapp.extensions import db
from webapp.models import MatchRow, Operation


def _op(match, kind="coin_toss", **payload):
    return {"op_id": str(uuid.uuid4()), "device_id": "phone-1", "seq": 1, "kind": kind, "match_id": match.id,
            "base_version": match.version, "payload": payload or {"winner": "a", "choice": "stage", "position": 0}}


def _push(client, ops, device="phone-1"):
    return client.post("/sync/ops", json={"device_id": device, "ops": ops})


def test_batch_replay_and_reuse(desk_client):
    _, match = team_event()
    op = _op(match)
    first = _push(desk_client, [op, op]).get_json()["results"]
    assert [r["outcome"] for r in first] == ["applied", "duplicate"]
    assert _push(desk_client, [op]).get_json()["results"][0]["outcome"] == "duplicate"
    reused = {**op, "payload": {"winner": "b", "choice": "stage", "position": 0}}
    assert _push(desk_client, [reused]).get_json()["results"][0]["code"] == "op.reused"
    assert db.session.query(Operation).count() == 1
    assert len(db.session.get(MatchRow, match.id).actions) == 1


def test_expired_sign_in_answers_401_and_consumes_nothing(client, app):
    _, match = team_event()
    response = _push(client, [_op(match)])
    assert response.status_code == 401 and response.get_json()["error"] == "auth"
    assert db.session.query(Operation).count() == 0


def test_malformed_and_rule_breaking_entries_are_kept_as_rejected(desk_client):
    _, match = team_event()
    bad = {"op_id": str(uuid.uuid4()), "kind": 5, "match_id": "x"}
    rule = _op(match, "report_game", winner="a", rounds_a=2, rounds_b=0)
    good = _op(match)
    results = _push(desk_client, [bad, rule, good]).get_json()["results"]
    assert [r["outcome"] for r in results] == ["rejected", "rejected", "applied"]
    assert results[0]["code"] == "op.malformed" and results[1]["message"]
    assert db.session.query(Operation).count() == 3


def test_lost_replies_are_found_again(desk_client):
    _, match = team_event()
    op = _op(match)
    _push(desk_client, [op])
    results = desk_client.get("/sync/outcomes?device_id=phone-1").get_json()["results"]
    assert [(r["op_id"], r["outcome"]) for r in results] == [(op["op_id"], "applied")]


def test_openapi_document(client, app):
    doc = client.get("/sync/openapi.json").get_json()
    assert doc["openapi"].startswith("3.") and "/sync/ops" in doc["paths"]


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.text(max_size=20),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                       max_leaves=8)
OPS = st.fixed_dictionaries({}, optional={
    "op_id": st.text(min_size=0, max_size=70) | st.uuids().map(str), "device_id": st.text(max_size=70),
    "seq": JSONISH, "kind": st.sampled_from(["coin_toss", "report_game", "record_winner", "resolve_conflict",
                                             "override", "nope"]) | JSONISH,
    "match_id": st.integers(-5, 10) | JSONISH, "base_version": JSONISH, "payload": JSONISH,
    "device_time": JSONISH})


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=st.one_of(JSONISH, st.fixed_dictionaries({"device_id": st.text(max_size=70),
                                                      "ops": st.lists(OPS | JSONISH, max_size=4)})))
def test_fuzzed_batches_never_get_a_server_error(desk_client, body):
    response = desk_client.post("/sync/ops", json=body)
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    assert desk_client.get("/sync/outcomes", query_string={"device_id": str(body)[:30], "since_seq": "x"}).status_code < 500
