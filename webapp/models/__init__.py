"""SQLAlchemy models. Import everything here so Alembic sees all tables."""
from sqlalchemy import BigInteger, Integer, exists
from sqlalchemy.orm import column_property

from ..extensions import db
from .accounts import User
from .audit import AuditEntry
from .bracket import BracketRow, MatchRow
from .event import Entrant, Event, Member, Phase
from .games import GameEntry, GameTitle
from .mirror import MirrorLink, MirrorTarget
from .operation import Conflict, Operation
from .phones import PhoneSync
from .players import PlayerLink, Signup
from .reports import PlayerReport
from .sessions import LoginSession
from .station import Station
from .ties import TieId, TieLink, TieReport

__all__ = ["User", "Event", "Phase", "Entrant", "Member", "BracketRow", "MatchRow",
           "Operation", "Conflict", "AuditEntry", "Station", "PhoneSync", "LoginSession", "MirrorLink",
           "MirrorTarget", "GameTitle", "GameEntry", "PlayerLink", "Signup", "PlayerReport",
           "TieLink", "TieId", "TieReport"]

# Row ids are BIGINT on PostgreSQL: a public site keeps each mirror link's rows in an id range
# of their own far above its own rows (models/mirror.py), for any number of links. SQLite's
# INTEGER is already 64-bit, and must stay INTEGER to remain the rowid.
ROW_ID = BigInteger().with_variant(Integer(), "sqlite")
# Ids outside any key: the log names its match and event without a foreign key (it outlives them),
# and a mirror keeps the venue's operation ids.
LOOSE_ROW_IDS = {("operation", "event_id"), ("operation", "match_id"), ("mirror_link", "seq"),
                 ("mirror_target", "acked_seq"), ("tie_report", "match_id")}


def _widen_row_ids() -> None:
    for table in db.metadata.tables.values():
        for column in table.columns:
            holds_id = column.primary_key or column.foreign_keys or (table.name, column.name) in LOOSE_ROW_IDS
            if holds_id and isinstance(column.type, Integer):
                column.type = ROW_ID


_widen_row_ids()

# After the widening: an expression built on a column keeps the type the column had then (an annotated
# copy), so one built before would bind these ids as INTEGER on PostgreSQL (a mirror's are past 2^31).
# Whether the event has any station, read with the event where a sync batch reads it (operations/preload.py):
# a result in an event without stations then reads neither its phases for auto-calls nor its stations for a
# stream scoreboard to push. Deferred: elsewhere it is read when asked for, like any query.
Event.has_stations = column_property(exists().where(Station.event_id == Event.id), deferred=True)
# Likewise whether any of its entrants is disqualified: a batch in an event without one reads no list of them.
Event.has_disqualified = column_property(exists().where(Entrant.event_id == Event.id, Entrant.dq.is_(True)),
                                         deferred=True)
