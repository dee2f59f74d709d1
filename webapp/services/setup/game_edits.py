"""The desk's changes to the catalogue, no code: a title of its own, characters and stages added to
any title, a name or reading corrected (a shipped character edited keeps its key)."""
from ...extensions import db
from ...models import GameEntry, GameTitle
from ...tournament import games
from ...tournament.errors import N_
from ...tournament.games import schema
from .. import ServiceError
from ..accounts import audit
from .game_catalogue import DESK_SHAPE, KINDS, all_titles, check_reading, slug, title


def _names(ja: str, en: str) -> tuple[str, str]:
    ja, en = (ja or "").strip(), (en or "").strip()
    if not ja and not en:
        raise ServiceError("game.no_name", N_("Give a name in Japanese or English."))
    return ja or en, en or ja


def add_title(name_ja: str, name_en: str, rounds_to_win: int = 2, stage_choice: bool = False,
              side_choice: bool = False, double_ko: str = "replayed", user=None,
              shape: dict | None = None) -> GameTitle:
    """A title the catalogue lacks; its key is made from its English name."""
    ja, en = _names(name_ja, name_en)
    if games.resolve(ja, all_titles()) or games.resolve(en, all_titles()):
        raise ServiceError("game.exists", N_("%(name)s is already in the list of games."), name=ja)
    _check_rules(rounds_to_win, double_ko)
    row = GameTitle(key=_free_key(slug(en) or "game"), name_ja=ja, name_en=en, aliases=[],
                    rounds_to_win=rounds_to_win, stage_choice=stage_choice, side_choice=side_choice,
                    double_ko=double_ko, minutes_per_set=12, shape=_shape(shape))
    db.session.add(row)
    db.session.flush()
    audit.record("game.add_title", user, None, key=row.key, name=ja)
    return row


def edit_title(key: str, name_ja: str, name_en: str, rounds_to_win: int = 2, stage_choice: bool = False,
               side_choice: bool = False, double_ko: str = "replayed", user=None,
              shape: dict | None = None) -> GameTitle:
    """Correct a desk title's names and usual rules (a shipped title's are its file's)."""
    row = db.session.scalar(db.select(GameTitle).where(GameTitle.key == key))
    if row is None or key in games.GAMES:
        raise ServiceError("game.shipped", N_("Only a game added at the desk can be renamed here."))
    ja, en = _names(name_ja, name_en)
    others = [t for t in all_titles() if t.key != key]
    if games.resolve(ja, others) or games.resolve(en, others):
        raise ServiceError("game.exists", N_("%(name)s is already in the list of games."), name=ja)
    _check_rules(rounds_to_win, double_ko)
    row.name_ja, row.name_en, row.rounds_to_win = ja, en, rounds_to_win
    row.stage_choice, row.side_choice, row.double_ko = stage_choice, side_choice, double_ko
    row.shape = _shape(shape)
    audit.record("game.edit_title", user, None, key=key, name=ja)
    return row


def _check_rules(rounds_to_win: int, double_ko: str) -> None:
    if double_ko not in games.DOUBLE_KO or not 1 <= rounds_to_win <= 5:
        raise ServiceError("game.rules", N_("Rounds per game are 1 to 5."))


def _shape(shape: dict | None) -> dict:
    """A desk title's shape as the shipped files' schema checks it (a one-character rounds game when empty)."""
    shape = {k: v for k, v in (shape or {}).items() if k in DESK_SHAPE and v is not None}
    if shape.get("score") != "stocks":
        shape.pop("stocks", None)
    probe = {"key": "x", "name_ja": "x", "name_en": "x", "rounds_to_win": 1, "stage_choice": False,
             "side_choice": False, "double_ko": "impossible", "minutes_per_set": 1, **shape}
    if schema.problems(probe):
        raise ServiceError("game.shape", N_("A game counts rounds or 1 to 5 stocks, and has 1 to 3 characters a side."))
    return shape


def _free_key(base: str) -> str:
    taken = {t.key for t in all_titles()}
    key, n = base, 2
    while key in taken:
        key, n = f"{base}_{n}", n + 1
    return key


def save_entry(game_key: str, kind: str, ja: str, en: str = "", kana: str = "", key: str = "",
               user=None) -> GameEntry:
    """Add a character or stage to a title, or correct one's names and reading (by its key)."""
    if kind not in KINDS:
        raise ServiceError("game.kind", N_("Choose a character or a stage."))
    current = title(game_key)
    if current.key != game_key:
        raise ServiceError("game.unknown", N_("Choose the game from the list."))
    ja, en = _names(ja, en)
    kana = check_reading(kana, ja) if kind == "character" else (kana or "").strip()
    existing = current.character if kind == "character" else current.stage
    key = key or _entry_key(existing, slug(en) or slug(kana) or "entry", ja, en)
    _refuse_clash(existing, key, ja, en)
    row = db.session.scalar(db.select(GameEntry).filter_by(game_key=game_key, kind=kind, key=key))
    if row is None:
        row = GameEntry(game_key=game_key, kind=kind, key=key)
        db.session.add(row)
    row.ja, row.en, row.kana = ja, en, kana
    db.session.flush()
    audit.record("game.save_entry", user, None, game=game_key, kind=kind, key=key, ja=ja, en=en)
    return row


def _entry_key(find, base: str, ja: str, en: str) -> str:
    if find(ja) is not None or find(en) is not None:
        raise ServiceError("game.entry_exists", N_("%(name)s is already in this game's list."), name=ja)
    key, n = base, 2
    while find(key) is not None:
        key, n = f"{base}_{n}", n + 1
    return key


def _refuse_clash(find, key: str, ja: str, en: str) -> None:
    """Two characters may not share a name: a stored entry would not know which it means."""
    for name in (ja, en):
        other = find(name)
        if other is not None and other.key != key and name in (other.ja, other.en):
            raise ServiceError("game.entry_exists", N_("%(name)s is already in this game's list."), name=name)
