"""Shared column helpers."""
from datetime import datetime, timezone

from sqlalchemy import JSON
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db


def utcnow() -> datetime:
    """Timezone-aware now in UTC."""
    return datetime.now(timezone.utc)


class Timestamped:
    """Adds created_at."""

    created_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)


JSONType = JSON
