"""Events, their phases, entrants (players or teams) and team members."""
from datetime import date
from typing import TYPE_CHECKING

from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..database import JSONType, Timestamped
from ..extensions import db

if TYPE_CHECKING:
    from .bracket import BracketRow


class Event(Timestamped, db.Model):
    """One tournament (大会), e.g. a Tekken 7 5on5 day or KGP2025's 1-on-1."""

    __tablename__ = "event"
    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(db.String(80), unique=True)
    name: Mapped[str] = mapped_column(db.String(200))
    game: Mapped[str] = mapped_column(db.String(120), default="")
    ruleset: Mapped[str] = mapped_column(db.String(60), default="kgp2025")
    entrant_kind: Mapped[str] = mapped_column(db.String(10), default="player")  # player | team
    team_size: Mapped[int] = mapped_column(default=1)
    day: Mapped[date | None] = mapped_column(db.Date)
    staff_pin_hash: Mapped[str | None] = mapped_column(db.String(255))
    # Bumped when the PIN changes: every phone signed in with an older PIN is signed out.
    staff_pin_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    template: Mapped[str] = mapped_column(db.String(60), default="")
    settings: Mapped[dict] = mapped_column(JSONType, default=dict)
    # Bumped (webapp/polling/versions.py) in the transaction of any change to its phases, matches or
    # entrants: the standings' ETag and fragment-cache key.
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    # Bumped (webapp/polling/versions.py) only when one of its entrants or their members changes: the
    # bracket's blocks name entrants and replay scores from their members, so they are keyed by
    # this number, not by reading and hashing every name on each page (views/public/bracket_rounds.py).
    entrants_version: Mapped[int] = mapped_column(default=1, server_default="1")

    phases: Mapped[list["Phase"]] = relationship(back_populates="event", order_by="Phase.position",
                                                 cascade="all, delete-orphan")
    entrants: Mapped[list["Entrant"]] = relationship(back_populates="event",
                                                     cascade="all, delete-orphan")


class Phase(Timestamped, db.Model):
    """A stage of an event: groups, a bracket, pairs, a finals stage."""

    __tablename__ = "phase"
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(default=1)
    name: Mapped[str] = mapped_column(db.String(120))
    format: Mapped[str] = mapped_column(db.String(40))          # a registered format name
    options: Mapped[dict] = mapped_column(JSONType, default=dict)
    match_type: Mapped[str] = mapped_column(db.String(40), default="best_of")
    best_of: Mapped[int] = mapped_column(default=3)
    group_count: Mapped[int] = mapped_column(default=1)
    status: Mapped[str] = mapped_column(db.String(12), default="draft")  # draft | running | done
    # From an event template: its phase key, how its entrants are seeded, its stage.
    key: Mapped[str] = mapped_column(db.String(40), default="")
    seeding: Mapped[str] = mapped_column(db.String(12), default="entry")  # entry | routed | draw
    stage: Mapped[int] = mapped_column(default=1)
    block: Mapped[str] = mapped_column(db.String(12), default="")
    play_options: Mapped[dict] = mapped_column(JSONType, default=dict)   # best_of per side
    draw: Mapped[dict | None] = mapped_column(JSONType)                  # seed, inputs, result
    entrant_override: Mapped[list | None] = mapped_column(JSONType)      # desk's routed list
    calling: Mapped[dict] = mapped_column(JSONType, default=dict)  # auto_call, no_show_minutes, auto_walkover
    # Bumped (webapp/polling/versions.py) in the transaction of any change to its matches: the bracket's
    # ETag and fragment-cache key, read alone so an unchanged poll costs one indexed read.
    version: Mapped[int] = mapped_column(default=1, server_default="1")

    event: Mapped[Event] = relationship(back_populates="phases")
    brackets: Mapped[list["BracketRow"]] = relationship(back_populates="phase", order_by="BracketRow.id",
                                                        cascade="all, delete-orphan")


class Entrant(Timestamped, db.Model):
    """A player (1-on-1) or a team (5on5) entered in an event."""

    __tablename__ = "entrant"
    # (event_id, dq): a pool's table asks for the event's disqualified players, for each pool drawn
    __table_args__ = (db.UniqueConstraint("event_id", "name", name="uq_entrant_event_name"),
                      db.Index("ix_entrant_event_dq", "event_id", "dq"))
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(db.String(120))
    reading: Mapped[str] = mapped_column(db.String(120), default="")  # kana, for sorting
    seed: Mapped[int | None] = mapped_column()
    tier: Mapped[int] = mapped_column(default=0)
    checked_in: Mapped[bool] = mapped_column(default=False)
    dq: Mapped[bool] = mapped_column(default=False)
    info: Mapped[dict] = mapped_column(JSONType, default=dict)  # reception: category, fees...
    # "" (18 or over, or not said), "u18", "u16": the curfew warnings (tournament/curfew.py)
    age_group: Mapped[str] = mapped_column(db.String(4), default="", server_default="")
    # name and reading folded (textsearch.fold), kept on every write: a player is found across events by index
    name_key: Mapped[str] = mapped_column(db.String(120), default="", server_default="", index=True)
    reading_key: Mapped[str] = mapped_column(db.String(120), default="", server_default="", index=True)

    event: Mapped[Event] = relationship(back_populates="entrants")
    members: Mapped[list["Member"]] = relationship(back_populates="entrant", order_by="Member.position",
                                                   cascade="all, delete-orphan")


class Member(db.Model):
    """A member of a team (or the single member of a 1-on-1 entrant) and their character."""

    __tablename__ = "member"
    id: Mapped[int] = mapped_column(primary_key=True)
    entrant_id: Mapped[int] = mapped_column(db.ForeignKey("entrant.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(default=1)
    name: Mapped[str] = mapped_column(db.String(120))
    reading: Mapped[str] = mapped_column(db.String(120), default="", server_default="")  # kana, for search
    character: Mapped[str] = mapped_column(db.String(60), default="")
    change_declared: Mapped[bool] = mapped_column(default=False)
    name_key: Mapped[str] = mapped_column(db.String(120), default="", server_default="", index=True)
    reading_key: Mapped[str] = mapped_column(db.String(120), default="", server_default="", index=True)

    entrant: Mapped[Entrant] = relationship(back_populates="members")


def _keep_search_keys(_mapper, _connection, row) -> None:
    """The folded name and reading, as the player search compares them, on every insert and update."""
    from ..tournament.textsearch import fold
    row.name_key, row.reading_key = fold(row.name)[:120], fold(row.reading or "")[:120]


for _model in (Entrant, Member):
    db.event.listen(_model, "before_insert", _keep_search_keys)
    db.event.listen(_model, "before_update", _keep_search_keys)
