"""Brackets (one per group) and their matches, persisted from the domain's dataclasses."""
from datetime import datetime

from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..database import JSONType, utcnow
from ..extensions import db


class BracketRow(db.Model):
    """One bracket of a phase (a group, or the whole phase)."""

    __tablename__ = "bracket"
    id: Mapped[int] = mapped_column(primary_key=True)
    phase_id: Mapped[int] = mapped_column(db.ForeignKey("phase.id", ondelete="CASCADE"), index=True)
    label: Mapped[str] = mapped_column(db.String(20), default="")
    format: Mapped[str] = mapped_column(db.String(40))
    options: Mapped[dict] = mapped_column(JSONType, default=dict)
    entrants: Mapped[list] = mapped_column(JSONType, default=list)  # [{id, seed, tier}]
    wave: Mapped[int] = mapped_column(default=0, server_default="0")  # its pools' wave: earlier waves called first

    phase = relationship("Phase", back_populates="brackets")
    matches: Mapped[list["MatchRow"]] = relationship(back_populates="bracket", order_by="MatchRow.id",
                                                     cascade="all, delete-orphan")


class MatchRow(db.Model):
    """A match of a bracket; its play (games, kachinuki order) is a list of actions."""

    __tablename__ = "match"
    # (bracket_id, status): a Swiss counts its bracket's open matches at every result
    __table_args__ = (db.UniqueConstraint("bracket_id", "key", name="uq_match_bracket_key"),
                      db.Index("ix_match_bracket_status", "bracket_id", "status"))
    id: Mapped[int] = mapped_column(primary_key=True)
    bracket_id: Mapped[int] = mapped_column(db.ForeignKey("bracket.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(db.String(20))
    side: Mapped[str] = mapped_column(db.String(4))
    round: Mapped[int] = mapped_column()
    index: Mapped[int] = mapped_column()
    slot_a: Mapped[int | None] = mapped_column(db.ForeignKey("entrant.id"))
    slot_b: Mapped[int | None] = mapped_column(db.ForeignKey("entrant.id"))
    winner_to: Mapped[list | None] = mapped_column(JSONType)
    loser_to: Mapped[list | None] = mapped_column(JSONType)
    winner_id: Mapped[int | None] = mapped_column(db.ForeignKey("entrant.id"))
    loser_id: Mapped[int | None] = mapped_column(db.ForeignKey("entrant.id"))
    status: Mapped[str] = mapped_column(db.String(10), default="pending")
    walkover: Mapped[bool] = mapped_column(default=False)
    conditional: Mapped[str | None] = mapped_column(db.String(20))
    station: Mapped[str] = mapped_column(db.String(40), default="")
    called_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))  # no-show timer start
    stream_rank: Mapped[int | None] = mapped_column()  # place in the stream queue (None: not a stream match)
    version: Mapped[int] = mapped_column(default=1)
    # The version at which the entrants last changed: older entries are conflicts.
    slots_version: Mapped[int] = mapped_column(default=1)
    actions: Mapped[list] = mapped_column(JSONType, default=list)  # applied match-play actions
    flagged: Mapped[str] = mapped_column(db.String(200), default="")  # needs the desk's look
    updated_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow,
                                                 onupdate=utcnow)

    bracket: Mapped[BracketRow] = relationship(back_populates="matches")
