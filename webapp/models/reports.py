"""A player's own report of their match, waiting for the opponent's confirmation (issue 30).

The games a player reports are the same play entries a referee makes; they wait here, outside
the match, until the opponent (or the desk, or the event's clock) confirms them. Only then do
they go through the operation pipeline, logged as the player's (device "player-<entrant id>").
"""
from datetime import datetime

from sqlalchemy.orm import Mapped, mapped_column

from ..database import JSONType, utcnow
from ..extensions import db

# open: games being entered · waiting: the match is decided, the opponent has to confirm ·
# confirmed: applied to the match · disputed: the opponent says no, the desk decides ·
# replaced: a referee or the desk entered the match first · discarded: the desk threw it out
REPORT_STATUSES = ("open", "waiting", "confirmed", "disputed", "replaced", "discarded")


class PlayerReport(db.Model):
    """One player's report of one match: their entries in order, and who confirmed it."""

    __tablename__ = "player_report"
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[int] = mapped_column(db.ForeignKey("match.id", ondelete="CASCADE"), index=True)
    entrant_id: Mapped[int] = mapped_column(db.ForeignKey("entrant.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(db.String(12), default="open", index=True)
    # [{op_id, kind, payload}] as the player's form sent them, applied in this order once confirmed
    entries: Mapped[list] = mapped_column(JSONType, default=list)
    slots_version: Mapped[int] = mapped_column(default=0)  # the match's players when the report began
    created_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)
    completed_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))
    decided_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))
    # "opponent", "desk", "auto" (the event's clock), or "referee" when a staff entry replaced it
    decided_by: Mapped[str | None] = mapped_column(db.String(12))
    decided_user: Mapped[int | None] = mapped_column(db.ForeignKey("user.id", ondelete="SET NULL"))
    dispute_note: Mapped[str] = mapped_column(db.String(200), default="")
