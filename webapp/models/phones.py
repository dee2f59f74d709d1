"""What each staff phone said at its last sync: the desk walks to a phone that has not synced."""
from datetime import datetime
from typing import Optional

from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db


class PhoneSync(db.Model):
    """One phone (the outbox's device id): its last sync, the entries it still had waiting, its storage."""

    __tablename__ = "phone_sync"
    id: Mapped[int] = mapped_column(primary_key=True)
    device_id: Mapped[str] = mapped_column(db.String(64), unique=True)
    user_id: Mapped[Optional[int]] = mapped_column(db.ForeignKey("user.id", ondelete="SET NULL"), nullable=True)
    event_id: Mapped[Optional[int]] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"), nullable=True,
                                                    index=True)
    staff_name: Mapped[str] = mapped_column(db.String(120), default="")
    last_sync_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True))
    waiting: Mapped[int] = mapped_column(default=0)
    persisted: Mapped[Optional[bool]] = mapped_column(nullable=True)  # None: the phone did not say
