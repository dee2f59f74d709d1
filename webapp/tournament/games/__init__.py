"""The game catalogue: one TOML file per title in ``data/``, read through a registry.

Every game list, label and choice reads ``GAMES`` (and, for titles and characters added at the
desk, ``webapp.services.setup.game_catalogue``, which merges the database's additions over these).
A new title is one file in ``data/`` in the fixed format (``data/sf6.toml`` shows it); the
schema in ``schema.py`` and the tests check every shipped file.
"""
from __future__ import annotations

import tomllib
from importlib import resources

from webapp.tournament.games import schema
from webapp.tournament.games.title import DOUBLE_KO, Entry, Title, kana_order, search
from webapp.tournament.registry import Registry
from webapp.tournament.textsearch import fold

__all__ = ["DOUBLE_KO", "GAMES", "OTHER", "Entry", "Title", "choices", "get_title", "kana_order", "key_for_event",
           "resolve", "rule_defaults", "search", "shipped_entry", "title_name",
           "title_rules"]

GAMES = Registry("game")
OTHER = "other"  # the catalogue's "other game": no roster, no stages, free text only


def data_files() -> dict[str, str]:
    """The shipped files: key (file name without .toml) -> TOML text."""
    folder = resources.files(__name__).joinpath("data")
    return {f.name[:-5]: f.read_text(encoding="utf-8") for f in folder.iterdir() if f.name.endswith(".toml")}


def _load() -> None:
    for key, text in sorted(data_files().items()):
        data = tomllib.loads(text)
        wrong = schema.problems(data, key)
        if wrong:
            raise ValueError(f"games/data/{key}.toml: {'; '.join(wrong)}")
        GAMES.register(schema.title(data))


def get_title(key: str | None) -> Title:
    """The shipped title for a key; "other game" for an empty or unknown one."""
    return GAMES.get(key or "") or GAMES[OTHER]


def resolve(text: str | None, titles=None) -> str | None:
    """The catalogue key a free-text game name means ("Tekken 7", "鉄拳7" -> "tekken7"), or None."""
    if not text or not text.strip():
        return None
    pool = list(titles if titles is not None else GAMES.values())
    if text in {t.key for t in pool}:
        return text
    wanted = _squash(text)
    for t in pool:
        if wanted in {_squash(n) for n in (t.key, t.name_ja, t.name_en, *t.aliases)}:
            return t.key
    return None


def _squash(text: str) -> str:
    """Folded, without spaces and punctuation: "TEKKEN 7", "Tekken7" and "鉄拳７" alike."""
    return "".join(ch for ch in fold(text) if ch.isalnum())


def rule_defaults(game_key: str | None) -> dict:
    """The title's usual match rules, as the organiser's rule form starts from them."""
    return title_rules(get_title(game_key))


def title_rules(t: Title) -> dict:
    """A title's usual match rules and shape (rulesets/build.py from_title reads them)."""
    striking = t.strike_rules() if t.stage_procedure == "striking" else None
    return {"rounds_to_win": t.rounds_to_win, "stage_choice": t.stage_procedure or t.stage_choice,
            "side_choice": t.side_choice, "double_ko": t.double_ko, "score": t.score, "stocks": t.stocks,
            "time_minutes": t.time_minutes, "characters_per_side": t.characters_per_side,
            "character_order": t.character_order, "sides": t.sides, "character_rule": t.character_rule,
            "stage_striking": striking.as_settings() if striking else None}


def title_name(key: str | None, lang: str) -> str:
    """A title's name in a page language (the text itself for a key the catalogue lacks)."""
    t = GAMES.get(key or "")
    return t.title(lang) if t else (key or "")


def choices(lang: str, titles=None) -> list[Title]:
    """The titles for a select: by name in the reader's language, "other game" last."""
    pool = list(titles if titles is not None else GAMES.values())
    named = sorted((t for t in pool if t.key != OTHER), key=lambda t: fold(t.title(lang)))
    return named + [t for t in pool if t.key == OTHER]



_INDEX: dict = {}


def shipped_entry(kind: str, value: str | None) -> Entry | None:
    """The shipped character ("characters") or stage ("stages") a stored name means, in any title:
    the words for a value where the event is not at hand (a refusal's message)."""
    if not _INDEX:
        for name in ("characters", "stages"):
            index = _INDEX.setdefault(name, {})
            for t in GAMES.values():
                for entry in getattr(t, name):
                    index.setdefault(entry.ja, entry)
                    index.setdefault(entry.en, entry)
    return _INDEX[kind].get(value or "")


def key_for_event(game: str | None, ruleset: str = "", titles=None) -> str:
    """The catalogue key of an event: its game field when that is a key or a known name; for an
    event made before the catalogue with no game, the title its rule set was written for (as the
    roster was chosen then); else "other game"."""
    key = resolve(game, titles)
    if key:
        return key
    if not (game or "").strip():
        if "tekken" in (ruleset or "").lower():
            return "tekken7"
        if (ruleset or "").lower().startswith("kgp"):
            return "fatal_fury_cotw"
    return OTHER


_load()
