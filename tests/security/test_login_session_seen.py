"""A phone's sign-in session is noted as seen on its syncs, at most every SEEN_EVERY: the desk's list
("seen 20 seconds ago") stays true to within that, a new outbox device is noted at once, and a phone
syncing every few seconds does not write the note on each batch."""
import uuid
from datetime import timedelta

import pytest
from play_support import team_event
from sqlalchemy import event as sa_event
from staff_phones import staff_phone

from webapp.database import utcnow
from webapp.extensions import db
from webapp.models import LoginSession, User
from webapp.services.accounts import login_sessions

pytestmark = pytest.mark.usefixtures("no_csrf")


def _sync(phone, device, ops=()):
    return phone.post("/sync/ops", json={"device_id": device, "ops": list(ops), "waiting": len(ops)})


def _session(name: str) -> LoginSession:
    db.session.expire_all()
    return db.session.query(LoginSession).join(User, User.id == LoginSession.user_id).filter(
        User.display_name == name).one()


def _notes_written(phone, device) -> int:
    """How many UPDATEs of login_session one sync makes."""
    written = []

    def count(_conn, _cursor, statement, *_args):
        if statement.lstrip().upper().startswith("UPDATE LOGIN_SESSION"):
            written.append(statement)
    engine = db.engine
    sa_event.listen(engine, "before_cursor_execute", count)
    try:
        assert _sync(phone, device).status_code == 200
    finally:
        sa_event.remove(engine, "before_cursor_execute", count)
    return len(written)


def test_a_phone_syncing_often_is_noted_once_per_interval_and_a_new_device_at_once(app):
    event, match = team_event()
    phone = staff_phone(app, event, name="青木")
    op = {"op_id": str(uuid.uuid4()), "seq": 1, "kind": "coin_toss", "match_id": match.id,
          "base_version": match.version, "payload": {"winner": "a", "choice": "stage"}}
    assert _sync(phone, "aoki-phone", [op]).status_code == 200
    first = _session("青木")
    assert first.outbox_device == "aoki-phone"
    assert _notes_written(phone, "aoki-phone") == 0  # seen a moment ago: nothing to write
    assert _notes_written(phone, "aoki-phone-2") == 1  # another outbox: noted at once
    assert _session("青木").outbox_device == "aoki-phone-2"
    row = _session("青木")
    row.last_seen_at = utcnow() - login_sessions.SEEN_EVERY - timedelta(seconds=1)
    db.session.commit()
    assert _notes_written(phone, "aoki-phone-2") == 1  # the interval passed: seen now
    seen = _session("青木").last_seen_at
    assert utcnow() - (seen if seen.tzinfo else seen.replace(tzinfo=utcnow().tzinfo)) < timedelta(seconds=5)


def test_the_desk_list_says_a_syncing_phone_was_seen_within_the_interval(app, desk_client):
    event, _ = team_event()
    phone = staff_phone(app, event, name="佐藤")
    assert _sync(phone, "sato-phone").status_code == 200
    row = _session("佐藤")
    row.last_seen_at = utcnow() - timedelta(minutes=10)
    db.session.commit()
    assert _sync(phone, "sato-phone").status_code == 200  # ten minutes silent: this sync is noted
    page = desk_client.get(f"/desk/e/{event.id}/signed-in?lang=en").get_data(as_text=True)
    assert "佐藤" in page and "minutes ago" not in page
