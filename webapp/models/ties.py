"""An event tied to its copy on start.gg or Challonge: the link (with the organiser's token), the ids on
each side, and the queue of reports sent back (issue 39).

The token is a credential: it is in no export's allow-list (operations/leave.py names no column of these
tables), never rendered, never logged; removing the link deletes it.
"""
from datetime import datetime

from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..database import JSONType, Timestamped, utcnow
from ..extensions import db


class TieLink(Timestamped, db.Model):
    """One event's link to one outside service ("startgg" or "challonge")."""

    __tablename__ = "tie_link"
    __table_args__ = (db.UniqueConstraint("event_id", "service", name="uq_tie_link_event_service"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"), index=True)
    service: Mapped[str] = mapped_column(db.String(20))
    slug: Mapped[str] = mapped_column(db.String(300))      # start.gg's event slug, Challonge's tournament url
    remote_id: Mapped[str] = mapped_column(db.String(40), default="")
    videogame_id: Mapped[str] = mapped_column(db.String(40), default="")
    token: Mapped[str] = mapped_column(db.String(400))     # the organiser's API token: never leaves, never shown
    paused_until: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))  # rate limit or offline
    mark_called: Mapped[bool] = mapped_column(default=False, server_default=db.false())  # markSetInProgress on call
    # Moved whenever its ids change (links.remember, linking.rebuild): the sender's catch-up reads this one
    # number to know whether the ids it read last are still the link's.
    ids_version: Mapped[int] = mapped_column(default=0, server_default="0")

    ids: Mapped[list["TieId"]] = relationship(back_populates="link", cascade="all, delete-orphan")
    reports: Mapped[list["TieReport"]] = relationship(back_populates="link", cascade="all, delete-orphan",
                                                      order_by="TieReport.id")


class TieId(db.Model):
    """One thing known on both sides: a match and its set, an entrant, a character or a stage."""

    __tablename__ = "tie_id"
    __table_args__ = (db.UniqueConstraint("link_id", "kind", "local", name="uq_tie_id_local"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    link_id: Mapped[int] = mapped_column(db.ForeignKey("tie_link.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(db.String(20))       # match | entrant | character | stage
    local: Mapped[str] = mapped_column(db.String(100))     # taikai's id, or the catalogue's value
    remote: Mapped[str] = mapped_column(db.String(40))

    link: Mapped[TieLink] = relationship(back_populates="ids")


class TieReport(db.Model):
    """One report of a set, in the order taikai decided it; sent once, or shown to the desk."""

    __tablename__ = "tie_report"
    id: Mapped[int] = mapped_column(primary_key=True)
    link_id: Mapped[int] = mapped_column(db.ForeignKey("tie_link.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[int] = mapped_column(index=True)      # loose: the queue outlives a rebuilt bracket
    set_id: Mapped[str] = mapped_column(db.String(40))
    body: Mapped[dict | None] = mapped_column(JSONType)    # the result to hold there; None: the set reset
    state: Mapped[str] = mapped_column(db.String(12), default="waiting", index=True)
    attempts: Mapped[int] = mapped_column(default=0)
    not_before: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))
    answer: Mapped[str] = mapped_column(db.Text, default="")   # the service's own words on a refusal
    theirs: Mapped[dict | None] = mapped_column(JSONType)  # what the service held instead (a conflict)
    sent: Mapped[dict | None] = mapped_column(JSONType)    # the last call's arguments, exactly as sent
    created_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)
    done_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))

    link: Mapped[TieLink] = relationship(back_populates="reports")
