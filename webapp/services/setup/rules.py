"""An event's match rules: its preset and settings built into the RuleSet its matches play by.

The settings live as JSON: ``event.settings["rules"]`` for the event and
``phase.play_options["rules"]`` for a phase's overrides; the preset is ``event.ruleset``.
Built rules are kept per process by (event, preset, team size, settings), so the entry path
builds them once, not per entry.
"""
import json
from collections import OrderedDict

from ...tournament.rulesets import RULESETS, RuleSet
from ...tournament.rulesets.build import build_rules
from . import game_catalogue

STANDARD = {"player": "standard_1on1", "team": "standard_team"}
_BUILT: OrderedDict = OrderedDict()
_BUILT_SIZE = 512


def _title_defaults(event) -> dict:
    """The event's game title's usual rules ({rounds_to_win, stage_choice, side_choice, double_ko})
    under a standard preset; a seed preset is its event's regulation and keeps its own."""
    if preset_for(event) not in STANDARD.values():
        return {}
    return game_catalogue.rule_defaults(event.game)


def preset_for(event) -> str:
    """The event's preset: its registered rule set, or the standard one for its kind of entrant."""
    if event.ruleset in RULESETS:
        return event.ruleset
    return STANDARD.get(event.entrant_kind, "standard_1on1")


def event_settings(event) -> dict:
    """The organiser's settings for the whole event."""
    return dict((event.settings or {}).get("rules") or {})


def phase_settings(phase) -> dict:
    """A phase's overrides of the event's settings."""
    return dict((phase.play_options or {}).get("rules") or {}) if phase is not None else {}


def rules_for(event, phase=None) -> RuleSet:
    """The RuleSet a match of ``phase`` (or of the event, without one) plays by."""
    layers = (_title_defaults(event), event_settings(event), phase_settings(phase))
    team_size = event.team_size if event.entrant_kind == "team" else 0
    preset = preset_for(event)
    key = (event.id, preset, team_size, json.dumps(layers, sort_keys=True, ensure_ascii=False))
    built = _BUILT.get(key)
    if built is None:
        built = _BUILT[key] = build_rules(preset, *layers, team_size=team_size)
        if len(_BUILT) > _BUILT_SIZE:
            _BUILT.popitem(last=False)
    return built


def entry_fee(event) -> int:
    """Yen an entrant pays at the door under the event's rules (0: nothing is charged)."""
    return rules_for(event).entry_fee_yen
