"""The catalogue as a taikai has it: the shipped titles with the desk's titles, characters and
stages merged over them (rows in game_title / game_entry), and the desk's changes to it."""
import re

from ...extensions import db
from ...models import Event, GameEntry, GameTitle
from ...tournament import games
from ...tournament.errors import N_
from ...tournament.games import schema
from ...tournament.games.schema import is_hiragana
from ...tournament.textsearch import fold
from .. import ServiceError
from ..accounts import audit

KINDS = ("character", "stage")


def _custom_title(row: GameTitle) -> games.Title:
    return games.Title(name=row.key, name_ja=row.name_ja, name_en=row.name_en, aliases=tuple(row.aliases or ()),
                       rounds_to_win=row.rounds_to_win, stage_choice=row.stage_choice, side_choice=row.side_choice,
                       double_ko=row.double_ko, minutes_per_set=row.minutes_per_set, custom=True,
                       **schema.shape({k: v for k, v in (row.shape or {}).items() if k in DESK_SHAPE}))


# The shape a desk title may set (stage lists and striking are a shipped title's facts).
DESK_SHAPE = ("score", "stocks", "characters_per_side", "character_order", "sides")


def _entries(key: str) -> dict:
    rows = db.session.scalars(db.select(GameEntry).where(GameEntry.game_key == key).order_by(GameEntry.id))
    found = {kind: [] for kind in KINDS}
    for row in rows:
        found[row.kind].append(games.Entry(key=row.key, en=row.en, ja=row.ja, kana=row.kana))
    return found


def title(key: str | None) -> games.Title:
    """A title as this taikai has it: shipped or added at the desk, with the desk's additions."""
    desk_own = key and key not in games.GAMES
    row = db.session.scalar(db.select(GameTitle).where(GameTitle.key == key)) if desk_own else None
    base = _custom_title(row) if row is not None else games.get_title(key)
    extra = _entries(base.key)
    return base.with_entries(extra["character"], extra["stage"]) if any(extra.values()) else base


def all_titles() -> list[games.Title]:
    """Every title: the shipped ones, then those added at the desk (without their entries)."""
    custom = db.session.scalars(db.select(GameTitle).order_by(GameTitle.id))
    return list(games.GAMES.values()) + [_custom_title(r) for r in custom if r.key not in games.GAMES]


def event_key(event: Event) -> str:
    """The catalogue key of an event (an old row's free text resolved by name)."""
    key = games.key_for_event(event.game, event.ruleset)
    if key != games.OTHER or not (event.game or "").strip():
        return key
    return games.key_for_event(event.game, event.ruleset, all_titles())  # a title added at the desk


def event_title(event: Event) -> games.Title:
    """The event's title with the desk's additions: the roster and stages its pages offer."""
    return title(event_key(event))


def rule_defaults(game_key: str | None) -> dict:
    """games.rule_defaults for any title of this taikai, the desk's own included."""
    return games.title_rules(title(game_key))


def valid_key(key: str) -> str:
    """A game key a form sent: one of the catalogue's (the desk's titles included)."""
    if key not in {t.key for t in all_titles()}:
        raise ServiceError("game.unknown", N_("Choose the game from the list."))
    return key


def set_event_game(event: Event, key: str, user=None) -> None:
    """The desk sets an event's game (its roster, stages and usual rules follow)."""
    before, event.game = event.game, valid_key(key)
    note_names(event)
    audit.record("event.game", user, event.id, before=before, after=event.game)


def note_names(event: Event) -> None:
    """Keep a desk title's names with the event: a public site that mirrors it lacks the desk's titles."""
    t = title(event.game)
    settings = {k: v for k, v in (event.settings or {}).items() if k != "game_names"}
    if t.custom:
        settings["game_names"] = {"ja": t.name_ja, "en": t.name_en}
    event.settings = settings


def pack(t: games.Title) -> dict:
    """What a phone keeps of the title: both languages and readings of every character and stage."""
    return {"key": t.key, "name_ja": t.name_ja, "name_en": t.name_en, "rounds_to_win": t.rounds_to_win,
            "characters": [{"key": c.key, "value": c.ja, "ja": c.ja, "en": c.en, "kana": c.kana}
                           for c in games.kana_order(t.characters)],
            "stages": [{"key": s.key, "value": s.en, "ja": s.ja, "en": s.en} for s in t.stages]}


def slug(text: str) -> str:
    """An ascii key from a name ("Street Fighter 6" -> "street_fighter_6"); "" when none can be made."""
    return re.sub(r"[^a-z0-9]+", "_", fold(text).encode("ascii", "ignore").decode()).strip("_")[:40]


def check_reading(kana: str, ja: str) -> str:
    """A reading in hiragana; a name in kana gives its own reading when none is typed."""
    kana = fold(kana or "").replace(" ", "")
    if not kana:
        guess = "".join(ch for ch in fold(ja) if ch not in "・＝=. ")
        kana = guess if is_hiragana(guess) else ""
    if kana and not is_hiragana(kana):
        raise ServiceError("game.kana", N_("Write the reading in hiragana (katakana is turned into hiragana)."))
    return kana
