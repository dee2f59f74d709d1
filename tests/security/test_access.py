"""Staff stay in their lane: every operation kind checks the event in the service layer."""
import uuid

import pytest
from phone_entries import submit
from play_support import member_ids, team_event
from staff_phones import staff_phone

from webapp.extensions import db
from webapp.models import Entrant, MatchRow, Operation
from webapp.tournament.entry_kinds import kinds as registered_kinds

pytestmark = pytest.mark.usefixtures("no_csrf")


def _op(kind, match_id, payload, device="phone-1"):
    return {"op_id": str(uuid.uuid4()), "device_id": device, "seq": 1, "kind": kind, "match_id": match_id,
            "base_version": None, "payload": payload}


def _payloads(match):
    a = member_ids(match, "a")
    return {
        "coin_toss": {"winner": "a", "choice": "stage", "position": 0},
        "roll_call": {"absent_a": [], "absent_b": []},
        "arrive": {"side": "a", "member_id": a[0]},
        "name_player": {"side": "a", "member_id": a[0]},
        "declare_change": {"side": "a", "member_id": a[0], "character": "仁"},
        "report_game": {"winner": "a", "rounds_a": 3, "rounds_b": 0},
        "penalty": {"side": "a", "penalty": "warning"},
        "replay": {"reason": "x"},
        "override": {"winner": "a", "reason": "x"},
        "set_station": {"station": "3"},
        "record_winner": {"winner": match.slot_a},
        "correct_result": {"winner": match.slot_a, "reason": "x"},
        "resolve_conflict": {"conflict_op": "nope", "decision": "keep"},
    }


def test_every_kind_sent_to_another_event_is_refused(app):
    event, _ = team_event()
    other, match = team_event()
    phone = staff_phone(app, event)
    before = db.session.get(MatchRow, match.id).version
    kinds = registered_kinds(needs_match=True)  # every kind on a match: play, the desk's, a station
    ops = [_op(kind, match.id, _payloads(match).get(kind, {"position": 0})) for kind in kinds]
    entrant = db.session.query(Entrant).filter_by(event_id=other.id).first()
    ops.append(_op("check_in", None, {"entrant_id": entrant.id}))
    results = phone.post("/sync/ops", json={"device_id": "phone-1", "ops": ops}).get_json()["results"]
    codes = {r["code"] for r in results}
    assert all(r["outcome"] == "rejected" for r in results), results
    assert codes == {"access.other_event", "op.desk_only"}
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).version == before
    assert db.session.get(MatchRow, match.id).actions == []
    assert not db.session.get(Entrant, entrant.id).checked_in


def test_staff_still_enter_their_own_event(app):
    event, match = team_event()
    phone = staff_phone(app, event)
    ops = [_op("coin_toss", match.id, _payloads(match)["coin_toss"])]
    assert phone.post("/sync/ops", json={"device_id": "p", "ops": ops}).get_json()["results"][0]["outcome"] == "applied"


def test_outcomes_answer_only_their_own_user(app):
    event, match = team_event()
    other, _ = team_event()
    mine = staff_phone(app, event, name="山田")
    theirs = staff_phone(app, other, name="佐藤")
    same_event = staff_phone(app, event, name="鈴木")
    op = _op("coin_toss", match.id, _payloads(match)["coin_toss"], device="shared-id")
    mine.post("/sync/ops", json={"device_id": "shared-id", "ops": [op]})
    assert [r["op_id"] for r in mine.get("/sync/outcomes?device_id=shared-id").get_json()["results"]] == [op["op_id"]]
    assert theirs.get("/sync/outcomes?device_id=shared-id").get_json()["results"] == []
    assert same_event.get("/sync/outcomes?device_id=shared-id").get_json()["results"] == []


def test_no_script_forms_use_a_device_id_per_person(app):
    event, match = team_event()
    first, second = staff_phone(app, event, name="山田"), staff_phone(app, event, name="鈴木")
    first.post(f"/staff/m/{match.id}/op", data={"kind": "coin_toss", "winner": "a", "choice": "stage", "position": "0"})
    second.post(f"/staff/m/{match.id}/op", data={"kind": "coin_toss", "winner": "a", "choice": "stage", "position": "0"})
    devices = {row.device_id for row in db.session.query(Operation)}
    assert len(devices) == 2
    first_device = db.session.query(Operation).order_by(Operation.id).first().device_id
    assert second.get(f"/sync/outcomes?device_id={first_device}").get_json()["results"] == []


def test_check_in_page_of_another_event_is_403(app):
    event, _ = team_event()
    other, _ = team_event()
    phone = staff_phone(app, event)
    assert phone.get(f"/staff/e/{other.slug}/checkin").status_code == 403
    assert phone.get(f"/staff/e/{other.slug}").status_code == 403
    entrant = db.session.query(Entrant).filter_by(event_id=other.id).first()
    response = phone.post(f"/staff/e/{other.slug}/checkin", data={"entrant_id": entrant.id})
    assert response.status_code == 403
    db.session.expire_all()
    assert not db.session.get(Entrant, entrant.id).checked_in


def test_refused_check_in_is_a_clear_403_not_a_redirect(app):
    event, _ = team_event()
    other, _ = team_event()
    phone = staff_phone(app, event)
    entrant = db.session.query(Entrant).filter_by(event_id=other.id).first()
    # Posted to its own event's page but naming another event's entrant.
    response = phone.post(f"/staff/e/{event.slug}/checkin", data={"entrant_id": entrant.id})
    assert response.status_code == 403
    assert "flash error" in response.get_data(as_text=True)
    response = phone.post(f"/staff/e/{event.slug}/checkin", data={"entrant_id": 999999})
    assert response.status_code == 422


def test_replay_and_desk_keep_working(app, desk_user):
    _, match = team_event()
    outcome = submit(_op("coin_toss", match.id, _payloads(match)["coin_toss"]), desk_user)
    assert outcome.outcome == "applied"
