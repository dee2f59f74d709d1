"""The event's own log (offered before deleting it) replays into an empty database as the same brackets."""
import json

from replay_support import empty_app, play_an_event  # noqa: F401 - empty_app: a fixture, asked for by name

from webapp.extensions import db
from webapp.models import Event, Operation
from webapp.operations import export as oplog
from webapp.operations import export as oplog_export
from webapp.services.setup import events


def test_an_events_log_replays_to_the_same_brackets_and_holds_no_password_hash(app, empty_app, tmp_path):  # noqa: F811
    play_an_event()
    other = events.create_event("別の大会", "kgp2025")  # not in the download
    db.session.commit()
    event = db.session.query(Event).filter(Event.id != other.id).one()
    text = oplog_export.as_text(event.id)
    records = [json.loads(line) for line in text.splitlines()]
    assert all(r.get("password_hash") in (None, "!") for r in records)
    assert not any(r["type"] == "event" and r["id"] == other.id for r in records)
    assert sum(r["type"] == "op" for r in records) == db.session.query(Operation).count() - 1  # not the malformed one
    path = tmp_path / "event.jsonl"
    path.write_text(text, encoding="utf-8")
    before = oplog.snapshot()
    with empty_app.app_context():
        oplog.replay(str(path))
        db.session.expire_all()
        assert oplog.snapshot() == before
        db.session.remove()
