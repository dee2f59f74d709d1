"""A second app on its own empty SQLite file, migrated like production: where a download is replayed."""
import uuid

import pytest
from phone_entries import submit
from play_support import member_ids, send, team_event

from webapp import create_app
from webapp.extensions import db
from webapp.services.accounts import users as accounts


@pytest.fixture
def empty_app(tmp_path):
    """A second app on its own empty SQLite file, migrated like production: a replay goes into it."""
    from flask_migrate import upgrade

    other = create_app({"TESTING": True, "SECRET_KEY": "test",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'replay.sqlite3'}"})
    with other.app_context():
        upgrade()
        db.session.remove()
    return other


def play_an_event():
    desk = accounts.create_user("desk1", "desk-pass-123", role="desk")
    db.session.commit()
    event, _ = team_event(teams=4)
    semis = [m for m in event.phases[0].brackets[0].matches if m.status == "ready"]
    first, second = semis
    send(first, "coin_toss", position=0, winner="a", choice="stage")
    conflict = send(first, "coin_toss", device="p2", position=0, winner="b", choice="stage")
    assert conflict.outcome == "conflict"
    a, b = member_ids(first, "a"), member_ids(first, "b")
    send(first, "name_player", side="a", member_id=a[0], position=1)
    send(first, "name_player", side="b", member_id=b[0], position=2)
    assert send(first, "report_game", winner="a", rounds_a=2, rounds_b=0, position=3).outcome == "rejected"
    send(first, "report_game", winner="a", rounds_a=3, rounds_b=0, position=3)
    decide = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "resolve_conflict", "match_id": first.id,
              "payload": {"conflict_op": conflict.op_id, "decision": "take"}}
    assert submit(decide, desk).outcome == "applied"
    assert send(second, "record_winner", user=desk, winner=second.slot_b).outcome == "applied"
    assert send(second, "correct_result", user=desk, winner=second.slot_a, reason="wrong button").outcome == "applied"
    malformed = {"op_id": str(uuid.uuid4()), "device_id": "p3", "kind": "?", "payload": {"raw": "{}"},
                 "failure": ("op.malformed", "This entry is malformed: check %(fields)s.", {"fields": "kind"})}
    submit(malformed, None)
    db.session.expire_all()
