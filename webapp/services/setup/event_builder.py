"""The event builder: a preset's setup spec turned into the builder's form, the form turned back
into a spec, the event's address, and creating the event from the spec (services/setup/event_files).

The form keeps what the desk typed (builder_form); a preset fills the format, game and phases
and keeps the name, day, venue and expected count already typed, so choosing another preset
loses nothing the desk wrote.
"""
import re

from ...tournament.errors import N_, RuleViolation
from ...tournament.event_plans import TEMPLATES
from ...tournament.play import MATCH_TYPES
from .. import ServiceError
from ..entrants import entrant_import
from . import events
from .builder_form import EVENT_FIELDS, PHASE_FIELDS, Draft, check, stations, stream_stations

DEFAULTS = {"entrants": "1on1", "team_size": "1", "game": "other", "expected": "16", "stations": "4",
            "start_time": "13:00"}
KEPT = ("name", "address", "day", "venue", "expected", "entry_cap", "start_time", "checkin_opens",
        "checkin_closes", "venue_closes", "stations", "stream_stations", "sheet")  # typed: kept on a new preset
FORMAT_FIELDS = {"double_elimination": ("grand_final", "stop_at_top"), "single_elimination": ("third_place",),
                 "round_robin": ("double",), "swiss": ("rounds",)}
CHECKED = ("third_place", "double")  # a phase's yes/no options, sent as "on" when ticked
NUMBERS = ("rounds", "stop_at_top")


def files():
    """The event-file service (apart, so this module names it once)."""
    from . import event_files
    return event_files


def presets() -> list:
    """The presets the builder offers, as the event-file service registers them."""
    return list(files().presets())


def blank(words=str) -> Draft:
    """The builder before anything is chosen: the first preset, nothing typed."""
    first = _key(presets()[0])
    return from_spec(_preset_spec(first, words), {"preset": first})


def _preset_spec(key: str, words) -> dict:
    """A preset's spec with its event and phase names in the reader's words (``words``: gettext)."""
    spec = files().preset_spec(key)
    spec["name"] = words(spec["name"])
    for phase in spec.get("phases", []):
        phase["name"] = words(phase["name"])
    return spec


def _key(preset) -> str:
    return preset if isinstance(preset, str) else getattr(preset, "key", None) or preset["key"]


def with_preset(typed: dict, words=str) -> Draft:
    """A new preset chosen: its spec (names in the reader's ``words``), with what the desk typed kept (KEPT)."""
    key = typed.get("preset", "")
    if key not in {_key(p) for p in presets()}:
        draft = Draft({**{f: "" for f in EVENT_FIELDS}, **DEFAULTS, **typed}, [])
        draft.refuse("preset", N_("Choose a format from the list."))
        return draft
    draft = from_spec(_preset_spec(key, words), {k: typed.get(k, "") for k in (*KEPT, "preset") if typed.get(k)})
    check(draft)  # shown once the desk has tried to create, and then until fixed
    return draft


def from_spec(spec: dict, typed: dict) -> Draft:
    """The builder's fields from a setup spec, overlaid with ``typed``."""
    values = {name: "" for name in EVENT_FIELDS} | DEFAULTS
    for name in ("name", "address", "venue", "game", "plan", "entrants", "start_time", "checkin_opens",
                 "checkin_closes", "venue_closes"):
        if spec.get(name):
            values[name] = str(spec[name])
    values["day"] = str(spec.get("day") or "")
    values["team_size"] = str(spec.get("team_size") or 1)
    for name in ("entry_cap", "fee"):
        values[name] = str(spec[name]) if spec.get(name) else ""
    if spec.get("stations"):
        values["stations"] = ", ".join(spec["stations"])
    values["stream_stations"] = ", ".join(spec.get("stream_stations") or [])
    values["ruleset"] = (spec.get("rules") or {}).get("preset", "")
    values.update(typed)
    return Draft(values, [_phase_fields(p) for p in spec.get("phases", [])])


def _phase_fields(phase: dict) -> dict:
    fields = {name: "" for name in PHASE_FIELDS}
    fields.update(name=phase["name"], format=phase["format"], match_type=phase.get("match_type") or "best_of",
                  best_of=str(phase.get("best_of", 3)), pools=str(phase.get("pools", 1)),
                  grand_final=phase.get("grand_final", "reset"), rounds=str(phase.get("rounds") or ""),
                  stop_at_top=str(phase.get("stop_at_top") or ""),
                  pools_per_wave=str(phase.get("pools_per_wave") or ""))
    later = phase.get("best_of_by_round") or {}
    fields.update(later_from=later.get("from", ""), later_best_of=str(later.get("best_of", 5)))
    advance = phase.get("advance") or {}
    fields.update(advance=advance.get("mode", "entry"), advance_count=str(advance.get("count", "")))
    fields.update({name: "on" if phase.get(name) else "" for name in CHECKED})
    return fields


def to_spec(draft: Draft) -> dict:
    """The setup spec of a draft with no problems (the event file's own keys)."""
    v = draft.values
    spec = {"name": v["name"], "address": v["address"], "venue": v["venue"], "game": v["game"],
            "plan": v["plan"], "entrants": v["entrants"],
            "team_size": int(v["team_size"] or 1) if v["entrants"] == "team" else 1,
            "entry_cap": int(v["entry_cap"] or 0), "fee": int(v["fee"] or 0),
            "stations": stations(draft), "stream_stations": stream_stations(draft, stations(draft)),
            "phases": [] if v["plan"] else [_phase_spec(i, p) for i, p in enumerate(draft.phases)]}
    for name in ("start_time", "checkin_opens", "checkin_closes", "venue_closes"):
        spec[name] = v[name]
    if v["day"]:
        spec["day"] = v["day"]
    if v["ruleset"]:
        spec["rules"] = {"preset": v["ruleset"]}
    return spec


def _phase_spec(index: int, p: dict) -> dict:
    spec = {"name": p["name"], "format": p["format"], "match_type": p["match_type"],
            "best_of": int(p["best_of"]), "pools": int(p["pools"] or 1)}
    if p["later_from"]:
        spec["best_of_by_round"] = {"from": p["later_from"], "best_of": int(p["later_best_of"])}
    if p["advance"] and p["advance"] != "entry":
        # from: the phase before, counted from 1 as event files count (this phase's index); sides: the cut says
        count = 0 if p["advance"] == "sides" else int(p["advance_count"])
        spec["advance"] = {"from": index, "mode": p["advance"], "count": count}
    if p["pools_per_wave"] and int(p["pools_per_wave"]) and int(p["pools_per_wave"]) < spec["pools"]:
        spec["pools_per_wave"] = int(p["pools_per_wave"])
    for name in FORMAT_FIELDS.get(p["format"], ()):
        if name in CHECKED:
            spec[name] = bool(p[name])
        elif p[name]:
            spec[name] = int(p[name]) if name in NUMBERS else p[name]
    return spec


def address(draft: Draft) -> dict:
    """The public address the event will get: typed, or made from the name; taken -> a suffix, said."""
    v = draft.values
    wanted = v["address"] or files().address_for({"name": v["name"], "game": v["game"], "day": v["day"]})
    given = events.unique_slug(wanted)
    return {"wanted": wanted, "given": given, "taken": given != wanted}


def create(draft: Draft, user=None, columns: dict | None = None, skip_duplicates: bool = False):
    """Create the event the draft describes, with the entrants its sheet holds (read with the desk's
    ``columns`` choices); a refusal is also kept next to the field it names."""
    if draft.values["plan"] and not draft.values["sheet"]:  # the preview needs only the expected count
        draft.refuse("sheet", N_("This preset makes its phases for its entrants: paste the entrant list."))
    if not draft.ok:
        raise ServiceError("builder.form", N_("Some fields need a change: see the messages next to them."))
    spec = to_spec(draft)
    spec["address"] = address(draft)["given"]
    rows = _rows(draft, columns, skip_duplicates)
    try:
        return files().create_event(files().check(spec), user=user, rows=rows)
    except RuleViolation as problem:  # a plan refuses its entrant count
        draft.refuse("sheet" if draft.values["plan"] else "form", problem.message, **problem.params)
        raise ServiceError(problem.code, problem.message, **problem.params) from None
    except ServiceError as problem:
        field = field_of(problem.params.get("setting", ""))
        draft.refuse(_phase_field(draft, problem.code) if field == "form" else field, problem.message,
                     **problem.params)
        raise


def sheet_team_size(draft: Draft) -> int:
    """Members per entrant, as the sheet is read: the plan's, the team size, or 1."""
    v = draft.values
    if v["plan"] in TEMPLATES:
        return TEMPLATES[v["plan"]].team_size
    return int(v["team_size"] or 1) if v["entrants"] == "team" else 1


def _rows(draft: Draft, columns: dict | None, skip_duplicates: bool) -> list[dict]:
    """The entrants pasted or uploaded into the builder (a plan's are needed to size its phases)."""
    if not draft.values["sheet"]:
        return []
    try:
        return entrant_import.sheet_rows(draft.values["sheet"], sheet_team_size(draft), columns, skip_duplicates)
    except ServiceError as problem:
        draft.refuse("sheet", problem.message, **problem.params)
        raise


SPEC_FIELDS = {"pools": "pools", "best_of_by_round": "later_from", "advance": "advance_count", "rounds": "rounds",
               "grand_final": "grand_final", "match_type": "match_type", "best_of": "best_of", "name": "name",
               "format": "format", "third_place": "third_place", "double": "double", "stop_at_top": "stop_at_top",
               "pools_per_wave": "pools_per_wave"}
RULES_CODES = ("setup.rules_unknown", "setup.team_size", "setup.rules_for_players", "setup.rules_for_teams")


def _phase_field(draft: Draft, code: str) -> str:
    """Where a phase's setup refusal belongs (services/setup/setup_checks): the match type of the first
    phase whose kind is not the entrants', the best-of for the rules' games, else the summary."""
    team = draft.values["entrants"] == "team"
    if code in RULES_CODES:
        return "team_size" if code == "setup.team_size" else "ruleset"
    if code in ("setup.one_on_one_for_teams", "setup.team_type_for_players"):
        for i, phase in enumerate(draft.phases):
            if phase["match_type"] in MATCH_TYPES and MATCH_TYPES[phase["match_type"]].team != team:
                return f"p{i}-match_type"
    if code in ("setup.type_not_in_rules", "setup.best_of_not_in_rules") and draft.phases:
        return "p0-match_type" if code == "setup.type_not_in_rules" else "p0-best_of"
    return "form"


def field_of(setting: str) -> str:
    """The builder's field for an event file's setting ("phases[2].best_of" -> "p1-best_of")."""
    found = re.fullmatch(r"phases\[(\d+)\]\.?(\w*).*", setting)
    if found:
        return f"p{int(found[1]) - 1}-{SPEC_FIELDS.get(found[2], 'name')}"
    head = setting.split(".")[0].split("[")[0]
    head = "ruleset" if head == "rules" else head
    return head if head in EVENT_FIELDS else "form"
