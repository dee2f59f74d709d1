"""The audit trail: who did what at the desk."""
from datetime import datetime

from sqlalchemy.orm import Mapped, mapped_column

from ..database import JSONType, utcnow
from ..extensions import db


class AuditEntry(db.Model):
    """Who did what at the desk: overrides, corrections, conflict decisions, DQs."""

    __tablename__ = "audit"
    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)
    user_id: Mapped[int | None] = mapped_column(db.ForeignKey("user.id", ondelete="SET NULL"))
    event_id: Mapped[int | None] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"))
    action: Mapped[str] = mapped_column(db.String(60))
    detail: Mapped[dict] = mapped_column(JSONType, default=dict)
