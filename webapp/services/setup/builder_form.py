"""The event builder's form as the desk fills it: every field kept as typed (so a refused submit
loses nothing), each problem kept next to its field, and the typed values turned into a draft.

Fields: the event's (name, address, day, venue, game, preset, rule set, entrants expected for the
preview, stations and which of them are streamed, entry cap, start time, check-in window, venue
closing time, fee) and one row of fields per phase (``p<i>-<field>``, with its format's own options:
a third-place match, a double round robin, a double elimination's top cut; pools called in waves;
qualifiers who keep their side). Reading gives a :class:`Draft` whose ``errors`` map a
field's name to a translatable message and its values; a draft with no errors can be previewed and created.
"""
import re
from dataclasses import dataclass, field
from datetime import date

from ...tournament.errors import N_
from ...tournament.formats import FORMATS
from ...tournament.play import MATCH_TYPES
from ...tournament.round_best_of import RULES as ROUND_RULES
from ...tournament.rulesets import RULESETS
from ..day.station_names import station_key
from . import game_catalogue

HHMM = re.compile(r"^([01]?\d|2[0-3]):[0-5]\d$")
BEST_OF = (1, 3, 5, 7)
ADVANCE = ("entry", "top", "best", "sides")
TOP_CUTS = (2, 4, 8, 16, 32, 64)  # a DE phase played down to its top cut (formats/double_elimination.py)
EVENT_FIELDS = ("name", "address", "day", "venue", "game", "preset", "plan", "ruleset", "entrants", "team_size",
                "expected", "stations", "stream_stations", "entry_cap", "start_time", "checkin_opens",
                "checkin_closes", "venue_closes", "fee", "sheet")
PHASE_FIELDS = ("name", "format", "pools", "match_type", "best_of", "later_from", "later_best_of",
                "grand_final", "advance", "advance_count", "rounds", "third_place", "double", "stop_at_top",
                "pools_per_wave")
MAX_PHASES = 8


@dataclass
class Draft:
    """The builder's values as typed (``values``, ``phases``) and what is wrong with them."""

    values: dict
    phases: list[dict]
    errors: dict = field(default_factory=dict)   # field name -> (msgid, params)

    def refuse(self, field_name: str, message: str, /, **params) -> None:
        """Keep the first problem of a field (the one to fix first)."""
        self.errors.setdefault(field_name, (message, params))

    @property
    def ok(self) -> bool:
        return not self.errors


def read(form) -> Draft:
    """The draft a submitted form holds (``form``: a mapping of strings)."""
    values = {name: str(form.get(name, "")).strip() for name in EVENT_FIELDS}
    count = min(_int(form.get("phase_count")) or 0, MAX_PHASES)
    phases = [{name: str(form.get(f"p{i}-{name}", "")).strip() for name in PHASE_FIELDS} for i in range(count)]
    draft = Draft(values, phases)
    check(draft)
    return draft


def check(draft: Draft) -> None:
    """Every field's own rule; the problems are kept on the draft by field."""
    _check_event(draft)
    _check_times(draft)
    if not draft.phases and not draft.values["plan"]:
        draft.refuse("phases", N_("Add at least one phase."))
    for i, phase in enumerate(draft.phases):
        _check_phase(draft, i, phase)


def _check_event(draft: Draft) -> None:
    v = draft.values
    if not v["name"]:
        draft.refuse("name", N_("Give the event a name."))
    elif len(v["name"]) > 200:
        draft.refuse("name", N_("Keep the name under %(most)s characters."), most=200)
    if v["address"] and not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", v["address"]):
        draft.refuse("address", N_("Use lower-case letters, digits and hyphens (e.g. tekken8-weekly-12)."))
    if v["game"] not in {t.key for t in game_catalogue.all_titles()}:
        draft.refuse("game", N_("Choose the game from the list."))
    if v["ruleset"] and v["ruleset"] not in RULESETS:
        draft.refuse("ruleset", N_("Choose the event's rules from the list."))
    if v["entrants"] not in ("1on1", "team"):
        draft.refuse("entrants", N_("Choose players or teams."))
    if v["day"] and _date(v["day"]) is None:
        draft.refuse("day", N_("Choose the day from the calendar (year-month-day)."))
    if len(v["venue"]) > 200:
        draft.refuse("venue", N_("Keep the venue under %(most)s characters."), most=200)
    for name, low, high in (("expected", 2, 4096), ("entry_cap", 2, 4096), ("fee", 0, 1_000_000),
                            ("team_size", 1, 7)):
        if v[name] and not (_int(v[name]) is not None and low <= _int(v[name]) <= high):
            draft.refuse(name, N_("Write a whole number from %(low)s to %(high)s."), low=low, high=high)
    if len(v["sheet"]) > 200_000:
        draft.refuse("sheet", N_("The list is too long for one form: add the rest on the event's page."))
    if not v["expected"] and not v["entry_cap"] and not v["sheet"]:
        draft.refuse("expected", N_("Write how many entrants you expect: the preview counts the matches from it."))
    stream_stations(draft, stations(draft))


def stream_stations(draft: Draft, names: list[str]) -> list[str]:
    """The streamed stations typed ("配信台", "1-2"): each must be one of the stations."""
    known = {station_key(name): name for name in names}
    chosen = []
    for name in _names(draft, draft.values["stream_stations"], "stream_stations"):
        if station_key(name) not in known:
            draft.refuse("stream_stations", N_("%(name)s is not one of the stations: add it to the stations first."),
                         name=name)
        elif known[station_key(name)] not in chosen:
            chosen.append(known[station_key(name)])
    return chosen


def stations(draft: Draft) -> list[str]:
    """The station names typed: a count ("8"), names, or ranges ("1-6, 配信台"); a repeat is refused."""
    text = draft.values["stations"]
    if not text:
        draft.refuse("stations", N_("Write how many stations (e.g. 8) or their names."))
        return []
    if text.isdigit():
        count = int(text)
        if not 1 <= count <= 200:
            draft.refuse("stations", N_("Between 1 and %(most)s stations."), most=200)
        return [str(n) for n in range(1, min(count, 200) + 1)]
    names = _names(draft, text, "stations")
    seen = {}
    for name in names:
        if station_key(name) in seen:
            draft.refuse("stations", N_("%(name)s is listed twice: every station needs its own name."), name=name)
        seen[station_key(name)] = name
    return names


def _names(draft: Draft, text: str, field_name: str) -> list[str]:
    """Names and ranges ("1-6, 配信台") as a list of names; a range too long is refused."""
    names = []
    for part in (p.strip() for p in re.split(r"[,、，\n]", text) if p.strip()):
        span = re.fullmatch(r"(\d+)\s*[-〜~]\s*(\d+)", part)
        if span and not 0 <= int(span[2]) - int(span[1]) < 200:
            draft.refuse(field_name, N_("Between 1 and %(most)s stations."), most=200)
            return []
        names += [str(n) for n in range(int(span[1]), int(span[2]) + 1)] if span else [part]
    return names


def _check_times(draft: Draft) -> None:
    v = draft.values
    for name in ("start_time", "checkin_opens", "checkin_closes", "venue_closes"):
        if v[name] and not HHMM.match(v[name]):
            draft.refuse(name, N_("Write the time as HH:MM (e.g. 13:00)."))
        elif v[name]:
            v[name] = v[name].zfill(5)  # 9:30 -> 09:30, as event files write it
    if not v["start_time"]:
        draft.refuse("start_time", N_("Write when the first matches start (HH:MM)."))
    start, opens, closes = (_minutes(v[k]) for k in ("start_time", "checkin_opens", "checkin_closes"))
    if opens is not None and closes is not None and opens >= closes:
        draft.refuse("checkin_closes", N_("Check-in must close after it opens."))
    elif closes is not None and start is not None and closes > start:
        draft.refuse("checkin_closes", N_("Check-in must close by the start time."))


def _check_phase(draft: Draft, i: int, phase: dict) -> None:
    prefix = f"p{i}-"
    if not phase["name"]:
        draft.refuse(prefix + "name", N_("Give the phase a name."))
    if phase["format"] not in FORMATS or FORMATS[phase["format"]].template_only or FORMATS[phase["format"]].multi:
        draft.refuse(prefix + "format", N_("Choose the phase's format from the list."))
    if phase["match_type"] not in MATCH_TYPES.choices():
        draft.refuse(prefix + "match_type", N_("Choose the match type from the list."))
    if _int(phase["best_of"]) not in BEST_OF:
        draft.refuse(prefix + "best_of", N_("Best of 1, 3, 5 or 7."))
    if phase["later_from"] and (phase["later_from"] not in ROUND_RULES or _int(phase["later_best_of"]) not in BEST_OF):
        draft.refuse(prefix + "later_from", N_("Choose the later rounds and their best-of from the lists."))
    if not 1 <= (_int(phase["pools"] or "1") or 0) <= 256:
        draft.refuse(prefix + "pools", N_("Write a whole number from %(low)s to %(high)s."), low=1, high=256)
    if phase["pools_per_wave"] and not 0 <= (_int(phase["pools_per_wave"]) if _int(phase["pools_per_wave"]) is not None
                                             else -1) <= 256:
        draft.refuse(prefix + "pools_per_wave", N_("Write a whole number from %(low)s to %(high)s."), low=0, high=256)
    if phase["stop_at_top"] and _int(phase["stop_at_top"]) not in (0, *TOP_CUTS):
        draft.refuse(prefix + "stop_at_top", N_("Choose the top cut from the list."))
    if phase["rounds"] and not 0 <= (_int(phase["rounds"]) if _int(phase["rounds"]) is not None else -1) <= 30:
        draft.refuse(prefix + "rounds", N_("Write a whole number from %(low)s to %(high)s."), low=0, high=30)
    _check_advance(draft, i, phase)


def _check_advance(draft: Draft, i: int, phase: dict) -> None:
    prefix = f"p{i}-"
    mode = phase["advance"] or "entry"
    if mode not in ADVANCE:
        draft.refuse(prefix + "advance", N_("Choose who enters from the list."))
    elif mode != "entry" and i == 0:
        draft.refuse(prefix + "advance", N_("The first phase takes the entry list."))
    elif mode == "sides":
        _check_sides(draft, i, phase)
    elif mode != "entry" and not 1 <= (_int(phase["advance_count"]) or 0) <= 4096:
        draft.refuse(prefix + "advance_count", N_("Write how many go on (a whole number, at least 1)."))


def _check_sides(draft: Draft, i: int, phase: dict) -> None:
    """Qualifiers keep their side only from double-elimination pools cut at their top T into a
    double elimination (as services/setup/side_progressions.py refuses at the desk)."""
    before = draft.phases[i - 1]
    if phase["format"] != "double_elimination":
        draft.refuse(f"p{i}-advance", N_("Players keep their side only when %(phase)s is played in double "
                                         "elimination."), phase=phase["name"])
    elif before["format"] != "double_elimination" or not _int(before["stop_at_top"]):
        draft.refuse(f"p{i}-advance", N_("Winners-side and losers-side qualifiers come from double-elimination "
                                         "pools played down to a top cut; set %(phase)s to stop at its top 2, 4 "
                                         "or 8."), phase=before["name"])


def _int(text) -> int | None:
    text = str(text or "").strip()
    return int(text) if text.isdigit() else None


def _date(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _minutes(text: str) -> int | None:
    if not text or not HHMM.match(text):
        return None
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)
