"""Titles and characters added at the desk: merged over the shipped catalogue (tournament/games)."""
from sqlalchemy.orm import Mapped, mapped_column

from ..database import JSONType, Timestamped
from ..extensions import db


class GameTitle(Timestamped, db.Model):
    """A title the catalogue does not ship, added from the desk (its characters are GameEntry rows)."""

    __tablename__ = "game_title"
    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(db.String(40), unique=True)
    name_ja: Mapped[str] = mapped_column(db.String(120))
    name_en: Mapped[str] = mapped_column(db.String(120))
    aliases: Mapped[list] = mapped_column(JSONType, default=list)
    rounds_to_win: Mapped[int] = mapped_column(default=2)
    stage_choice: Mapped[bool] = mapped_column(default=False)
    side_choice: Mapped[bool] = mapped_column(default=False)
    double_ko: Mapped[str] = mapped_column(db.String(20), default="replayed")
    minutes_per_set: Mapped[int] = mapped_column(default=12)
    # The game's shape, as a shipped title's file has it: score, stocks, characters_per_side,
    # character_order, sides (games.schema.shape reads them; absent keys: a one-character rounds game).
    shape: Mapped[dict] = mapped_column(JSONType, default=dict, server_default="{}")


class GameEntry(Timestamped, db.Model):
    """A character or stage added to a title (shipped or not), or a shipped one's names edited."""

    __tablename__ = "game_entry"
    __table_args__ = (db.UniqueConstraint("game_key", "kind", "key", name="uq_game_entry_key"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_key: Mapped[str] = mapped_column(db.String(40), index=True)
    kind: Mapped[str] = mapped_column(db.String(10))  # character | stage
    key: Mapped[str] = mapped_column(db.String(60))
    en: Mapped[str] = mapped_column(db.String(120))
    ja: Mapped[str] = mapped_column(db.String(120))
    kana: Mapped[str] = mapped_column(db.String(120), default="")
