"""Per phone, what it said at its last sync: when, how many entries it still had waiting, and
whether the browser granted persistent storage. The desk's venue page lists them, so the desk can
walk to a phone that has not synced (its entries exist nowhere else)."""
from datetime import timedelta

from sqlalchemy import bindparam, update
from sqlalchemy.exc import IntegrityError, OperationalError

from ..database import as_utc, utcnow, write_transaction
from ..extensions import db
from ..models import PhoneSync
from ..services.accounts import login_sessions

STALE = timedelta(minutes=30)  # a phone silent this long, or with entries waiting: walk to it


def seen(device_id: str, user, waiting: int, persisted: bool | None = None) -> None:
    """Note this phone's sync in a transaction of its own (a phone checking in without entries).
    Best effort: the answer never fails for it (a busy database skips this note; the next sync makes it)."""
    for _attempt in range(2):  # a race of the same phone's two syncs: the second updates the first's row
        try:
            with write_transaction(db.session):  # SQLite: the write lock from the start (no upgrade deadlock)
                note(device_id, user, waiting, persisted)
            return
        except IntegrityError:
            continue
        except OperationalError:
            db.session.rollback()
            return


def note(device_id: str, user, waiting: int, persisted: bool | None = None) -> None:
    """Note this phone's sync inside the caller's transaction (a sync batch's: one commit per sync)."""
    values = {"user_id": getattr(user, "id", None), "event_id": getattr(user, "event_id", None),
              "staff_name": (getattr(user, "display_name", "") or getattr(user, "username", ""))[:120],
              "last_sync_at": utcnow(), "waiting": max(0, int(waiting or 0))}
    if persisted is not None:
        values["persisted"] = bool(persisted)
    _upsert(device_id, values)
    # The desk's list of who is signed in: this session's phone, seen now, with this outbox.
    login_sessions.seen(getattr(user, "login_session_id", None), device_id, getattr(user, "login_session_seen", None))


# Built once, its columns those given (every sync makes it): no row read first, nothing in the session to update.
_UPDATE = update(PhoneSync.__table__).where(PhoneSync.__table__.c.device_id == bindparam("device"))


def _upsert(device_id: str, values: dict) -> None:
    """The phone's row updated (one statement: its row is not read first), or made on its first sync."""
    moved = db.session.connection().execute(_UPDATE, {"device": device_id, **values})
    if not moved.rowcount:
        db.session.add(PhoneSync(device_id=device_id, **values))
    db.session.flush()


def phones(event_ids=None) -> list[dict]:
    """The phones, longest silent first, each with whether the desk should go and look."""
    query = db.session.query(PhoneSync)
    if event_ids is not None:
        query = query.filter(PhoneSync.event_id.in_(list(event_ids)) | PhoneSync.event_id.is_(None))
    now = utcnow()
    rows = sorted(query, key=lambda r: as_utc(r.last_sync_at))
    return [{"device": r.device_id[:8], "staff": r.staff_name, "at": as_utc(r.last_sync_at), "waiting": r.waiting,
             "persisted": r.persisted, "look": r.waiting > 0 or now - as_utc(r.last_sync_at) > STALE}
            for r in rows]
