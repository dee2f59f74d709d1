"""Bad input to /sync/ops gets a clear, named answer: never a 500, never a silent change."""
import uuid

import pytest
from play_support import member_ids, team_event
from staff_phones import staff_phone

from webapp.extensions import db
from webapp.models import MatchRow, Operation

pytestmark = pytest.mark.usefixtures("no_csrf")


def _op(match, kind, payload, **extra):
    return {"op_id": str(uuid.uuid4()), "device_id": "phone-1", "seq": 1, "kind": kind, "match_id": match.id,
            "base_version": match.version, "payload": payload, **extra}


def _push(phone, ops):
    response = phone.post("/sync/ops", json={"device_id": "phone-1", "ops": ops})
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_json()["results"]


def test_deeply_nested_json_is_a_400_not_a_500(app):
    event, _ = team_event()
    phone = staff_phone(app, event)
    for body in ("[" * 5000 + "]" * 5000, '{"device_id": "p", "ops": [' + "[" * 40 + "]" * 40 + "]}", "{nope"):
        response = phone.post("/sync/ops", data=body, content_type="application/json")
        assert response.status_code == 400 and response.get_json()["error"] == "json"
    assert db.session.query(Operation).count() == 0


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_number_json_does_not_have_is_a_400_not_stored(app, constant):
    # JSON has no NaN nor infinity (a browser's JSON.stringify writes null): only a hand-made body holds one,
    # and PostgreSQL's json column would refuse it where SQLite kept it.
    event, _ = team_event()
    phone = staff_phone(app, event)
    match = db.session.query(MatchRow).filter_by(status="ready").first()
    body = ('{"device_id": "phone-1", "ops": [{"op_id": "%s", "device_id": "phone-1", "seq": 1, '
            '"kind": "report_game", "match_id": %d, "base_version": %d, "payload": {"winner": "a", '
            '"rounds_a": 2, "rounds_b": 0, "position": 0, "note": %s}}]}') % (uuid.uuid4(), match.id, match.version,
                                                                              constant)
    response = phone.post("/sync/ops", data=body, content_type="application/json")
    assert response.status_code == 400 and response.get_json()["error"] == "json"
    assert db.session.query(Operation).count() == 0


@pytest.mark.parametrize("kind, payload", [
    ("report_game", {"winner": "a", "rounds_a": 3, "rounds_b": 0, "stage": "闘技場\x00", "position": 3}),
    ("report_game", {"winner": "a", "rounds_a": 3, "rounds_b": 0, "char_a": "仁\x1b[31m", "position": 3}),
    ("override", {"winner": "a", "reason": "ok\x07", "position": 3}),
    ("replay", {"reason": "\x7f", "position": 3}),
    ("set_station", {"station": "3\x00"}),
])
def test_control_characters_are_refused_by_name(app, kind, payload):
    event, match = team_event()
    phone = staff_phone(app, event)
    a, b = member_ids(match, "a"), member_ids(match, "b")
    _push(phone, [_op(match, "coin_toss", {"winner": "a", "choice": "stage", "position": 0}),
                  _op(match, "name_player", {"side": "a", "member_id": a[0], "position": 1}),
                  _op(match, "name_player", {"side": "b", "member_id": b[0], "position": 2})])
    db.session.expire_all()
    before = (db.session.get(MatchRow, match.id).version, db.session.get(MatchRow, match.id).station)
    result = _push(phone, [_op(db.session.get(MatchRow, match.id), kind, payload)])[0]
    assert (result["outcome"], result["code"]) == ("rejected", "op.control_characters")
    assert "制御文字" in result["message"]  # translated, in Japanese by default
    db.session.expire_all()
    assert (db.session.get(MatchRow, match.id).version, db.session.get(MatchRow, match.id).station) == before
    stored = db.session.query(Operation).filter_by(code="op.control_characters").one()
    assert stored.outcome == "rejected"


def test_a_typed_reason_may_hold_line_breaks(app):
    event, match = team_event()
    phone = staff_phone(app, event)
    result = _push(phone, [_op(match, "replay", {"reason": "回線落ち\n再戦", "position": 0})])[0]
    assert result["code"] != "op.control_characters"


@pytest.mark.parametrize("device_time", ["garbage", "9999-12-31T00:00:00Z", "2026-05-03T14:05:00", "2026-05-03",
                                         "2026-13-03T14:05:00Z", "1900-01-01T00:00:00Z"])
def test_device_time_must_be_an_iso_instant(app, device_time):
    event, match = team_event()
    phone = staff_phone(app, event)
    op = _op(match, "coin_toss", {"winner": "a", "choice": "stage", "position": 0}, device_time=device_time)
    result = _push(phone, [op])[0]
    assert (result["outcome"], result["code"]) == ("rejected", "op.malformed")
    assert "device_time" in result["params"]["fields"]
    assert db.session.get(MatchRow, match.id).actions == []


@pytest.mark.parametrize("device_time", ["2026-05-03T14:05:00.123Z", "2026-05-03T14:05:00+09:00", None])
def test_good_device_times_and_none_are_accepted(app, device_time):
    event, match = team_event()
    phone = staff_phone(app, event)
    op = _op(match, "coin_toss", {"winner": "a", "choice": "stage", "position": 0})
    if device_time:
        op["device_time"] = device_time
    assert _push(phone, [op])[0]["outcome"] == "applied"


def test_an_entry_past_the_next_step_is_never_applied_elsewhere(app):
    event, match = team_event()
    phone = staff_phone(app, event)
    # Step 3 (position 2) sent first: it must not become step 1; it waits for steps 1 and 2 (I2).
    a, b = member_ids(match, "a"), member_ids(match, "b")
    early = _op(match, "name_player", {"side": "b", "member_id": b[0], "position": 2})
    result = _push(phone, [early])[0]
    assert (result["outcome"], result["code"]) == ("held", "held.earlier_entries")
    assert result["params"] == {"step": 3, "recorded": 0}
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).actions == []
    # The earlier entries arrive: each applies where the phone put it, and so does the held one.
    results = _push(phone, [_op(match, "coin_toss", {"winner": "a", "choice": "stage", "position": 0}),
                            _op(match, "name_player", {"side": "a", "member_id": a[0], "position": 1})])
    assert [r["outcome"] for r in results] == ["applied", "applied"]
    db.session.expire_all()
    actions = db.session.get(MatchRow, match.id).actions
    assert [(x["kind"], x.get("side")) for x in actions] == [("coin_toss", None), ("name_player", "a"), ("name_player", "b")]
    assert _push(phone, [early])[0]["outcome"] == "duplicate"


def test_an_entry_after_the_same_phones_refused_entry_is_never_moved_into_its_place(app):
    """2–0 breaks the rules and is refused; the 3–0 entered after it is kept as a conflict
    "follows a refused entry", and a corrected resend goes in at the refused one's step."""
    event, match = team_event()
    phone = staff_phone(app, event)
    a, b = member_ids(match, "a"), member_ids(match, "b")
    results = _push(phone, [_op(match, "coin_toss", {"winner": "a", "choice": "stage", "position": 0}),
                            _op(match, "name_player", {"side": "a", "member_id": a[0], "position": 1}),
                            _op(match, "name_player", {"side": "b", "member_id": b[0], "position": 2}),
                            _op(match, "report_game", {"winner": "a", "rounds_a": 2, "rounds_b": 0, "position": 3}),
                            _op(match, "report_game", {"winner": "a", "rounds_a": 3, "rounds_b": 0, "position": 4})])
    assert [r["outcome"] for r in results] == ["applied", "applied", "applied", "rejected", "conflict"]
    assert results[4]["code"] == "conflict.follows_refused" and results[4]["params"]["step"] == 4
    resend = _push(phone, [_op(match, "report_game", {"winner": "a", "rounds_a": 3, "rounds_b": 1, "position": 3})])[0]
    assert resend["outcome"] == "applied"
    db.session.expire_all()
    assert len(db.session.get(MatchRow, match.id).actions) == 4
    # Another phone's entry far ahead waits for the steps before it.
    other = {**_op(match, "replay", {"reason": "x", "position": 7}), "device_id": "phone-2"}
    result = phone.post("/sync/ops", json={"device_id": "phone-2", "ops": [other]}).get_json()["results"][0]
    assert result["outcome"] == "held"


@pytest.mark.parametrize("field", ["seq", "match_id", "base_version"])
def test_a_number_past_what_the_database_holds_is_refused_by_name(app, field):
    event, match = team_event()
    phone = staff_phone(app, event)
    results = _push(phone, [_op(match, "coin_toss", {"winner": "a", "choice": "stage"}, **{field: 2**31})])
    assert results[0]["outcome"] == "rejected" and field in results[0]["message"], results[0]
    assert db.session.query(Operation).filter_by(kind="coin_toss", outcome="applied").count() == 0


def test_outcomes_since_a_number_past_what_the_database_holds_is_a_422(app):
    event, _ = team_event()
    phone = staff_phone(app, event)
    response = phone.get(f"/sync/outcomes?device_id=phone-1&since_seq={2**31}")
    assert response.status_code == 422 and "since_seq" in response.get_json()["errors"]
    assert phone.get(f"/sync/outcomes?device_id=phone-1&since_seq={2**31 - 1}").status_code == 200


@pytest.mark.parametrize("field", ["seq", "match_id", "base_version"])
def test_a_fraction_where_a_whole_number_belongs_is_refused_by_name(app, field):
    """marshmallow would truncate 3.1e-193 to 0 (a fuzzer found it): a phone never sends one."""
    event, match = team_event()
    phone = staff_phone(app, event)
    results = _push(phone, [_op(match, "coin_toss", {"winner": "a", "choice": "stage"}, **{field: 3.1e-193})])
    assert results[0]["outcome"] == "rejected" and field in results[0]["message"], results[0]


def test_a_fractional_waiting_count_is_a_422(app):
    event, match = team_event()
    phone = staff_phone(app, event)
    response = phone.post("/sync/ops", json={"device_id": "phone-1", "ops": [], "waiting": 3.1e-193})
    assert response.status_code == 422 and "waiting" in response.get_json()["errors"]
