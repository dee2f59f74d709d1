"""The append-only operation log (every entry a phone or the desk made) and the conflicts it leaves for the desk."""
from datetime import datetime

from sqlalchemy.orm import Mapped, mapped_column

from ..database import JSONType, utcnow
from ..extensions import db

OUTCOMES = ("applied", "duplicate", "confirmed", "conflict", "rejected", "held")


class Operation(db.Model):
    """Every change a phone or the desk makes, with the outcome the server gave it."""

    __tablename__ = "operation"
    id: Mapped[int] = mapped_column(primary_key=True)
    op_id: Mapped[str] = mapped_column(db.String(64), unique=True)
    device_id: Mapped[str] = mapped_column(db.String(64), index=True)
    seq: Mapped[int] = mapped_column(default=0)
    kind: Mapped[str] = mapped_column(db.String(40))
    # No foreign keys: the log must keep what a phone sent even for a match that is gone.
    event_id: Mapped[int | None] = mapped_column(index=True)
    match_id: Mapped[int | None] = mapped_column(index=True)
    base_version: Mapped[int | None] = mapped_column()
    payload: Mapped[dict] = mapped_column(JSONType, default=dict)
    user_id: Mapped[int | None] = mapped_column(db.ForeignKey("user.id", ondelete="SET NULL"))
    device_time: Mapped[str] = mapped_column(db.String(40), default="")
    received_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)
    outcome: Mapped[str] = mapped_column(db.String(12), index=True)  # held entries are looked up by it
    code: Mapped[str | None] = mapped_column(db.String(80))
    message: Mapped[str | None] = mapped_column(db.String(300))
    params: Mapped[dict] = mapped_column(JSONType, default=dict)
    match_version: Mapped[int | None] = mapped_column()
    # A later void undid this applied entry (the reason is in params["undone"]): every sync
    # asks for the device's undone entries, so they are found by index, not by reading params.
    undone: Mapped[bool] = mapped_column(default=False, server_default=db.false())
    # A shared phone's entry that the desk took for the person who made it (user_id): the desk account.
    received_by: Mapped[int | None] = mapped_column(db.ForeignKey("user.id", ondelete="SET NULL"))

    __table_args__ = (db.Index("ix_operation_device_undone", "device_id", "undone"),)


class Conflict(db.Model):
    """Two versions of one match's result waiting for the desk."""

    __tablename__ = "conflict"
    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(db.ForeignKey("match.id", ondelete="CASCADE"), index=True)
    operation_id: Mapped[int] = mapped_column(db.ForeignKey("operation.id", ondelete="CASCADE"))
    reason: Mapped[str] = mapped_column(db.String(40))  # different_result | participants_changed
    status: Mapped[str] = mapped_column(db.String(12), default="open")  # open | kept | taken | third
    resolved_by: Mapped[int | None] = mapped_column(db.ForeignKey("user.id", ondelete="SET NULL"))
    resolved_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)
