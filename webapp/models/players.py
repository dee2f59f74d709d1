"""Players' own rows: their sign-up (with its place on a waitlist) and their personal link.

Neither is a staff or desk account: a personal link opens one entrant's own page of one event
and nothing else (services/players/player_links.py), a sign-up waits for a place before it becomes an
entrant (services/players/signups.py).
"""
from datetime import datetime
from typing import Optional

from sqlalchemy.orm import Mapped, mapped_column

from ..database import JSONType, Timestamped, utcnow
from ..extensions import db


class Signup(Timestamped, db.Model):
    """One sign-up from the public page: entered (it has its entrant), waiting in line, or withdrawn.

    The waitlist is the waiting sign-ups in the order they came (by id). `address` is the hash of
    the sender's address key (throttle.client_key), so one address can be capped."""

    __tablename__ = "signup"
    __table_args__ = (db.Index("ix_signup_event_status", "event_id", "status"),
                      db.Index("ix_signup_event_address", "event_id", "address"))
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"))
    entrant_id: Mapped[Optional[int]] = mapped_column(db.ForeignKey("entrant.id", ondelete="SET NULL"))
    name: Mapped[str] = mapped_column(db.String(120))
    reading: Mapped[str] = mapped_column(db.String(120), default="")
    members: Mapped[list] = mapped_column(JSONType, default=list)  # [{"name", "reading"}] of a team
    fields: Mapped[dict] = mapped_column(JSONType, default=dict)  # the event's own questions
    status: Mapped[str] = mapped_column(db.String(12), default="waiting")  # entered | waiting | withdrawn | removed
    address: Mapped[str] = mapped_column(db.String(64), default="")
    updated_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class PlayerLink(db.Model):
    """A player's personal link: the hash of its token, the entrant (or waiting sign-up) it opens.

    The token itself is only in the link and in the player's cookie; revoking sets `revoked_at`,
    and the next request with that cookie finds no one."""

    __tablename__ = "player_link"
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"), index=True)
    # SET NULL: a removed entrant's link still opens their page, which says they are not entered.
    entrant_id: Mapped[Optional[int]] = mapped_column(db.ForeignKey("entrant.id", ondelete="SET NULL"), index=True)
    signup_id: Mapped[Optional[int]] = mapped_column(db.ForeignKey("signup.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(db.String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)
    last_seen_at: Mapped[Optional[datetime]] = mapped_column(db.DateTime(timezone=True))
    revoked_at: Mapped[Optional[datetime]] = mapped_column(db.DateTime(timezone=True))
