"""Mirror links: the public site's side (a token per mirrored event) and the venue's side.

Defined among the models (every table in one package, for Alembic); webapp/mirror reads them
through webapp/mirror/models.py."""
from datetime import datetime

from sqlalchemy.orm import Mapped, mapped_column

from ..database import Timestamped
from ..extensions import db

# Mirrored rows keep the venue's ids shifted into a range of their own, far above
# the ids the public site gives its own rows (PostgreSQL sequences never reach it).
ID_FLOOR = 1 << 30
ID_SPAN = 1 << 22


class MirrorLink(Timestamped, db.Model):
    """Public site: one event that a venue pushes to, and the token it pushes with."""

    __tablename__ = "mirror_link"
    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(db.String(80), unique=True)
    name: Mapped[str] = mapped_column(db.String(200))
    token_hash: Mapped[str] = mapped_column(db.String(64), unique=True)  # sha256 of the token
    status: Mapped[str] = mapped_column(db.String(12), default="active")  # active | revoked | promoted
    event_id: Mapped[int | None] = mapped_column(db.ForeignKey("event.id", ondelete="SET NULL"))
    seq: Mapped[int] = mapped_column(default=0)          # the venue's last operation received
    push_seq: Mapped[int] = mapped_column(default=0, server_default="0")  # the venue's last push taken
    digest: Mapped[str] = mapped_column(db.String(64), default="")  # of the last state received
    # of the start.gg ids pushed with it ("": none), answered apart so either version of the venue reads it
    ids_digest: Mapped[str] = mapped_column(db.String(64), default="", server_default="")
    source: Mapped[str] = mapped_column(db.String(200), default="")  # where the event is run
    last_push_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))
    changed_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))

    @property
    def id_base(self) -> int:
        """What is added to the venue's row ids on this site."""
        return ID_FLOOR + self.id * ID_SPAN


class MirrorTarget(Timestamped, db.Model):
    """Venue: where one of its events is mirrored, and how far the push has got."""

    __tablename__ = "mirror_target"
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(db.ForeignKey("event.id", ondelete="CASCADE"), unique=True)
    url: Mapped[str] = mapped_column(db.String(300))
    token: Mapped[str] = mapped_column(db.String(100))  # the venue's credential, sent as a bearer token
    status: Mapped[str] = mapped_column(db.String(12), default="new")  # new|ok|offline|refused|promoted
    acked_seq: Mapped[int] = mapped_column(default=0)    # what the public site said it has
    push_seq: Mapped[int] = mapped_column(default=0, server_default="0")  # numbers this venue's pushes
    digest: Mapped[str] = mapped_column(db.String(64), default="")
    # the start.gg ids the site holds ("": none): its answer's, or (a site that does not say) the last pushed
    ids_digest: Mapped[str] = mapped_column(db.String(64), default="", server_default="")
    catchup_total: Mapped[int] = mapped_column(default=0)  # operations waiting when this push began
    message: Mapped[str] = mapped_column(db.String(300), default="")
    last_push_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))
    last_attempt_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))
    promoted_at: Mapped[datetime | None] = mapped_column(db.DateTime(timezone=True))
