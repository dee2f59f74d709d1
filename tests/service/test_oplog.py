"""Export the operation log and replay it into an empty database: same brackets, same standings."""

import pytest
from replay_support import empty_app, play_an_event  # noqa: F401 (empty_app: a fixture)

from webapp.extensions import db
from webapp.models import Conflict, Operation
from webapp.operations import export as oplog
from webapp.services.accounts import users as accounts


def test_export_then_replay_gives_the_same_brackets_and_standings(app, empty_app, tmp_path):
    play_an_event()
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
    play_an_event()
    path = str(tmp_path / "log.jsonl")
    oplog.export(path)
    with pytest.raises(Exception, match="empty"):
        oplog.replay(path)


def test_cli_commands(app, empty_app, tmp_path):
    play_an_event()
    path = str(tmp_path / "log.jsonl")
    result = app.test_cli_runner().invoke(args=["oplog", "export", path])
    assert "exported" in result.output
    with empty_app.app_context():  # the runner keeps an app context that is already pushed
        result = empty_app.test_cli_runner().invoke(args=["oplog", "replay", path])
        db.session.remove()
    assert "replayed" in result.output, result.output


def test_a_replayed_desk_signs_in_only_with_a_password_given_again(app, empty_app, tmp_path):
    play_an_event()
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
