"""Export the operation log and replay it into an empty database: same brackets, same standings."""
import uuid

import pytest
import replay_support
from play_support import member_ids, send, team_event

from webapp.extensions import db
from webapp.models import Conflict, Operation
from webapp.operations import export as oplog
from webapp.operations.submit import submit
from webapp.services.accounts import users as accounts


@pytest.fixture
def empty_app(tmp_path):
    """A second app on its own empty SQLite file, migrated like production (the replay's)."""
    return replay_support.empty_app(tmp_path)


def _play_an_event():
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


def test_export_then_replay_gives_the_same_brackets_and_standings(app, empty_app, tmp_path):
    _play_an_event()
    path = str(tmp_path / "log.jsonl")
    assert oplog.export(path) == db.session.query(Operation).count()
    before = oplog.snapshot()
    outcomes = [(o.op_id, o.outcome, o.code) for o in db.session.query(Operation).order_by(Operation.id)]
    with empty_app.app_context():
        oplog.replay(path)
        db.session.expire_all()
        assert oplog.snapshot() == before
        assert [(o.op_id, o.outcome, o.code) for o in db.session.query(Operation).order_by(Operation.id)] == outcomes
        assert db.session.query(Conflict).one().status == "taken"
        db.session.remove()


def test_replay_refuses_a_database_that_is_not_empty(app, tmp_path):
    _play_an_event()
    path = str(tmp_path / "log.jsonl")
    oplog.export(path)
    with pytest.raises(Exception, match="empty"):
        oplog.replay(path)


def test_cli_commands(app, empty_app, tmp_path):
    _play_an_event()
    path = str(tmp_path / "log.jsonl")
    result = app.test_cli_runner().invoke(args=["oplog", "export", path])
    assert "exported" in result.output
    with empty_app.app_context():  # the runner keeps an app context that is already pushed
        result = empty_app.test_cli_runner().invoke(args=["oplog", "replay", path])
        db.session.remove()
    assert "replayed" in result.output, result.output


def test_a_replayed_desk_signs_in_only_with_a_password_given_again(app, empty_app, tmp_path):
    _play_an_event()
    path = str(tmp_path / "log.jsonl")
    oplog.export(path)
    with empty_app.app_context():
        result = empty_app.test_cli_runner().invoke(args=["oplog", "replay", path])
        assert "set-password" in result.output
        assert accounts.authenticate("desk1", "desk-pass-123") is None  # no hash came with the log
        result = empty_app.test_cli_runner().invoke(args=["set-password", "desk1"],
                                                    input="fresh-desk-pass-9\nfresh-desk-pass-9\n")
        assert "set" in result.output, result.output
        assert accounts.authenticate("desk1", "fresh-desk-pass-9") is not None
        db.session.remove()
