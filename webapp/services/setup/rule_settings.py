"""The organiser's match rules as the desk sends them: a marshmallow schema, then saving.

``RuleSettingsSchema`` checks the JSON kept in ``event.settings["rules"]`` and
``phase.play_options["rules"]`` (every key optional: a phase overrides only what it sets);
the domain builds the RuleSet from it (tournament/rulesets/build.py). Rules change only
before play: a phase with games entered keeps the rules its games were played by.
"""
import itertools

from marshmallow import Schema, ValidationError, fields, post_load, validate

from ...tournament.errors import N_
from ...tournament.rulesets import RULESETS
from ...tournament.rulesets.build import (
    BEST_OF,
    DOUBLE_KO,
    EFFECTS,
    SCORE_UNITS,
    SIDE_RULES,
    STAGE_RULES,
    build_rules,
    foreign_effects,
)
from ...tournament.rulesets.characters import CHARACTER_RULES
from ...tournament.stage_striking import DSR
from .. import ServiceError
from ..accounts import audit
from . import game_catalogue, setup_checks
from .rule_changes import RuleChange, keep_begun
from .rules import event_settings, preset_for, rules_for

# A preset's own penalty effects may be kept when its list is saved from the form.
ALL_EFFECTS = (*EFFECTS, "second_mistake_game", "first_player_lost", "member_out", "team_out", "void_win")


class PenaltySchema(Schema):
    """One penalty: its name as the organiser typed it and its effect (the key is given if missing)."""

    key = fields.String(load_default="", validate=validate.Length(max=40))
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    effect = fields.String(required=True, validate=validate.OneOf(ALL_EFFECTS))


class StrikingSchema(Schema):
    """Stage striking: the starters struck for game 1 in the strike order, counterpicks, bans, the stage clause."""

    starters = fields.List(fields.String(validate=validate.Length(min=1, max=60)), required=True,
                           validate=validate.Length(min=2, max=15))
    counterpicks = fields.List(fields.String(validate=validate.Length(min=1, max=60)), load_default=list,
                               validate=validate.Length(max=15))
    strike_order = fields.List(fields.Integer(validate=validate.Range(min=1, max=5)), required=True,
                               validate=validate.Length(min=1, max=14))
    bans = fields.Integer(required=True, validate=validate.Range(min=0, max=5))
    dsr = fields.String(required=True, validate=validate.OneOf(tuple(DSR)))


class RuleSettingsSchema(Schema):
    """An event's or a phase's match-rule settings; every key optional (a phase overrides what it sets)."""

    rounds_to_win = fields.Integer(validate=validate.Range(min=1, max=5))
    best_of = fields.List(fields.Integer(validate=validate.OneOf(BEST_OF)), validate=validate.Length(min=1))
    character_rule = fields.String(validate=validate.OneOf(tuple(CHARACTER_RULES)))
    stage_rule = fields.String(validate=validate.OneOf(tuple(STAGE_RULES)))
    side_rule = fields.String(validate=validate.OneOf(tuple(SIDE_RULES)))
    double_ko = fields.String(validate=validate.OneOf(tuple(DOUBLE_KO)))
    penalties = fields.List(fields.Nested(PenaltySchema), validate=validate.Length(max=20))
    entry_fee_yen = fields.Integer(validate=validate.Range(min=0, max=1_000_000))
    categories = fields.List(fields.String(validate=validate.Length(min=1, max=40)), validate=validate.Length(max=10))
    decider = fields.Boolean()
    hidden_order = fields.Boolean()
    substitutes = fields.Integer(validate=validate.Range(min=0, max=3))
    score = fields.String(validate=validate.OneOf(tuple(SCORE_UNITS)))
    stocks = fields.Integer(validate=validate.Range(min=0, max=5))
    time_minutes = fields.Integer(validate=validate.Range(min=0, max=99))
    characters_per_side = fields.Integer(validate=validate.Range(min=1, max=3))
    character_order = fields.Boolean()
    sides = fields.Boolean()
    stage_striking = fields.Nested(StrikingSchema, allow_none=True)

    @post_load
    def _keys(self, data, **_kw):
        """Each penalty gets a stable key (the operation log names penalties by it)."""
        taken = {p["key"] for p in data.get("penalties", ()) if p["key"]}
        n = 0
        for item in data.get("penalties", ()):
            while not item["key"]:
                n += 1
                item["key"] = f"p{n}" if f"p{n}" not in taken else ""
        return data


# Each setting as the form's reader calls it (a refusal never shows the field's key).
FIELD_WORDS = {"rounds_to_win": N_("rounds per game"), "best_of": N_("games per match"),
               "character_rule": N_("character rule"), "stage_rule": N_("stage rule"),
               "side_rule": N_("side rule"), "double_ko": N_("double K.O."), "penalties": N_("penalties"),
               "entry_fee_yen": N_("entry fee"), "categories": N_("categories"),
               "decider": N_("decider"), "hidden_order": N_("hidden order"), "substitutes": N_("substitutes"),
               "score": N_("score"), "stocks": N_("stocks"), "time_minutes": N_("time limit"),
               "characters_per_side": N_("characters per side"), "character_order": N_("character order"),
               "sides": N_("sides"), "stage_striking": N_("stage striking")}


def load_settings(settings: dict) -> dict:
    """The settings checked by the schema; a refusal names the setting in words."""
    try:
        return RuleSettingsSchema().load(settings)
    except ValidationError as problem:
        field = next(iter(problem.normalized_messages()), "")
        raise ServiceError("rules.invalid", N_("Check the rules: the %(field)s cannot be used as entered."),
                           field=FIELD_WORDS.get(field, N_("setting"))) from problem


def save_event_rules(event, preset: str, settings: dict, user=None) -> RuleChange:
    """Set the event's preset and settings, after checking every phase still fits them; a started phase's
    begun matches keep the rules they began with (what the change reaches comes back)."""
    settings = load_settings(settings)
    preset = preset or preset_for(event)
    if preset not in RULESETS:
        raise ServiceError("rules.preset", N_("Choose the event's rules from the list."))
    setup_checks.check_event(event.entrant_kind, event.team_size, preset)
    _check_penalties_fit(event, settings, event_settings(event))
    team_size = event.team_size if event.entrant_kind == "team" else 0
    rules = build_rules(preset, {}, settings, team_size=team_size)
    for phase in event.phases:
        setup_checks.check_phase(event, phase.match_type, phase.best_of, rules)
    change = keep_begun(event, event.phases)
    event.ruleset = preset
    event.settings = {**(event.settings or {}), "rules": settings}
    audit.record("rules.event", user, event.id, preset=preset, settings=settings)
    return change


def save_phase_rules(phase, settings: dict, user=None) -> RuleChange:
    """Set a phase's overrides of the event's settings, after checking the phase fits them; begun matches
    keep the rules they began with."""
    settings = load_settings(settings)
    event = phase.event
    team_size = event.team_size if event.entrant_kind == "team" else 0
    _check_penalties_fit(event, settings, event_settings(event))
    rules = build_rules(preset_for(event), {}, event_settings(event), settings, team_size=team_size)
    setup_checks.check_phase(event, phase.match_type, phase.best_of, rules)
    change = keep_begun(event, [phase])
    phase.play_options = {**(phase.play_options or {}), "rules": settings}
    audit.record("rules.phase", user, event.id, phase=phase.id, settings=settings)
    return change


# What a penalty list cannot hold in a game whose score counts the other thing, in words.
_FOREIGN = {"stocks": N_("This game counts stocks and has no rounds: a penalty cannot give a round. Choose "
                         "a stock, the game or the match as its effect."),
            "rounds": N_("This game counts rounds, not stocks: a penalty cannot take a stock. Choose a round, "
                         "the game or the match as its effect.")}


def _check_penalties_fit(event, settings: dict, *under: dict) -> None:
    """The penalties follow the game's shape: no round to give where the score counts stocks (Smash)."""
    title = game_catalogue.rule_defaults(event.game)
    score = next((layer["score"] for layer in (settings, *under) if layer.get("score")), title.get("score") or "rounds")
    if foreign_effects(settings.get("penalties"), score):
        raise ServiceError("rules.penalty_shape", _FOREIGN[score])


def form_settings(form, phase: bool = False, title=None) -> dict:
    """The rules page's fields as settings: blank fields are left out (a phase inherits them)."""
    out = _striking_fields(form, title)
    for name in ("rounds_to_win", "entry_fee_yen", "substitutes", "stocks", "time_minutes"):
        if form.get(name, "").strip():
            out[name] = form.get(name).strip()
    for name in ("character_rule", "stage_rule", "side_rule", "double_ko"):
        if form.get(name):
            out[name] = form.get(name)
    if form.getlist("best_of"):
        out["best_of"] = form.getlist("best_of")
    for name in ("decider", "hidden_order"):
        if form.get(name) in ("on", "off"):
            out[name] = form.get(name) == "on"
    if not phase or form.get("penalties_set"):
        out["penalties"] = _penalties(form)
    return out


def _striking_fields(form, title) -> dict:
    """The stage list chosen among the title's usual ones, with the bans and stage clause as set."""
    key = form.get("stage_list", "")
    if not key or title is None or key not in {r.key for r in title.stage_rules}:
        return {}
    chosen = title.strike_rules(key).as_settings()
    if form.get("bans", "").isdigit():
        chosen["bans"] = int(form.get("bans"))
    if form.get("dsr"):
        chosen["dsr"] = form.get("dsr")
    return {"stage_striking": chosen}


def stage_list_of(title, striking: dict | None) -> str:
    """Which of the title's usual stage lists the rules use (by their stages), "" when none of them."""
    for rules in title.stage_rules:
        listed = title.strike_rules(rules.key)
        if striking and (list(listed.starters), list(listed.counterpicks)) == (
                striking["starters"], striking["counterpicks"]):
            return rules.key
    return ""


def _penalties(form) -> list[dict]:
    """Penalty rows (name, effect, key) with a name; a blank row adds nothing."""
    names, effects, keys = form.getlist("penalty_name"), form.getlist("penalty_effect"), form.getlist("penalty_key")
    keys = keys + [""] * (len(names) - len(keys))
    names = [_as_stored(n.strip(), m, s) for n, m, s in
             itertools.zip_longest(names, form.getlist("penalty_msgid"), form.getlist("penalty_shown"), fillvalue="")]
    rows = zip(names, effects, keys, strict=False)
    return [{"key": k, "name": n, "effect": e} for n, e, k in rows if n]


def _as_stored(name: str, msgid: str, shown: str) -> str:
    """A name the desk left as the page showed it keeps its translatable wording (an English page
    then reads it in English); a name typed anew is kept as typed."""
    return msgid if name and msgid and name == shown.strip() else name


def current_settings(event, phase=None) -> dict:
    """What the rules page shows: the built values in force."""
    from ...tournament.rulesets.build import settings_of
    return settings_of(rules_for(event, phase))
