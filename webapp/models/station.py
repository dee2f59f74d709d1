"""Stations (試合台): the setups of an event where matches are called and played."""
from datetime import datetime

from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db


class Station(db.Model):
    """One station of an event; a match is on it when the match's station names it."""

    __tablename__ = "station"
    __table_args__ = (db.UniqueConstraint("event_id", "name", name="uq_station_event_name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(db.String(40))
    stream: Mapped[bool] = mapped_column(default=False)  # only stream-queue matches go here
    position: Mapped[int] = mapped_column(default=0)
    # Bumped when the desk makes the station's QR code anew: sign-in links made before stop working.
    signin_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    # A TournamentStreamHelper on the LAN the station's match is pushed to (services/stream/tsh_link.py);
    # "" when none. The push's names are in tsh_language; tsh_failed_at: the push is failing since then.
    tsh_url: Mapped[str] = mapped_column(db.String(200), default="", server_default="")
    tsh_language: Mapped[str] = mapped_column(db.String(5), default="ja", server_default="ja")
    tsh_failed_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))
    tsh_error: Mapped[str] = mapped_column(db.String(200), default="", server_default="")
    # The API the linked TSH speaks ("2022", "2023", "numbered"; "" until a probe found it) and,
    # for TSH 5.74+, which of its scoreboards this station drives.
    tsh_api: Mapped[str] = mapped_column(db.String(10), default="", server_default="")
    tsh_scoreboard: Mapped[int] = mapped_column(default=1, server_default="1")
    # A stream station keeps a finished match's final score this many seconds before the next call.
    stream_hold: Mapped[int] = mapped_column(default=30, server_default="30")
