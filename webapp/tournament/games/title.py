"""A game title as data: its names, usual rules, characters and stages (one TOML file each)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from webapp.tournament.stage_striking import StrikeRules
from webapp.tournament.textsearch import fold

DOUBLE_KO = ("replayed", "no_round", "impossible")
SCORES = ("rounds", "stocks")  # what a game's score counts: rounds (characters beaten) or stocks left
STAGE_PROCEDURES = ("", "none", "agreement", "random", "loser_picks", "striking")  # "": the preset's own
CHARACTER_RULES = ("", "free", "loser_changes", "locked", "double_blind", "double_blind_free")
DSR_CLAUSES = ("off", "dsr", "modified")


@dataclass(frozen=True)
class StageRules:
    """A usual local stage rule set of a title (starters struck in order, counterpicks, bans, DSR),
    its stages named by their keys in the title's stage list."""
    key: str
    name_ja: str
    name_en: str
    starters: tuple[str, ...]
    counterpicks: tuple[str, ...] = ()
    strike_order: tuple[int, ...] = (1, 2, 1)
    bans: int = 2
    dsr: str = "dsr"

    def name(self, lang: str) -> str:
        """Its name in a page language."""
        return self.name_ja if lang.startswith("ja") else self.name_en

    def strike(self, value=None) -> StrikeRules:
        """As the striking rules, each stage named by ``value`` (key -> stored value), else by its key."""
        names = value or {}
        return StrikeRules(tuple(names.get(k, k) for k in self.starters),
                           tuple(names.get(k, k) for k in self.counterpicks), self.strike_order, self.bans, self.dsr)


@dataclass(frozen=True)
class Entry:
    """A character or a stage: a stable ascii key, its names in both languages and a reading."""
    key: str
    en: str
    ja: str
    kana: str = ""
    startgg_id: int | None = None
    tsh: str = ""  # TournamentStreamHelper's asset key for it ("" when its assets have none)

    def name(self, lang: str) -> str:
        """The name in a page language ("ja..." gets Japanese, anything else English)."""
        return self.ja if lang.startswith("ja") else self.en

    def names(self) -> tuple[str, ...]:
        """Everything that names it: what an entry may have stored, what a person may type."""
        return tuple(n for n in (self.ja, self.en, self.key, self.kana) if n)


@dataclass(frozen=True)
class Title:
    """One game of the catalogue; ``name`` is its key (the registry's convention)."""
    name: str
    name_ja: str
    name_en: str
    aliases: tuple[str, ...] = ()
    startgg_id: int | None = None
    rounds_to_win: int = 2
    stage_choice: bool = False
    side_choice: bool = False
    double_ko: str = "replayed"
    minutes_per_set: int = 12
    team_modes: tuple[str, ...] = ("1on1",)
    characters: tuple[Entry, ...] = field(default=())
    stages: tuple[Entry, ...] = field(default=())
    custom: bool = False  # added from the desk, not shipped
    tsh_game: str = ""    # TournamentStreamHelper's codename (StreamHelperAssets' games/<codename>), "" if none
    # The game's own shape (issue #40): what the score counts, characters per side and whether their
    # order matters, whether 1P/2P sides exist, how stages are chosen, the usual character rule.
    score: str = "rounds"
    stocks: int = 0               # stocks per player ("stocks" scores)
    time_minutes: int = 0         # a game's time limit (0: the game's own)
    characters_per_side: int = 1  # KOF XV: 3, 2XKO: 2
    character_order: bool = False  # the characters' order is part of the pick (KOF XV)
    sides: bool = True            # 1P/2P exists (not in Smash, where ports are no side)
    stage_procedure: str = ""     # "" keeps the preset's; "striking" uses stage_rules
    character_rule: str = ""      # "" keeps the preset's
    stage_rules: tuple[StageRules, ...] = ()  # usual local stage lists, the first the default

    @property
    def key(self) -> str:
        """The catalogue key (the file name without .toml)."""
        return self.name

    def title(self, lang: str) -> str:
        """The title's name in a page language."""
        return self.name_ja if lang.startswith("ja") else self.name_en

    def character(self, value: str | None) -> Entry | None:
        """The character a stored or typed value names (key, either name or reading), if any."""
        return _find(self.characters, value)

    def stage(self, value: str | None) -> Entry | None:
        """The stage a stored or typed value names, if any."""
        return _find(self.stages, value)

    def character_values(self) -> list[str]:
        """What an entry stores for each character, in あいうえお order (the Japanese name, as today)."""
        return [c.ja for c in kana_order(self.characters)]

    def stage_values(self) -> list[str]:
        """What an entry stores for each stage (the English name, as today), in the file's order."""
        return [s.en for s in self.stages]

    def strike_rules(self, preset: str = "") -> StrikeRules | None:
        """A stage rule set (the first one by default) with each stage as entries store it (its English name)."""
        first = self.stage_rules[0] if self.stage_rules else None
        chosen = next((r for r in self.stage_rules if r.key == preset), first)
        if chosen is None:
            return None
        return chosen.strike({s.key: s.en for s in self.stages})

    def with_entries(self, characters=(), stages=()) -> Title:
        """This title with characters and stages added or replaced by key (the desk's additions)."""
        return replace(self, characters=_merge(self.characters, characters), stages=_merge(self.stages, stages))


def _find(entries, value) -> Entry | None:
    if not value:
        return None
    exact = next((e for e in entries if value in (e.ja, e.en, e.key)), None)
    if exact is not None:
        return exact
    folded = fold(value)
    return next((e for e in entries if folded in {fold(n) for n in e.names()}), None)


def _merge(base: tuple, extra) -> tuple:
    by_key = {e.key: e for e in base}
    added = []
    for entry in extra:
        if entry.key in by_key:
            by_key[entry.key] = entry
        else:
            added.append(entry)
    return tuple(by_key[e.key] for e in base) + tuple(added)


def search(entries, query: str) -> list[Entry]:
    """The entries whose names or reading contain what is typed (kana, width and case folded)."""
    from webapp.tournament.textsearch import matches
    return [e for e in entries if matches(query, *e.names())]


def kana_order(entries) -> list[Entry]:
    """The entries in あいうえお order of their readings."""
    return sorted(entries, key=lambda e: (reading_key(e.kana or fold(e.ja)), e.ja))


_VOWEL_ROWS = {"あ": "あかさたなはまやらわがざだばぱぁゃゎ", "い": "いきしちにひみりぎじぢびぴぃ",
               "う": "うくすつぬふむゆるぐずづぶぷぅゅゔっ", "え": "えけせてねへめれげぜでべぺぇ",
               "お": "おこそとのほもよろをごぞどぼぽぉょ"}
_VOWEL = {kana: vowel for vowel, row in _VOWEL_ROWS.items() for kana in row}


def reading_key(kana: str) -> str:
    """A reading as a dictionary sorts it: the long-vowel mark counts as the vowel it lengthens
    (アーマーキング sorts as ああまあきんぐ, before アンナ)."""
    out = []
    for ch in fold(kana):
        out.append(_VOWEL.get(out[-1], ch) if ch == "ー" and out else ch)
    return "".join(out)
