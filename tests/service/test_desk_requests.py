"""A referee's request to the desk (walkover, DQ, "call the judge"): an entry sent like any other,
which changes nothing in the match, reaches the desk's queue and leaves it when the desk marks it done."""
import uuid

from phone_entries import submit
from play_support import team_event

from webapp.extensions import db
from webapp.models import MatchRow, Operation


def _request(match, **payload):
    return {"op_id": str(uuid.uuid4()), "device_id": "phone-3", "kind": "desk_request", "match_id": match.id,
            "base_version": match.version, "payload": payload}


def test_a_request_reaches_the_queue_changes_nothing_and_is_marked_done(desk_client):
    _, match = team_event()
    version = match.version
    results = desk_client.post("/sync/ops", json={"device_id": "phone-3", "ops": [
        _request(match, request="dq", side="b", note="喫煙"), _request(match, request="judge")]}).get_json()["results"]
    assert [r["outcome"] for r in results] == ["applied", "applied"]
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    assert row.version == version and not row.actions  # the match is as it was
    page = desk_client.get("/desk/conflicts/?lang=ja").get_data(as_text=True)
    assert page.count('data-testid="desk-request"') == 2
    assert "失格</strong>: チームB" in page and "喫煙" in page and "審判長を呼ぶ" in page
    first = db.session.query(Operation).filter_by(kind="desk_request").order_by(Operation.id).first()
    assert desk_client.post(f"/desk/conflicts/requests/{first.id}/done").status_code == 302
    page = desk_client.get("/desk/conflicts/?lang=en").get_data(as_text=True)
    assert page.count('data-testid="desk-request"') == 1 and "Call the judge" in page
    assert desk_client.post("/desk/conflicts/requests/999999/done").status_code == 404


def test_a_request_that_does_not_say_what_or_for_whom_is_refused_with_the_rule(desk_user):
    _, match = team_event()
    unknown = submit(_request(match, request="coffee"), desk_user)
    assert (unknown.outcome, unknown.code) == ("rejected", "request.kind")
    no_side = submit(_request(match, request="walkover"), desk_user)
    assert (no_side.outcome, no_side.code) == ("rejected", "request.side")
    assert "side" in no_side.message
