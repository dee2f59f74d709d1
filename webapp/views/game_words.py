"""A game's words on pages: the event's title, its characters and stages in the reader's language.

Entries keep what they stored (a character's Japanese name, a stage's English name, or whatever was
typed); these helpers show it as the reader knows it, and show free text as typed."""
from flask import g
from flask_babel import get_locale

from ..services.setup import game_catalogue
from ..tournament import games
from ..tournament.play.report import TEAM_SEPARATOR, team


def lang() -> str:
    """The page's language code ("ja" or "en")."""
    return "ja" if str(get_locale() or "").startswith("ja") else "en"


def event_title(event) -> games.Title:
    """The event's title with the desk's additions, read once per request."""
    cache = g.setdefault("game_titles", {})
    if event.id not in cache:
        cache[event.id] = game_catalogue.event_title(event)
    return cache[event.id]


def _entry(kind: str, value, title):
    if not value:
        return None
    found = (title.character(value) if kind == "characters" else title.stage(value)) if title else None
    return found or games.shipped_entry(kind, value)  # no event at hand: any shipped title


def char_label(value, title=None) -> str:
    """A stored character in the reader's language (a side's characters in order, each so); free text as typed."""
    parts = team(value or "")
    if len(parts) > 1:
        return TEAM_SEPARATOR.join(char_label(part, title) for part in parts)
    entry = _entry("characters", value, title or None)
    return entry.name(lang()) if entry else (value or "")


def stage_label(value, title=None) -> str:
    """A stored stage in the reader's language; free text as typed."""
    entry = _entry("stages", value, title or None)
    return entry.name(lang()) if entry else (value or "")


def char_search(value, title=None) -> str:
    """What finds a character in the roster's search: both names and the reading."""
    entry = _entry("characters", value, title or None)
    return " ".join(entry.names()) if entry else (value or "")


def game_name(event) -> str:
    """The event's game in the reader's language (an old row's unknown free text as typed)."""
    title = event_title(event)
    if title.key == games.OTHER and (event.game or "").strip() not in ("", games.OTHER):
        # a desk title on a public site that mirrors the event, or an old row's unknown name
        return (event.settings or {}).get("game_names", {}).get(lang()) or event.game
    return title.title(lang())


def game_choices() -> list[tuple[str, str]]:
    """The catalogue for a select as (key, name in the reader's language), "other game" last."""
    return [(t.key, t.title(lang())) for t in games.choices(lang(), game_catalogue.all_titles())]


def character_list(event) -> list[str]:
    """The values of the event's roster, in あいうえお order (Japanese pages) or by English name."""
    title = event_title(event)
    values = title.character_values()
    return values if lang() == "ja" else sorted(values, key=lambda v: title.character(v).en.casefold())


def stage_list(event) -> list[str]:
    """The values of the event's stages, in the title's order."""
    return event_title(event).stage_values()
