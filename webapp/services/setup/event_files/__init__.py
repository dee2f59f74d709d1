"""The event file: an event's setup as a readable TOML file, the presets shipped as such files,
creating an event from one, and copying an event (docs/event-files.md).

The interface: ``presets()``, ``preset_spec(key)``, ``parse(text)``, ``check(spec, text=None)``,
``create_event(spec, user=None, rows=None)``, ``dump(event)``, ``to_toml(spec)``, ``address_for(spec)``,
``create_from_text(text, user=None, rows=None)`` and ``copy_event(...)``.
A spec is a dict in the file's shape; ``check`` gives its canonical form (defaults filled).
"""
from collections import namedtuple

from ....tournament.errors import N_
from ....tournament.event_plans import TEMPLATES
from ....tournament.event_presets import PRESETS, choices
from ... import ServiceError
from . import player_settings
from .build import address_for, create_event, dump
from .check import check
from .copy import copy_event, next_week
from .toml_text import MAX_BYTES, parse, write

PresetInfo = namedtuple("PresetInfo", "key label description entrants")

COMMENTS = {"name": N_("The event's name as people read it"),
            "day": N_("The day (YYYY-MM-DD)"),
            "game": N_("A game of the catalogue: sf6, tekken8, ggst..."),
            "plan": N_("A registered event plan: its phases follow the number of entrants"),
            "entrants": N_("1on1, or team (with team_size and team_format)"),
            "start_time": N_("The day's clock, HH:MM"),
            "stations": N_("Station names or numbers")}


def presets() -> list[PresetInfo]:
    """The shipped presets in list order: key, label msgid, description msgid, "1on1" or "team"."""
    return [PresetInfo(p.name, p.label, p.description, _kind(p)) for p in choices()]


def _kind(preset) -> str:
    plan = preset.spec.get("plan")
    return ("team" if TEMPLATES[plan].team_size > 1 else "1on1") if plan else preset.entrants


def preset_spec(key: str) -> dict:
    """A preset's spec, checked (defaults filled): the builder's starting point."""
    if key not in PRESETS:
        raise ServiceError("eventfile.preset", N_("Choose a preset from the list."))
    return check(_copy(PRESETS[key].spec))


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return [_copy(v) for v in value] if isinstance(value, list) else value


def to_toml(spec: dict, translate=lambda words: words) -> str:
    """A readable TOML file of the spec: settings at their defaults are left out (reading it fills
    them); ``translate`` (the page's gettext) puts its comments in the reader's language."""
    return write(_readable(spec), {k: translate(v) for k, v in COMMENTS.items()})


# Settings at these values are left out of a written file (reading it gives them back).
DEFAULTS = {"entry_cap": 0, "fee": 0, "team_size": 1, "no_show_minutes": 0, "stream_takes_regular": True,
            "stream_hold": 30}
PHASE_DEFAULTS = {"pool_size": 0, "auto_call": False, "auto_walkover": False, "no_show_minutes": 0}


def _readable(spec: dict) -> dict:
    spec = player_settings.readable(spec)
    out = {k: v for k, v in spec.items() if v not in (None, "", [], {}) and DEFAULTS.get(k, ...) != v}
    out["phases"] = [{k: v for k, v in p.items() if v not in (None, "", {}) and PHASE_DEFAULTS.get(k, ...) != v}
                     for p in spec.get("phases") or []]
    return out


def create_from_text(text: str, user=None, rows: list[dict] | None = None):
    """parse, check and create in one step: a refusal names the file's line and the setting."""
    return create_event(check(parse(text), text), user, rows)


__all__ = ["MAX_BYTES", "PresetInfo", "address_for", "check", "copy_event", "create_event", "create_from_text", "dump",
           "next_week", "parse", "preset_spec", "presets", "to_toml"]
