"""A shared phone: an entry is applied only as the person who entered it, or taken by the desk for them.

Invariant: /sync/ops applies nothing from a batch that carries an entry someone else entered
(entered_by); /sync/received (desk only) applies a person's entries as that person and notes
the desk as receiver.
"""
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_support import team_event
from staff_phones import staff_phone

from webapp.extensions import db
from webapp.models import MatchRow, Operation, User
from webapp.services.entries import access

pytestmark = pytest.mark.usefixtures("no_csrf")


def _toss(match, entered_by=None, device="shared-phone"):
    op = {"op_id": str(uuid.uuid4()), "device_id": device, "seq": 1, "kind": "coin_toss", "match_id": match.id,
          "base_version": None, "payload": {"winner": "a", "choice": "stage", "position": 0}}
    if entered_by is not None:
        op["entered_by"] = entered_by
    return op


def _user(name):
    return db.session.query(User).filter(User.display_name == name).one()


def _nothing_logged(op):
    db.session.expire_all()
    return db.session.query(Operation).filter_by(op_id=op["op_id"]).count() == 0


def test_b_cannot_send_what_a_entered_on_the_same_phone(app):
    event, match = team_event()
    staff_phone(app, event, name="審判A")
    phone_b = staff_phone(app, event, name="審判B")
    op = _toss(match, entered_by=_user("審判A").id)
    response = phone_b.post("/sync/ops", json={"device_id": "shared-phone", "ops": [op]})
    assert response.status_code == 409 and response.get_json()["error"] == "entered_by_other"
    assert _nothing_logged(op)
    assert db.session.get(MatchRow, match.id).actions == []


def test_a_sends_what_a_entered(app):
    event, match = team_event()
    phone_a = staff_phone(app, event, name="審判A")
    op = _toss(match, entered_by=_user("審判A").id)
    results = phone_a.post("/sync/ops", json={"device_id": "shared-phone", "ops": [op]}).get_json()["results"]
    assert results[0]["outcome"] == "applied"


def test_the_desk_takes_a_entries_recorded_as_a_with_the_desk_as_receiver(app, desk_client, desk_user):
    event, match = team_event()
    staff_phone(app, event, name="審判A")
    a = _user("審判A")
    op = _toss(match, entered_by=a.id)
    response = desk_client.post("/sync/received", json={"device_id": "shared-phone", "ops": [op]})
    assert response.status_code == 200 and response.get_json()["results"][0]["outcome"] == "applied"
    db.session.expire_all()
    row = db.session.query(Operation).filter_by(op_id=op["op_id"]).one()
    assert (row.user_id, row.received_by) == (a.id, desk_user.id)
    # Sent again (a lost reply): a duplicate, still A's, still received once.
    again = desk_client.post("/sync/received", json={"device_id": "shared-phone", "ops": [op]}).get_json()
    assert again["results"][0]["outcome"] == "duplicate"


def test_the_desk_takes_entries_an_older_version_queued_without_saying_who_as_its_own(app, desk_client, desk_user):
    event, match = team_event()
    phone_b = staff_phone(app, event, name="審判B")
    op = _toss(match)  # no entered_by: nobody's
    assert phone_b.post("/sync/received", json={"device_id": "old-phone", "ops": [op]}).status_code == 403
    response = desk_client.post("/sync/received", json={"device_id": "old-phone", "ops": [op]})
    assert response.status_code == 200 and response.get_json()["results"][0]["outcome"] == "applied"
    db.session.expire_all()
    row = db.session.query(Operation).filter_by(op_id=op["op_id"]).one()
    assert (row.user_id, row.received_by) == (desk_user.id, desk_user.id)


def test_staff_cannot_take_entries_for_someone_else(app):
    event, match = team_event()
    staff_phone(app, event, name="審判A")
    phone_b = staff_phone(app, event, name="審判B")
    op = _toss(match, entered_by=_user("審判A").id)
    response = phone_b.post("/sync/received", json={"device_id": "shared-phone", "ops": [op]})
    assert response.status_code == 403 and response.get_json()["error"] == "op.desk_only"
    assert _nothing_logged(op)


def test_the_desk_takes_one_known_person_at_a_time(app, desk_client):
    event, match = team_event()
    staff_phone(app, event, name="審判A")
    staff_phone(app, event, name="審判B")
    two = [_toss(match, entered_by=_user("審判A").id), _toss(match, entered_by=_user("審判B").id)]
    response = desk_client.post("/sync/received", json={"device_id": "shared-phone", "ops": two})
    assert response.status_code == 403 and response.get_json()["error"] == "received.one_person"
    unknown = desk_client.post("/sync/received", json={"device_id": "p", "ops": [_toss(match, entered_by=987654)]})
    assert unknown.status_code == 403 and unknown.get_json()["error"] == "received.unknown_person"
    mixed = desk_client.post("/sync/received", json={"device_id": "p", "ops": [_toss(match), two[0]]})
    assert mixed.status_code == 403 and mixed.get_json()["error"] == "received.one_person"
    assert all(_nothing_logged(op) for op in two)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(owners=st.lists(st.one_of(st.none(), st.integers(min_value=1, max_value=5), st.booleans(), st.text(max_size=3)),
                       max_size=6),
       me=st.integers(min_value=1, max_value=5))
def test_a_batch_goes_out_only_when_every_marked_entry_is_the_senders(owners, me):
    raws = [{"op_id": str(n)} if owner is None else {"op_id": str(n), "entered_by": owner}
            for n, owner in enumerate(owners)]
    foreign = any(isinstance(o, int) and not isinstance(o, bool) and o != me for o in owners)
    assert access.entered_by_other(raws, me) is foreign


def _four_players_with_staff(app):
    """A 4-player bracket with referee A and B as its staff: (event, round-one matches, final)."""
    event, _ = team_event("best_of", "kgp2025", teams=4, size=1)
    matches = sorted(event.phases[0].brackets[0].matches, key=lambda m: (m.round, m.index))
    round_one = [m for m in matches if m.status == "ready"]
    return event, round_one, next(m for m in matches if m.status == "pending")


def _game(match, position, winner, device="shared-phone", seq=1, slots=None, entered_by=None):
    payload = {"winner": winner, "rounds_a": 2 if winner == "a" else 0, "rounds_b": 2 if winner == "b" else 0,
               "position": position}
    if slots:
        payload["slots"] = {"a": slots[0], "b": slots[1]}
    op = {"op_id": str(uuid.uuid4()), "device_id": device, "seq": seq, "kind": "report_game",
          "match_id": match.id, "base_version": 1, "payload": payload}
    if entered_by is not None:
        op["entered_by"] = entered_by
    return op


def _outcomes(client, device="shared-phone"):
    response = client.get(f"/sync/outcomes?device_id={device}&since_seq=0")
    assert response.status_code == 200
    return {r["op_id"]: r["outcome"] for r in response.get_json()["results"]}


def test_the_phone_the_desk_took_entries_from_learns_their_later_decision(app, desk_client):
    """Held when the desk took them, applied later: the desk on that phone is told; B is not."""
    from phone_entries import submit_many
    event, round_one, final = _four_players_with_staff(app)
    phone_a = staff_phone(app, event, name="審判A")
    phone_b = staff_phone(app, event, name="審判B")
    a = _user("審判A")
    slots = [m.slot_a for m in round_one]
    held_ops = [_game(final, i, "b", seq=i + 1, slots=slots, entered_by=a.id) for i in range(2)]
    taken = desk_client.post("/sync/received", json={"device_id": "shared-phone", "ops": held_ops}).get_json()
    assert [r["outcome"] for r in taken["results"]] == ["held", "held"]
    for n, match in enumerate(round_one):  # the semi-finals come in from another phone
        submit_many([_game(match, i, "a", device="phone-c", seq=10 * n + i) for i in range(2)], None)
    decided = {op["op_id"]: "applied" for op in held_ops}
    assert _outcomes(desk_client) == decided  # the desk, on the phone it took them from
    assert _outcomes(phone_a) == decided  # A, back on that phone: still A's own entries
    assert _outcomes(phone_b) == {}  # B learns nothing of A's entries
    assert _outcomes(desk_client, device="another-phone") == {}
