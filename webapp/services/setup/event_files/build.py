"""An event made from a checked spec, and a spec read back from an event.

Creation goes through the services the desk's own forms use (events, event_templates,
rule_settings, progressions, seeding, stations), so an event made from a file is refused
exactly where the desk's form would be.
"""
import re

from ....extensions import db
from ....models import Event
from ....tournament.errors import N_
from ... import ServiceError
from ...day import forecast_work
from ...day import stations as station_service
from ...entrants import entrant_lists as entrants
from ...entries import access
from ...matches import seeding
from ...stream import tsh_link
from .. import event_model, event_templates, events, progressions, rule_settings, setup_checks
from ..rules import event_settings, phase_settings, preset_for
from . import player_settings
from .check import ORDER, PHASE_ORDER, check
from .schema import CLOCK, FORMAT_OPTIONS, KINDS

CARRIED = ("venue", *CLOCK)  # kept in event.settings as they are
# The entry cap is the public sign-up's: event.settings["signup"]["cap"] (services/players/signups.py on the
# sign-up branch reads it there, with its other settings' defaults), so one cap holds for both.
SIGNUP = "signup"


def create_event(spec: dict, user=None, rows: list[dict] | None = None) -> Event:
    """A new event from a spec (checked again here: a caller's changes to a checked spec are
    checked too), with its entrants if rows are given."""
    access.check_desk(user)
    spec, rows = check(spec), rows or []
    if spec["entry_cap"] and len(rows) > spec["entry_cap"]:
        raise ServiceError("eventfile.over_cap", N_("The event takes at most %(cap)s entrants; the sheet has %(n)s."),
                           cap=spec["entry_cap"], n=len(rows))
    fields = {"day": spec["day"], "game": spec["game"], "slug_hint": _address(spec)}
    if spec["plan"]:
        event = event_templates.create_from_template(spec["plan"], spec["name"], rows, user, **fields)
    else:
        event = events.create_event(spec["name"], spec["rules"]["preset"], KINDS[spec["entrants"]],
                                    spec["team_size"], user=user, **fields)
        with db.session.no_autoflush:
            entrants.add_entrants(event, rows)
    event.settings = {**(event.settings or {}), **{k: spec[k] for k in CARRIED if spec[k]}}
    if spec["entry_cap"]:
        event.settings = {**event.settings, SIGNUP: {**(event.settings.get(SIGNUP) or {}), "cap": spec["entry_cap"]}}
    _rules(event, spec, user)
    _phases(event, spec["phases"], user)
    _stations(event, spec, user)
    _day_page(event, spec)
    player_settings.apply(event, spec)
    db.session.flush()
    return event


def _day_page(event: Event, spec: dict) -> None:
    """What the day page keeps: the curfews the event changes, and its timetable (a plan's own stays
    unless the file gives one); a line's phase number becomes that phase's reference."""
    if spec["curfews"]:
        event.settings = {**event.settings, "curfews": dict(spec["curfews"])}
    if not spec["timetable"]:
        return
    refs = [forecast_work.phase_ref(p) for p in event.phases]
    rows = []
    for n, line in enumerate(spec["timetable"]):
        if line.get("phase", 0) > len(refs):
            raise ServiceError("eventfile.invalid", N_("%(setting)s: must be the number of a phase of the file"),
                               setting=f"timetable[{n + 1}].phase")
        rows.append({"start": line["start"], "end": line["end"], "label_key": line["label"],
                     "phase_key": refs[line["phase"] - 1] if line.get("phase") else None,
                     "weight": line.get("weight")})
    event.settings = {**event.settings, "timetable": rows}


def _stations(event: Event, spec: dict, user) -> None:
    """The stations and the calling settings the stations page saves."""
    for name in spec["stations"]:
        station = station_service.add_station(event, name, name in spec["stream_stations"], user)
        if station.stream:
            tsh_link.set_hold(station, spec["stream_hold"], user)
            station.tsh_scoreboard = spec["scoreboards"].get(station.name, 1)
    if spec["no_show_minutes"]:
        station_service.set_event_no_show(event, spec["no_show_minutes"], user)
    if not spec["stream_takes_regular"]:
        station_service.set_stream_takes_regular(event, False, user)


def _address(spec: dict) -> str:
    """The address asked for, refused when another event has it; else made from the name."""
    if spec["address"] and events.unique_slug(spec["address"]) != spec["address"]:
        raise ServiceError("eventfile.address_taken",
                           N_("address: /e/%(slug)s is another event's address: choose another or leave it out."),
                           slug=spec["address"])
    return spec["address"] or address_for(spec)


def address_for(spec: dict) -> str:
    """A readable address for a spec without one: its name's words; a name with no latin letters
    (a Japanese one) gives the game and the day instead (events.unique_slug numbers a taken one)."""
    wanted = events.slugify(spec["name"])
    if not re.search(r"[a-z]", wanted):
        day = str(spec.get("day") or "")
        wanted = "-".join(x for x in (str(spec.get("game") or "").replace("_", "-"), day or wanted) if x)
    return wanted or "event"


def _rules(event: Event, spec: dict, user) -> None:
    """The rules page's own save (the fee is the rules' entry fee), checked against the phases made."""
    settings = {k: v for k, v in spec["rules"].items() if k != "preset"}
    if spec["fee"]:
        settings["entry_fee_yen"] = spec["fee"]
    rule_settings.save_event_rules(event, spec["rules"]["preset"], settings, user)


def _phases(event: Event, phases: list[dict], user) -> None:
    """Each phase through the desk's own checks and services; ``advance.from`` counts phases from 1."""
    made = []
    for phase in phases:
        row = _add_phase(event, phase)
        if phase["advance"]:
            advance = phase["advance"]
            progressions.set_rule(row, made[advance["from"] - 1], advance["mode"], advance["count"], user)
        if phase["separate"]:
            seeding.set_separation(row, phase["separate"], user)
        if phase["rules"]:
            rule_settings.save_phase_rules(row, phase["rules"], user)
        if phase["auto_call"] or phase["auto_walkover"] or phase["no_show_minutes"]:
            station_service.set_calling(row, phase["auto_call"], phase["no_show_minutes"] or None,
                                        phase["auto_walkover"], user)
        made.append(row)


def _add_phase(event: Event, phase: dict):
    """The phase as the desk's phase form adds it (its format's options, best-of by round, pool size)."""
    options = {k: v for k, v in phase.items() if k in FORMAT_OPTIONS.get(phase["format"], {})}
    if phase["best_of_by_round"]:
        options["best_of_by_round"] = dict(phase["best_of_by_round"])
    for key in ("pool_size", "pools_per_wave"):
        if phase[key]:
            options[key] = phase[key]
    setup_checks.check_phase(event, phase["match_type"], phase["best_of"])
    row = events.add_phase(event, phase["name"], phase["format"], phase["match_type"], phase["best_of"],
                           phase["pools"], **options)
    db.session.flush()  # a later phase's progression names this one by its id
    return row


def dump(event: Event) -> dict:
    """The event's setup as a spec (canonical: check(dump(e)) == dump(e)); no entrant, result,
    address, PIN or other secret is in it."""
    settings = event.settings or {}
    rules = event_settings(event)
    fee = rules.pop("entry_fee_yen", 0)
    kind = "team" if event.entrant_kind == "team" else "1on1"
    model = event_model.of(event)
    spec = {"name": event.name, "address": "", "day": event.day, "venue": settings.get("venue", ""),
            "game": event.game or "other", "plan": model.plan_name, "entrants": kind,
            "team_size": event.team_size if kind == "team" else 1,
            "team_format": _team_format(event) if kind == "team" and model.desk_builds_phases else "",
            "entry_cap": int((settings.get(SIGNUP) or {}).get("cap") or 0), "fee": fee,
            **{k: settings.get(k, "") for k in CLOCK},
            "stations": [s.name for s in station_service.event_stations(event)],
            "stream_stations": [s.name for s in station_service.event_stations(event) if s.stream],
            "no_show_minutes": int(settings.get("no_show_minutes") or 0),
            "stream_takes_regular": station_service.stream_takes_regular(event), **_stream_settings(event),
            "rules": {"preset": preset_for(event), **rules},
            "phases": [_dump_phase(event, p) for p in event.phases] if model.desk_builds_phases else [],
            "curfews": {g: t for g, t in (settings.get("curfews") or {}).items() if t}, **player_settings.dump(event),
            "timetable": _dump_timetable(event, model)}
    return {key: spec[key] for key in ORDER}


def _stream_settings(event: Event) -> dict:
    """The stream stations' hold (the first's: the file keeps one for all) and their scoreboards."""
    streams = [s for s in station_service.event_stations(event) if s.stream]
    return {"stream_hold": streams[0].stream_hold if streams else 30,
            "scoreboards": {s.name: s.tsh_scoreboard for s in sorted(streams, key=lambda s: s.name)
                            if s.tsh_scoreboard != 1}}


def _dump_timetable(event: Event, model) -> list[dict]:
    """The timetable's lines (a line's phase by its number); a plan event's own, as made, is left out."""
    lines = (event.settings or {}).get("timetable") or []
    if lines == model.plan_timetable():
        return []
    numbers = {forecast_work.phase_ref(p): n for n, p in enumerate(event.phases, start=1)}
    out = []
    for line in lines:
        row = {"start": line["start"], "end": line["end"], "label": line["label_key"]}
        if numbers.get(line.get("phase_key")):
            row["phase"] = numbers[line["phase_key"]]
        if line.get("weight") is not None:
            row["weight"] = float(line["weight"])
        out.append(row)
    return out


def _team_format(event: Event) -> str:
    """The team match type most phases play (the file's default for its phases)."""
    kinds = [p.match_type for p in event.phases]
    return max(kinds, key=kinds.count) if kinds else "point_format"


def _dump_phase(event: Event, phase) -> dict:
    options = phase.options or {}
    rule = progressions.rule_of(phase)
    source = next((p.position for p in event.phases if rule and p.id == rule["from"]), None)
    out = {"name": phase.name, "format": phase.format, "match_type": phase.match_type, "best_of": phase.best_of,
           "best_of_by_round": dict(options["best_of_by_round"]) if options.get("best_of_by_round") else None,
           "pools": phase.group_count or 1, "pool_size": int(options.get("pool_size") or 0),
           "pools_per_wave": int(options.get("pools_per_wave") or 0),
           "advance": {"from": source, "mode": rule["mode"], "count": int(rule["count"])} if source else None,
           "separate": options.get("separate", ""), **_calling(phase)}
    out = {key: out[key] for key in PHASE_ORDER}
    for key, default in FORMAT_OPTIONS.get(phase.format, {}).items():
        out[key] = options.get(key, default)
    out["rules"] = phase_settings(phase)
    return out


def _calling(phase) -> dict:
    calling = phase.calling or {}
    return {"auto_call": bool(calling.get("auto_call")), "auto_walkover": bool(calling.get("auto_walkover")),
            "no_show_minutes": int(calling.get("no_show_minutes") or 0)}
