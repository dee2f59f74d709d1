"""Desk and staff accounts."""
from flask_login import UserMixin
from sqlalchemy.orm import Mapped, mapped_column
from werkzeug.security import check_password_hash, generate_password_hash

from ..database import Timestamped
from ..extensions import db

ROLES = ("desk", "staff")


class User(UserMixin, Timestamped, db.Model):
    """A person who signs in: the desk (本部) or a staff member (referee)."""

    __tablename__ = "user"
    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(db.String(80), unique=True)
    display_name: Mapped[str] = mapped_column(db.String(120), default="")
    password_hash: Mapped[str] = mapped_column(db.String(255))
    role: Mapped[str] = mapped_column(db.String(10), default="staff")
    # Staff who signed in with an event PIN are tied to that event only.
    event_id: Mapped[int | None] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"))
    # Bumped when the password changes: every session and remember cookie made before ends.
    credential_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    # Bumped when the desk revokes this person's sign-in QR code: links made before stop working.
    signin_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    # A desk account's one-time-code (TOTP) secret, when it has chosen to use one.
    totp_secret: Mapped[str | None] = mapped_column(db.String(64))
    # PIN staff: the hash of the cookie of the phone this name is signed in on. Another phone typing
    # the name is refused until the desk frees it; the same phone may take its name back.
    phone_hash: Mapped[str | None] = mapped_column(db.String(64))
    # Not a column: the sign-in session this object was loaded for (web/auth.py), part of get_id().
    session_token = None
    login_session_id = None
    login_session_seen = None  # that session's last note as read with it (login_sessions.LastSeen)

    def get_id(self) -> str:
        """The session's and remember cookie's user id, tied to the current credentials and to
        this phone's sign-in session (its token: signing out ends that session alone).

        A changed password, a sign-out or a revoked sign-in QR (or, for PIN staff, a changed
        event PIN) changes this id, so the user loader finds no one for an old session or cookie.
        """
        return f"{self.id}:{self.credential_generation}:{self._pin_generation()}:{self.session_token or ''}"

    def _pin_generation(self) -> int:
        if self.event_id is None or self.role != "staff":
            return 0
        from .event import Event
        event = db.session.get(Event, self.event_id)
        return event.staff_pin_generation if event else -1

    def end_sessions(self, keep: int | None = None) -> None:
        """Every session and remember cookie of this account made until now stops working
        (but the session `keep`, this browser's, when the person changed their own credentials)."""
        from ..database import utcnow
        from .sessions import LoginSession

        self.credential_generation = (self.credential_generation or 0) + 1
        if self.id is not None:  # the desk's list of who is signed in shows them ended too
            (db.session.query(LoginSession).filter(LoginSession.user_id == self.id, LoginSession.ended_at.is_(None),
                                                   LoginSession.id != (keep or 0))
             .update({"ended_at": utcnow()}, synchronize_session=False))

    def set_password(self, password: str, keep: int | None = None) -> None:
        """Store a salted hash, never the password; sessions made with the old one end (but `keep`)."""
        if self.password_hash:
            self.end_sessions(keep)
        self.password_hash = generate_password_hash(password)

    def check_password(self, password: str) -> bool:
        """True when the password matches the stored hash."""
        if self.password_hash.startswith("!"):
            return False  # PIN-only staff account
        return check_password_hash(self.password_hash, password)

    @property
    def is_desk(self) -> bool:
        """Desk accounts may do everything staff may, and set events up."""
        return self.role == "desk"
