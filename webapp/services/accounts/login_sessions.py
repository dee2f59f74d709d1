"""Sign-in sessions, one row per phone: made at sign-in, checked on every request (the cookie's id
read back to its person: user_for_session_id, Flask-Login's user loader), ended one by one.

A session's token lives in the phone's session and remember cookies (inside the user id
Flask-Login keeps, models/accounts.py get_id); the database keeps its hash only. Signing out ends
that phone's session alone; the desk sees every live one and may end one, or free a PIN name
so another phone may take it (services/accounts.staff_by_pin).
"""
import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import NamedTuple

from sqlalchemy import bindparam, select, update

from ...database import as_utc, utcnow
from ...extensions import db
from ...models import Event, LoginSession, User
from ...tournament.errors import N_
from .. import ServiceError

# A name the desk made a personal sign-in code for, not used yet: kept for that code (no PIN phone takes it).
DESK_CODE = "desk-code"


def digest(secret: str) -> str:
    """The hash kept in the database for a session token or a phone cookie."""
    return hashlib.sha256(secret.encode()).hexdigest()


def start(user: User, phone_secret: str | None, phone_kind: str = "") -> str:
    """A new session for `user` on this phone; its token, set on the user for get_id()."""
    token = secrets.token_urlsafe(24)
    row = LoginSession(user_id=user.id, token_hash=digest(token), phone_kind=phone_kind[:40],
                       phone_hash=digest(phone_secret) if phone_secret else None)
    db.session.add(row)
    db.session.flush()
    user.session_token, user.login_session_id = token, row.id
    return token


def live(user: User, token: str) -> LoginSession | None:
    """The session this token opens for this user, or None when it ended or never was."""
    if not token:
        return None
    row = db.session.query(LoginSession).filter_by(token_hash=digest(token)).one_or_none()
    return row if row is not None and row.user_id == user.id and row.ended_at is None else None


# The person and their session in one read: every signed-in request asks (user_for_session_id), so one
# statement, not two.
_SIGNED_IN = (select(User, LoginSession.id, LoginSession.last_seen_at, LoginSession.outbox_device)
              .join(LoginSession, LoginSession.user_id == User.id)
              .where(User.id == bindparam("user"), LoginSession.token_hash == bindparam("token"),
                     LoginSession.ended_at.is_(None)))


def signed_in_user(user_id: int, token: str) -> tuple | None:
    """The person, the id of their session this token opens and that session's last note (when, outbox
    device), or None when it ended or never was (as live())."""
    if not token:
        return None
    return db.session.execute(_SIGNED_IN, {"user": user_id, "token": digest(token)}).first()


def user_for_session_id(session_id: str) -> User | None:
    """Flask-Login's user loader (registered by web/auth.init_auth): the person the cookie's id signs
    in, their session noted on them, or None."""
    # "user:credential generation:PIN generation:session token" (User.get_id); an old id, or
    # the token of a session that ended (signed out here, or by the desk), finds no one.
    parts = session_id.split(":")
    found = signed_in_user(int(parts[0]), parts[3]) if len(parts) == 4 and parts[0].isdigit() else None
    if found is None:
        return None
    user, login_session_id, last_seen_at, outbox_device = found
    user.session_token = parts[3]
    if user.get_id() != session_id:
        return None
    user.login_session_id, user.login_session_seen = login_session_id, LastSeen(last_seen_at, outbox_device)
    return user


def is_signed_in(user: User) -> bool:
    """Whether some phone has a live session of this person."""
    return db.session.query(LoginSession.id).filter_by(user_id=user.id, ended_at=None).first() is not None


def end(session_id: int | None) -> None:
    """This session ends (a sign-out): the person's other phones stay signed in."""
    if session_id is not None:
        db.session.execute(update(LoginSession).where(LoginSession.id == session_id, LoginSession.ended_at.is_(None))
                           .values(ended_at=utcnow()))


# The desk's list says "seen 20 seconds ago": a phone syncing every few seconds need not write that
# each time (a statement on every sync batch), only when its last note is older than this.
SEEN_EVERY = timedelta(seconds=30)


class LastSeen(NamedTuple):
    """A session's last note, as read with the sign-in: when, and the outbox device it named."""

    at: datetime | None
    outbox_device: str | None


def seen(session_id: int | None, outbox_device: str | None = None, last: LastSeen | None = None) -> None:
    """Note that this session's phone just synced (and the device id its outbox uses), unless `last`
    says it was noted lately with this device."""
    if session_id is None:
        return
    now = utcnow()
    if last is not None and _noted_lately(last, outbox_device, now):
        return
    values = {"session": session_id, "last_seen_at": now}
    if outbox_device:
        values["outbox_device"] = outbox_device[:64]
    db.session.connection().execute(_SEEN, values)


def _noted_lately(last: LastSeen, outbox_device: str | None, now: datetime) -> bool:
    same_device = not outbox_device or outbox_device == last.outbox_device
    return same_device and last.at is not None and now - as_utc(last.at) < SEEN_EVERY


# Built once, its columns those given (every sync makes it); the row is not in the session to update.
_SEEN = update(LoginSession.__table__).where(LoginSession.__table__.c.id == bindparam("session"))


@dataclass
class SignedIn:
    """One phone signed in: whose, since when, last seen."""

    session_id: int
    user_id: int
    name: str
    phone_kind: str
    since: datetime
    last_seen: datetime


def signed_in(event: Event) -> list[SignedIn]:
    """The live sessions of this event's staff, by name then since."""
    rows = (db.session.query(LoginSession, User).join(User, User.id == LoginSession.user_id)
            .filter(User.event_id == event.id, User.role == "staff", LoginSession.ended_at.is_(None))
            .order_by(User.display_name, LoginSession.started_at).all())
    return [SignedIn(s.id, u.id, u.display_name, s.phone_kind, as_utc(s.started_at), as_utc(s.last_seen_at))
            for s, u in rows]


def _event_person(event: Event, user_id: int) -> User:
    user = db.session.get(User, user_id)
    if user is None or user.event_id != event.id or user.role != "staff":
        raise ServiceError("signin.unknown", N_("This person is not staff of this event."))
    return user


def end_one(event: Event, session_id: int) -> User:
    """The desk ends one phone's session (of this event's staff); the name stays with that phone."""
    row = db.session.get(LoginSession, session_id)
    user = _event_person(event, row.user_id if row is not None else -1)
    end(row.id)
    return user


def release(event: Event, user_id: int) -> User:
    """The desk frees a name: every phone signed in under it is signed out, and any phone may take it."""
    user = _event_person(event, user_id)
    user.end_sessions()
    user.phone_hash = None
    return user


def end_event_staff(event: Event) -> None:
    """A new PIN signs every PIN phone of the event out: their sessions end in the list too."""
    staff = db.session.query(User.id).filter_by(event_id=event.id, role="staff")
    db.session.execute(update(LoginSession).where(LoginSession.user_id.in_(staff), LoginSession.ended_at.is_(None))
                       .values(ended_at=utcnow()).execution_options(synchronize_session=False))


def phone_kind(user_agent: str) -> str:
    """A few words for the kind of phone, from its browser's User-Agent (shown to the desk)."""
    ua = user_agent or ""
    for marker, kind in (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
                         ("Macintosh", "Mac"), ("CrOS", "Chromebook"), ("Linux", "Linux")):
        if marker in ua:
            return kind
    return ""
