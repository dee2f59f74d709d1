"""The title file's schema: what every ``data/<key>.toml`` must hold, checked before it is used."""
from __future__ import annotations

from webapp.tournament.games.title import (
    CHARACTER_RULES,
    DOUBLE_KO,
    DSR_CLAUSES,
    SCORES,
    STAGE_PROCEDURES,
    Entry,
    StageRules,
    Title,
)

REQUIRED = {"key": str, "name_ja": str, "name_en": str, "rounds_to_win": int, "stage_choice": bool,
            "side_choice": bool, "double_ko": str, "minutes_per_set": int}
OPTIONAL = {"aliases": list, "startgg_id": int, "team_modes": list, "characters": list, "stages": list, "tsh_game": str,
            "score": str, "stocks": int, "time_minutes": int, "characters_per_side": int, "character_order": bool,
            "sides": bool, "stage_procedure": str, "character_rule": str, "stage_rules": list}
STAGE_RULES_FIELDS = {"key": str, "name_ja": str, "name_en": str, "starters": list, "counterpicks": list,
                      "strike_order": list, "bans": int, "dsr": str}
ENTRY_REQUIRED = ("key", "en", "ja")


def is_hiragana(text: str) -> bool:
    """A reading: hiragana and the long-vowel mark only (what あいうえお order sorts by)."""
    return bool(text) and all("\u3041" <= ch <= "\u3096" or ch == "ー" for ch in text)


def problems(data: dict, file_key: str | None = None) -> list[str]:
    """Everything wrong with one title's data (empty when it is usable)."""
    found = [f"{name}: missing or not {kind.__name__}" for name, kind in REQUIRED.items()
             if not isinstance(data.get(name), kind) or (kind is int and isinstance(data.get(name), bool))]
    found += [f"{name}: not {kind.__name__}" for name, kind in OPTIONAL.items()
              if name in data and not isinstance(data[name], kind)]
    found += [f"unknown field {name}" for name in data if name not in REQUIRED and name not in OPTIONAL]
    if found:
        return found
    if file_key is not None and data["key"] != file_key:
        found.append(f"key {data['key']} is not the file name {file_key}")
    if not data["name_ja"].strip() or not data["name_en"].strip():
        found.append("name_ja and name_en may not be empty")
    if not 1 <= data["rounds_to_win"] <= 5:
        found.append("rounds_to_win: 1 to 5")
    if data["double_ko"] not in DOUBLE_KO:
        found.append(f"double_ko: one of {', '.join(DOUBLE_KO)}")
    found += _entry_problems(data.get("characters", []), "characters", reading=True)
    found += _entry_problems(data.get("stages", []), "stages", reading=False)
    return found + _shape_problems(data)


def _shape_problems(data: dict) -> list[str]:
    """The game's shape: known values, stocks for a stock score, stage rule sets naming the title's stages."""
    found = []
    for name, allowed in (("score", SCORES), ("stage_procedure", STAGE_PROCEDURES),
                          ("character_rule", CHARACTER_RULES)):
        if name in data and data[name] not in allowed:
            found.append(f"{name}: one of {', '.join(a for a in allowed if a)}")
    if data.get("score") == "stocks" and not 1 <= data.get("stocks", 0) <= 5:
        found.append("stocks: 1 to 5 for a stock score")
    if not 1 <= data.get("characters_per_side", 1) <= 3:
        found.append("characters_per_side: 1 to 3")
    if data.get("stage_procedure") == "striking" and not data.get("stage_rules"):
        found.append("stage_rules: striking needs at least one stage rule set")
    stage_keys = {row.get("key") for row in data.get("stages", []) if isinstance(row, dict)}
    for i, row in enumerate(data.get("stage_rules", [])):
        found += [f"stage_rules[{i}]: {p}" for p in _stage_rules_problems(row, stage_keys)]
    return found


def _stage_rules_problems(row, stage_keys: set) -> list[str]:
    if not isinstance(row, dict) or any(not isinstance(row.get(k), t) for k, t in STAGE_RULES_FIELDS.items()):
        return [f"{', '.join(STAGE_RULES_FIELDS)} are required"]
    found = [f"{k} is not one of the title's stages" for k in (*row["starters"], *row["counterpicks"])
             if k not in stage_keys]
    if row["dsr"] not in DSR_CLAUSES:
        found.append(f"dsr: one of {', '.join(DSR_CLAUSES)}")
    found += [f"not playable: {p}" for p in stage_rules(row).strike().problems(5)]
    return found


def stage_rules(row: dict) -> StageRules:
    """A stage rule set row as StageRules."""
    return StageRules(key=row["key"], name_ja=row["name_ja"], name_en=row["name_en"],
                      starters=tuple(row["starters"]), counterpicks=tuple(row["counterpicks"]),
                      strike_order=tuple(row["strike_order"]), bans=row["bans"], dsr=row["dsr"])


def _entry_problems(rows: list, kind: str, reading: bool) -> list[str]:
    found = []
    for i, row in enumerate(rows):
        where = f"{kind}[{i}] {row.get('key', '?') if isinstance(row, dict) else '?'}"
        if not isinstance(row, dict) or any(not str(row.get(k, "")).strip() for k in ENTRY_REQUIRED):
            found.append(f"{where}: key, en and ja are required")
            continue
        if not row["key"].isascii():
            found.append(f"{where}: the key is ascii")
        if reading and not is_hiragana(row.get("kana", "")):
            found.append(f"{where}: kana must be hiragana")
        if not isinstance(row.get("tsh", ""), str):
            found.append(f"{where}: tsh is TournamentStreamHelper's name for it, a text")
    for name in ("key", "en", "ja"):
        values = [row.get(name) for row in rows if isinstance(row, dict)]
        found += [f"{kind}: {name} {v} twice" for v in sorted({v for v in values if values.count(v) > 1})]
    return found


def entry(row: dict) -> Entry:
    """A character or stage row as an Entry."""
    return Entry(key=row["key"], en=row["en"], ja=row["ja"], kana=row.get("kana", ""),
                 startgg_id=row.get("startgg_id"), tsh=row.get("tsh", ""))


def title(data: dict, custom: bool = False) -> Title:
    """A validated file's data as a Title."""
    return Title(name=data["key"], name_ja=data["name_ja"], name_en=data["name_en"],
                 aliases=tuple(data.get("aliases", ())), startgg_id=data.get("startgg_id"),
                 rounds_to_win=data["rounds_to_win"], stage_choice=data["stage_choice"],
                 side_choice=data["side_choice"], double_ko=data["double_ko"],
                 minutes_per_set=data["minutes_per_set"], team_modes=tuple(data.get("team_modes", ("1on1",))),
                 characters=tuple(entry(r) for r in data.get("characters", ())),
                 stages=tuple(entry(r) for r in data.get("stages", ())), custom=custom,
                 tsh_game=data.get("tsh_game", ""), **shape(data))


def shape(data: dict) -> dict:
    """The game's shape fields of a title's data (the Title's defaults where a file says nothing)."""
    fields = ("score", "stocks", "time_minutes", "characters_per_side", "character_order", "sides",
              "stage_procedure", "character_rule")
    out = {name: data[name] for name in fields if name in data}
    out["stage_rules"] = tuple(stage_rules(r) for r in data.get("stage_rules", ()))
    return out
