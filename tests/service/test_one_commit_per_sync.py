"""One durable commit per POST /sync/ops: the phone's sync note (phone_sync) goes in with the batch."""
import uuid

from sqlalchemy import event

from bench import phone_bytes
from webapp.extensions import db
from webapp.models import PhoneSync
from webapp.services.setup import event_templates


def test_a_sync_with_its_phone_note_commits_once(desk_client, desk_user):
    rows = [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 9)]
    started = event_templates.create_from_template("kgp2025", "一度の確定", rows)
    db.session.commit()
    event_templates.start(started.phases[0])
    db.session.commit()
    match = next(m for b in started.phases[0].brackets for m in b.matches if m.status == "ready")
    entry = phone_bytes.online_game(str(uuid.uuid4()), "one-commit", 1, match.id, match.version, 0, "a", 1,
                                    desk_user.id)
    writes, commits = [], []

    def wrote(_conn, _cursor, statement, *_args):
        writes.append(statement.lstrip().split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"))

    def committed(_conn):  # a commit of a transaction that wrote (a read-only one costs no sync to disk)
        commits.append(any(writes))
        writes.clear()
    listeners = (("before_cursor_execute", wrote), ("commit", committed))
    for name, listener in listeners:
        event.listen(db.engine, name, listener)
    try:
        answer = desk_client.post("/sync/ops", data=phone_bytes.body("one-commit", [entry], waiting=3),
                                  content_type="application/json")
    finally:
        for name, listener in listeners:
            event.remove(db.engine, name, listener)
    assert answer.get_json()["results"][0]["outcome"] == "applied"
    assert commits.count(True) == 1
    assert db.session.query(PhoneSync.waiting).filter_by(device_id="one-commit").scalar() == 2
