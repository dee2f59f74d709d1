"""SQLAlchemy models. Import everything here so Alembic sees all tables."""
from .accounts import User
from .event import Entrant, Event, Member, Phase
from .bracket import BracketRow, MatchRow
from .oplog import AuditEntry, Conflict, Operation
from ..mirror.models import MirrorLink, MirrorTarget

__all__ = ["User", "Event", "Phase", "Entrant", "Member", "BracketRow", "MatchRow",
           "Operation", "Conflict", "AuditEntry", "MirrorLink", "MirrorTarget"]
