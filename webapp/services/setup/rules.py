"""An event's match rules: its preset and settings built into the RuleSet its matches play by.

The settings live as JSON: ``event.settings["rules"]`` for the event and
``phase.play_options["rules"]`` for a phase's overrides; the preset is ``event.ruleset``.
Built rules are kept per process by (event, preset, team size, settings), so the entry path
builds them once, not per entry. The game title's usual rules come first under a standard preset (a seed
preset is its event's regulation and keeps its own). A match begun before the desk changed a started
phase's rules keeps the rules it began with (``kept_rules``).
"""
from ... import json_text
from ...lru import LRU
from ...tournament.rulesets import RULESETS, RuleSet
from ...tournament.rulesets.build import build_rules
from . import game_catalogue

STANDARD = {"player": "standard_1on1", "team": "standard_team"}
_BUILT = LRU(512)  # read and written by every request's thread: the one locked cache (webapp/lru.py)


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
    return _built(event, preset_for(event), event_settings(event), phase_settings(phase))


def kept_rules(phase) -> dict:
    """Match id (as text) -> the rules a match begun before a change of rules keeps: {preset, event, phase}."""
    return dict((phase.play_options or {}).get("kept_rules") or {}) if phase is not None else {}


def rules_for_match(match) -> RuleSet:
    """The RuleSet a match plays by: its phase's, or those it began with when the desk changed them since."""
    phase = match.bracket.phase
    kept = kept_rules(phase).get(str(match.id))
    if kept is None:
        return rules_for(phase.event, phase)
    return _built(phase.event, kept["preset"], kept["event"], kept["phase"])


def _built(event, preset: str, event_layer: dict, phase_layer: dict) -> RuleSet:
    title = game_catalogue.rule_defaults(event.game) if preset in STANDARD.values() else {}
    layers = (title, event_layer, phase_layer)
    team_size = event.team_size if event.entrant_kind == "team" else 0
    key = (event.id, preset, team_size, json_text.key_of(layers))
    built = _BUILT.get(key)
    if built is None:
        built = build_rules(preset, *layers, team_size=team_size)
        _BUILT.put(key, built)
    return built


def entry_fee(event) -> int:
    """Yen an entrant pays at the door under the event's rules (0: nothing is charged)."""
    return rules_for(event).entry_fee_yen
