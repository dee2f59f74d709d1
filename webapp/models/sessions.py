"""Sign-in sessions: each phone or browser signed in is a row of its own, so one can end alone."""
from datetime import datetime
from typing import Optional

from sqlalchemy.orm import Mapped, mapped_column

from ..database import utcnow
from ..extensions import db


class LoginSession(db.Model):
    """One sign-in of one person on one phone: its token (hashed) is checked on every request.

    Signing out ends this row only; the person's other phones stay signed in. `phone_hash` is the
    hash of the long-lived cookie the phone keeps (the same phone coming back is known by it),
    `outbox_device` the device id its outbox sends with its entries (the log's device_id)."""

    __tablename__ = "login_session"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(db.ForeignKey("user.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(db.String(64), unique=True)
    phone_hash: Mapped[Optional[str]] = mapped_column(db.String(64))
    phone_kind: Mapped[str] = mapped_column(db.String(40), default="")
    outbox_device: Mapped[Optional[str]] = mapped_column(db.String(64))
    started_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)
    ended_at: Mapped[Optional[datetime]] = mapped_column(db.DateTime(timezone=True))
