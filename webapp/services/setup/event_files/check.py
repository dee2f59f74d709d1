"""Checking a setup spec: the schema, then what depends on the whole spec, then defaults filled.

The result is the spec's canonical form: what ``dump`` gives back for the event it creates
(so a file read, created and written again is the same file).
"""
import re

from marshmallow import ValidationError

from ....tournament.curfew import defaults as curfew_defaults
from ....tournament.errors import N_
from ....tournament.event_plans import TEMPLATES
from ... import ServiceError
from ...day.station_names import station_key
from ...entrants.entrant_lists import normalize_name
from .. import game_catalogue
from ..rules import STANDARD
from .schema import FORMAT_OPTIONS, KINDS, ONE_OF, EventSpec
from .toml_text import line_of

ORDER = ("name", "address", "day", "venue", "game", "plan", "entrants", "team_size", "team_format",
         "entry_cap", "fee", "start_time", "checkin_opens", "checkin_closes", "venue_closes", "curfews",
         "stations", "stream_stations", "no_show_minutes", "stream_takes_regular", "stream_hold", "scoreboards",
         "signup", "self_report",
         "stream_rounds", "rules", "phases", "timetable")
PHASE_ORDER = ("name", "format", "match_type", "best_of", "best_of_by_round", "pools", "pool_size", "pools_per_wave",
               "advance", "separate", "auto_call", "auto_walkover", "no_show_minutes")


def refuse(path: tuple, problem: str, text: str | None = None, code: str = "eventfile.invalid"):
    """A ServiceError naming the line (when the spec came from a file) and the setting."""
    params = {"setting": _setting(path)}
    line = line_of(text, path)
    if line:
        params["line"] = line
    kind, problem = _kind(problem, params)
    raise ServiceError(code, MESSAGE[kind, bool(line)], **params, **({"problem": problem} if kind == "words" else {}))


# Each kind of refusal with and without a line: the values stay apart from the words.
MESSAGE = {("words", True): N_("Line %(line)s: %(setting)s: %(problem)s"),
           ("words", False): N_("%(setting)s: %(problem)s"),
           ("one_of", True): N_("Line %(line)s: %(setting)s: must be one of %(choices)s"),
           ("one_of", False): N_("%(setting)s: must be one of %(choices)s"),
           ("range", True): N_("Line %(line)s: %(setting)s: must be from %(min)s to %(max)s"),
           ("range", False): N_("%(setting)s: must be from %(min)s to %(max)s")}
_MARSHMALLOW_ONE_OF = re.compile(r"^Must be one of: (.*)\.$")
_MARSHMALLOW_RANGE = re.compile(r"^Must be greater than or equal to (-?\d+) and less than or equal to (-?\d+)\.$")


def _kind(problem: str, params: dict) -> tuple[str, str]:
    """The refusal's kind, its values put in ``params`` (choices, bounds) so the words translate."""
    one_of, bounds = _MARSHMALLOW_ONE_OF.match(problem), _MARSHMALLOW_RANGE.match(problem)
    if problem.startswith(ONE_OF) or one_of:
        listed = one_of.group(1) if one_of else problem[len(ONE_OF):]
        params["choices"] = " / ".join(c for c in listed.split(", ") if c)
        return "one_of", problem
    if bounds:
        params["min"], params["max"] = bounds.groups()
        return "range", problem
    if problem.startswith(("Longer than maximum length", "Shorter than minimum length")):
        return "words", N_("is empty or too long")
    return "words", problem


def _setting(path: tuple) -> str:
    """("phases", 1, "best_of") -> "phases[2].best_of" (phases counted from 1, as people count)."""
    out = ""
    for part in path:
        out += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _first_error(messages, path=()) -> tuple[tuple, str]:
    """The first problem in marshmallow's nested messages and where it is."""
    if isinstance(messages, list):
        first = messages[0]
        return (path, first) if isinstance(first, str) else _first_error(first, path)
    key = next(iter(messages))
    return _first_error(messages[key], path + ((key,) if key != "_schema" else ()))


MESSAGES = {"Unknown field.": N_("is not a setting of an event file"),
            "Missing data for required field.": N_("is missing"),
            "Not a valid integer.": N_("must be a whole number"), "Not a valid string.": N_("must be text"),
            "Not a valid boolean.": N_("must be true or false"), "Not a valid list.": N_("must be a list"),
            "Invalid input type.": N_("must be a table"), "Field may not be null.": N_("is missing")}


def check(spec: dict, text: str | None = None) -> dict:
    """The spec validated, with its defaults filled; refused with the line and the setting."""
    if not isinstance(spec, dict):
        raise ServiceError("eventfile.invalid", N_("An event file is a TOML table of settings."))
    try:
        data = EventSpec().load(spec)
    except ValidationError as problem:
        path, message = _first_error(problem.normalized_messages())
        refuse(path, MESSAGES.get(message, message), text)
    return _whole(data, text)


def _whole(data: dict, text: str | None) -> dict:
    """What one field alone cannot say: the kind of entrants, the plan, the phases' sources."""
    data["name"], data["venue"] = data["name"].strip(), data["venue"].strip()
    if not data["name"]:
        refuse(("name",), N_("is empty or too long"), text)
    _entrants(data, text)
    if data["checkin_opens"] and data["checkin_closes"] and data["checkin_closes"] <= data["checkin_opens"]:
        refuse(("checkin_closes",), N_("must be later than checkin_opens"), text)
    if data["game"] not in {t.key for t in game_catalogue.all_titles()}:
        refuse(("game",), N_("is not a game of the catalogue"), text)
    data["rules"] = {"preset": "", **data["rules"]}
    data["rules"]["preset"] = data["rules"]["preset"] or (
        TEMPLATES[data["plan"]].ruleset if data["plan"] else STANDARD[KINDS[data["entrants"]]])
    if data["plan"] and data["phases"]:
        refuse(("phases",), N_("an event made from a plan gets its phases from the plan: leave them out"), text)
    data["phases"] = [_phase(data, n, phase, text) for n, phase in enumerate(data["phases"])]
    _stations(data, text)
    hours = curfew_defaults(data["curfews"].get("prefecture", ""))
    data["curfews"] = {g: t for g, t in data["curfews"].items() if t and t != hours.get(g)}
    data["timetable"] = [_line(data, n, line, text) for n, line in enumerate(data["timetable"])]
    return {key: data[key] for key in ORDER}


def _line(data: dict, n: int, line: dict, text) -> dict:
    """A timetable line in its canonical form: its phase and weight only when set."""
    if line["end"] < line["start"]:
        refuse(("timetable", n, "end"), N_("must be later than start"), text)
    if line["phase"] and not data["plan"] and line["phase"] > len(data["phases"]):
        refuse(("timetable", n, "phase"), N_("must be the number of a phase of the file"), text)
    out = {"start": line["start"], "end": line["end"], "label": " ".join(line["label"].split())}
    if line["phase"]:
        out["phase"] = line["phase"]
    if line["weight"] is not None:
        out["weight"] = line["weight"]
    return out


def _entrants(data: dict, text) -> None:
    if data["plan"]:
        size = TEMPLATES[data["plan"]].team_size
        data["entrants"], data["team_size"] = ("team" if size > 1 else "1on1"), size
    if data["entrants"] == "1on1":
        if data["team_size"] != 1:
            refuse(("team_size",), N_("is for team events: leave it out of a 1on1 event"), text)
        if data["team_format"]:
            refuse(("team_format",), N_("is for team events: leave it out of a 1on1 event"), text)
    elif data["team_size"] < 2:
        refuse(("team_size",), N_("a team has 2 to 7 members"), text)
    elif not data["team_format"] and not data["plan"]:
        data["team_format"] = "point_format"


def _phase(data: dict, n: int, phase: dict, text) -> dict:
    """One phase with its match type, its format's options and its source filled."""
    team = data["entrants"] == "team"
    phase["match_type"] = phase["match_type"] or (data["team_format"] if team else "best_of")
    for key, default in FORMAT_OPTIONS.get(phase["format"], {}).items():
        phase.setdefault(key, default)
    if phase["pool_size"] and phase["pools"] != 1:
        refuse(("phases", n, "pool_size"), N_("give the number of pools or their size, not both"), text)
    if phase["pool_size"] == 1:
        refuse(("phases", n, "pool_size"), N_("a pool has at least 2 players"), text)
    if phase["advance"] is not None:
        source = phase["advance"]["source"] or n  # 0: the phase before
        if not 1 <= source <= n:
            refuse(("phases", n, "advance", "from"), N_("must be the number of an earlier phase"), text)
        phase["advance"] = {"from": source, "mode": phase["advance"]["mode"], "count": phase["advance"]["count"]}
    if phase["best_of_by_round"] is not None:
        phase["best_of_by_round"] = {"from": phase["best_of_by_round"]["start"],
                                     "best_of": phase["best_of_by_round"]["best_of"]}
    ordered = {key: phase[key] for key in PHASE_ORDER}
    return {**ordered, **{k: v for k, v in phase.items() if k not in ordered}}


def _stations(data: dict, text) -> None:
    """Station names once each, as people read them ("2" and "2番台" are one); streams among them."""
    data["stations"] = [_station_name(s) for s in data["stations"]]
    data["stream_stations"] = [_station_name(s) for s in data["stream_stations"]]
    seen = set()
    for n, name in enumerate(data["stations"]):
        if station_key(name) in seen:
            refuse(("stations", n), N_("names a station twice"), text)
        seen.add(station_key(name))
    for n, name in enumerate(data["stream_stations"]):
        if station_key(name) not in seen:
            refuse(("stream_stations", n), N_("must be one of the stations"), text)
    streams = {station_key(name) for name in data["stream_stations"]}
    boards = {_station_name(name): number for name, number in data["scoreboards"].items()}
    for name in boards:
        if station_key(name) not in streams:
            refuse(("scoreboards", name), N_("must be one of the stream stations"), text)
    data["scoreboards"] = {name: number for name, number in sorted(boards.items()) if number != 1}
    if not streams:
        data["stream_hold"] = 30  # no stream station keeps a score: the default, as a dump says


def _station_name(name: str) -> str:
    """A station's name as stations.add_station keeps it ("2番台" is station 2)."""
    name = normalize_name(name)[:40]
    return station_key(name) if station_key(name).isdigit() else name
