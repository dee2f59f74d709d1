"""Phones already in the field keep working: the exact bytes their outboxes hold are applied.

An online match page's entry carries its form's hidden fields in the payload (kind,
base_version as text, position as text); the offline page's carries position as a number and
the players it saw (slots). Both are read once, by services/entries/entry.Entry.from_wire, and both take
the fast path of the payload check (payloads.quick_load), which the benches measure.
"""
import uuid

import pytest

from bench import phone_bytes
from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.services.entries import payloads
from webapp.services.setup import event_templates


def _ready_match():
    rows = [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 9)]
    event = event_templates.create_from_template("kgp2025", "古い端末", rows)
    db.session.commit()
    event_templates.start(event.phases[0])
    db.session.commit()
    return next(m for b in event.phases[0].brackets for m in b.matches if m.status == "ready")


def _post(client, device, ops):
    return client.post("/sync/ops", data=phone_bytes.body(device, ops, waiting=len(ops)),
                       content_type="application/json")


@pytest.fixture
def no_schema_load(monkeypatch):
    """The action's marshmallow load is not reached: quick_load took these payloads."""
    def refuse(*_args, **_kw):
        raise AssertionError("report_game left the fast path")
    monkeypatch.setattr(payloads._LOADERS["report_game"], "load", refuse)  # noqa: SLF001 - the fast path's witness


def test_an_online_and_an_offline_phone_s_bytes_are_applied(desk_client, desk_user, no_schema_load):
    match = _ready_match()
    online = phone_bytes.online_game(str(uuid.uuid4()), "old-online", 1, match.id, match.version, 0, "a", 1,
                                     desk_user.id, char_a="春麗", stage="Arena", side_a="1P")
    offline = phone_bytes.offline_game(str(uuid.uuid4()), "old-offline", 1, match.id, match.slots_version, 1,
                                       "a", 0, desk_user.id, (match.slot_a, match.slot_b), char_b="リュウ")
    assert [r["outcome"] for r in _post(desk_client, "old-online", [online]).get_json()["results"]] == ["applied"]
    assert [r["outcome"] for r in _post(desk_client, "old-offline", [offline]).get_json()["results"]] == ["applied"]
    db.session.expire_all()
    played = db.session.get(MatchRow, match.id)
    assert played.status == "done" and played.winner_id == match.slot_a
    assert [a["char_a"] for a in played.actions] == ["春麗", ""]
    # A resend after a lost reply is the same entry (not "op.reused"), whichever shape it had.
    again = _post(desk_client, "old-online", [online, offline]).get_json()["results"]
    assert [r["outcome"] for r in again] == ["duplicate", "duplicate"]
    logged = [row.payload for row in db.session.query(Operation).order_by(Operation.id)]
    assert [p["position"] for p in logged] == [0, 1] and "kind" not in logged[0]


def test_a_text_position_that_names_no_step_is_refused_by_name(desk_client, desk_user):
    match = _ready_match()
    entry = phone_bytes.online_game(str(uuid.uuid4()), "old-online", 1, match.id, match.version, 0, "a", 1,
                                    desk_user.id)
    entry["payload"]["position"] = "first"
    result = _post(desk_client, "old-online", [entry]).get_json()["results"][0]
    assert (result["outcome"], result["code"]) == ("rejected", "op.invalid") and "position" in result["message"]


def test_a_phone_sending_form_payloads_is_applied_on_the_fast_path(desk_client, desk_user, no_schema_load):
    """What phones send since static/js/form_payload.js: the same shape from the online and the offline page."""
    match = _ready_match()
    entry = phone_bytes.form_game(str(uuid.uuid4()), "new-online", 1, match.id, match.version, 0, "b", 1,
                                  desk_user.id, char_a="春麗")
    assert list(entry["payload"])[-1] == "position" and entry["payload"]["position"] == 0
    assert [r["outcome"] for r in _post(desk_client, "new-online", [entry]).get_json()["results"]] == ["applied"]
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).actions[0]["winner"] == "b"
