"""Match rules as data: an event's settings built into the ``RuleSet`` the engine plays by.

Layers, each over the one before: a preset (a registered rule set: ``standard_1on1``,
``standard_team``, ``kgp2025``...), the game title's usual rules, the event's settings, the
phase's. The settings are plain JSON (the service's schema checks them first); a preset keeps
its own extras (KGP's prohibited acts and reception, Tekken's blind select and roll call)
except where a setting replaces them. With nothing to change the preset itself comes back.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.rulesets.base import RuleSet, get_ruleset
from webapp.tournament.rulesets.characters import CHARACTER_RULES, hooks
from webapp.tournament.rulesets.standard import PENALTIES, STOCK_PENALTIES, STOCK_PENALTY_NAMES
from webapp.tournament.stage_striking import StrikeRules

STAGE_RULES = {"none": N_("No stage choice"), "agreement": N_("Stage by agreement"),
               "loser_picks": N_("The previous game's loser picks the stage"),
               "random": N_("Random stage"),
               "striking": N_("Starters struck for game 1; then the winner bans and the loser picks"),
               "toss_then_loser": N_("Toss winner, then the previous game's loser picks the stage")}
SIDE_RULES = {"agreement": N_("Side by agreement"),
              "loser_picks": N_("The previous game's loser picks the side"),
              "random": N_("Random side"), "toss_fixed": N_("The toss decides the side for the match")}
DOUBLE_KO = {"replayed": N_("A double K.O. at the deciding round: the game is replayed"),
             "nobody": N_("A double K.O. round goes to nobody"),
             "impossible": N_("No double K.O. in this game")}
EFFECTS = {"round": N_("the opponent takes the round"), "game": N_("the opponent takes the game"),
           "match": N_("the opponent takes the match"), "dq_match": N_("disqualified for the match"),
           "dq_day": N_("disqualified for the day"),
           "round_then_match": N_("a round; a second act in the match loses the match"),
           "stock": N_("the offender loses a stock")}
# What a game's score has no place for: no round to give in a stock game, no stock in a round game.
_NOT_IN = {"stocks": ("round", "round_then_match"), "rounds": ("stock",)}
BEST_OF = (1, 3, 5, 7)
TEAM_SIZES = range(2, 8)
SCORE_UNITS = {"rounds": N_("rounds"), "stocks": N_("stocks")}
SETTINGS = ("rounds_to_win", "best_of", "character_rule", "stage_rule", "side_rule", "double_ko",
            "penalties", "entry_fee_yen", "categories", "decider", "hidden_order", "substitutes",
            "score", "stocks", "time_minutes", "characters_per_side", "character_order", "sides", "stage_striking")


def _bad(name: str):
    return RuleViolation("rules.bad_setting", N_("The rule setting %(name)s has a value taikai "
                                                 "cannot use"), name=name)


def _rounds(v, base):
    if not isinstance(v, int) or not 1 <= v <= 5:
        raise _bad(N_("rounds per game"))
    return {"rounds_to_win": v}


def _best_of(v, base):
    allowed = tuple(sorted(set(v))) if isinstance(v, (list, tuple)) else ()
    if not allowed or not set(allowed) <= set(BEST_OF):
        raise _bad(N_("games per match"))
    default = 3 if 3 in allowed else allowed[0]
    return {"best_of": allowed, "best_of_by_phase": {"default": default}}


def _character(v, base):
    if v not in CHARACTER_RULES:
        raise _bad(N_("character rule"))
    return {} if v == base.character_rule else hooks(v)


def _choice(table, field, words):
    def make(v, base):
        if v not in table:
            raise _bad(words)
        return {field: v}
    return make


def _double_ko(v, base):
    if v not in DOUBLE_KO:
        raise _bad(N_("double K.O."))
    return {"double_ko": v == "replayed", "double_ko_rule": v}


def effects_for(score: str) -> dict:
    """The penalty effects a game whose score counts ``score`` ("rounds" or "stocks") can have."""
    return {k: words for k, words in EFFECTS.items() if k not in _NOT_IN.get(score, ())}


def foreign_effects(penalties, score: str) -> list[str]:
    """The effects of a penalty list ([{key, name, effect}]) a game counting ``score`` has no place for."""
    return [p.get("effect") for p in penalties or () if p.get("effect") in _NOT_IN.get(score, ())]


def _penalties(v, base):
    """[{key, name, effect}] -> the kinds, their names and which last the day."""
    if not isinstance(v, (list, tuple)):
        raise _bad(N_("penalties"))
    kinds, names = {}, {}
    for item in v:
        key, effect = item.get("key"), item.get("effect")
        known = effect in EFFECTS or base.penalties.get(key) == effect  # a preset's own kind
        if not key or not known or key in kinds:
            raise _bad(N_("penalties"))
        kinds[key], names[key] = effect, item.get("name") or EFFECTS[effect]
    day = {k: N_("a disqualification for the whole day") for k, e in kinds.items() if e == "dq_day"}
    acts = base.acts if kinds.get("prohibited_act") == "round_then_match" else {}
    return {"penalties": kinds, "penalty_names": names, "day_long": day, "acts": acts}


def _number(field, low, high, words):
    def make(v, base):
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise _bad(words)
        return {field: v}
    return make


def _flag(field):
    return lambda v, base: {field: bool(v)}


def _score(v, base):
    if v not in SCORE_UNITS:
        raise _bad(N_("score"))
    return {"score_unit": v}


def _striking(v, base):
    """{starters, counterpicks, strike_order, bans, dsr} -> the StrikeRules; a list it cannot play is refused."""
    if v is None:
        return {"stage_striking": None}
    try:
        rules = StrikeRules(tuple(v["starters"]), tuple(v.get("counterpicks", ())), tuple(v["strike_order"]),
                            v["bans"], v["dsr"])
    except (KeyError, TypeError):
        raise _bad(N_("stage striking")) from None
    if rules.problems(max(base.best_of or (1,))):
        raise _bad(N_("stage striking"))
    return {"stage_striking": rules}


_FIELDS = {"rounds_to_win": _rounds, "best_of": _best_of, "character_rule": _character,
           "stage_rule": _choice(STAGE_RULES, "stage_rule", N_("stage rule")),
           "side_rule": _choice(SIDE_RULES, "side_rule", N_("side rule")),
           "double_ko": _double_ko, "penalties": _penalties,
           "entry_fee_yen": _number("entry_fee_yen", 0, 1_000_000, N_("entry fee")),
           "categories": lambda v, base: {"categories": tuple(v or ())},
           "decider": _flag("decider"), "hidden_order": _flag("hidden_order"),
           "substitutes": _number("substitutes", 0, 3, N_("substitutes")),
           "score": _score, "stocks": _number("stocks", 0, 5, N_("stocks")),
           "time_minutes": _number("time_minutes", 0, 99, N_("time limit")),
           "characters_per_side": _number("characters_per_side", 1, 3, N_("characters per side")),
           "character_order": _flag("character_order"), "sides": _flag("sides"), "stage_striking": _striking}


def from_title(defaults: Mapping, base: RuleSet) -> dict:
    """The game title's usual rules as settings ({rounds_to_win, stage_choice, side_choice,
    double_ko}); a preset's own stage or side procedure stays where the title has a choice."""
    out = {}
    if isinstance(defaults.get("rounds_to_win"), int):
        out["rounds_to_win"] = defaults["rounds_to_win"]
    for key, field in (("stage_choice", "stage_rule"), ("side_choice", "side_rule")):
        value = defaults.get(key)
        if isinstance(value, str) and value:
            out[field] = value
        elif value is False and field == "stage_rule":
            out[field] = "none"
    ko = defaults.get("double_ko")
    if ko in DOUBLE_KO:
        out["double_ko"] = ko
    elif isinstance(ko, bool) and not ko and base.double_ko:
        out["double_ko"] = "nobody"
    return out | _title_shape(defaults, base)


# The shape a title gives; its character rule only under a standard preset (a seed preset's
# regulation names its own).
_SHAPE = ("score", "stocks", "time_minutes", "characters_per_side", "character_order", "sides", "stage_striking")


def _title_shape(defaults: Mapping, base: RuleSet) -> dict:
    out = {k: defaults[k] for k in _SHAPE if defaults.get(k) is not None and not (k == "stocks" and not defaults[k])}
    if defaults.get("character_rule") and base.name.startswith("standard_"):
        out["character_rule"] = defaults["character_rule"]
    if defaults.get("score") == "stocks" and base.penalties == PENALTIES:  # a standard preset's round list
        out["penalties"] = [{"key": k, "name": STOCK_PENALTY_NAMES[k], "effect": e} for k, e in STOCK_PENALTIES.items()]
    return out


def merged_settings(base: RuleSet, title: Mapping, *layers: Mapping) -> dict:
    """The settings in force: the title's, then each layer's (later ones win)."""
    merged = from_title(title or {}, base)
    for layer in layers:
        merged.update({k: v for k, v in (layer or {}).items() if k in SETTINGS and v is not None})
    return merged


def build_rules(preset: str, title: Mapping = None, *layers: Mapping, team_size: int = 0) -> RuleSet:
    """The RuleSet of ``preset`` with the title's defaults and each settings layer applied."""
    base = get_ruleset(preset)
    fields = {}
    for key, value in merged_settings(base, title, *layers).items():
        fields.update(_FIELDS[key](value, base))
    if team_size and team_size in TEAM_SIZES and team_size != base.team_size:
        fields["team_size"] = team_size
    changed = {k: v for k, v in fields.items() if getattr(base, k) != v}
    return replace(base, preset=base.name, **changed) if changed else base


def settings_of(rules: RuleSet) -> dict:
    """A rule set's values as settings (what the desk's form starts from)."""
    return {"rounds_to_win": rules.rounds_to_win, "best_of": list(rules.best_of),
            "character_rule": rules.character_rule, "stage_rule": rules.stage_rule,
            "side_rule": rules.side_rule, "double_ko": rules.double_ko_rule,
            "penalties": [{"key": k, "name": rules.penalty_names.get(k, ""), "effect": e}
                          for k, e in rules.penalties.items()],
            "entry_fee_yen": rules.entry_fee_yen, "categories": list(rules.categories),
            "decider": rules.decider, "hidden_order": rules.hidden_order,
            "substitutes": rules.substitutes, "score": rules.score_unit, "stocks": rules.stocks,
            "time_minutes": rules.time_minutes, "characters_per_side": rules.characters_per_side,
            "character_order": rules.character_order, "sides": rules.sides,
            "stage_striking": rules.stage_striking.as_settings() if rules.stage_striking else None}

