"""The preview of the day the event builder shows before creating: each phase's players and
matches for the entrant count the desk expects, the timetable those matches imply on the
stations typed at the game's minutes per set (tournament/day_forecast), and the expected end,
with a warning when it passes the venue's closing time.

A match's length is counted in sets of the game as the day's forecast counts it
(services/day/forecast_work): its best-of over a best-of-3 (the later rounds' where the phase changes
it), times the members of a team. A seed event's plan gives each phase's planned matches only,
played in halving waves as the forecast plays a template phase not started.
"""
from dataclasses import dataclass, field, replace

from ...tournament import day_forecast, phase_sizes
from ...tournament import event_plans as plans
from ...tournament.errors import RuleViolation
from ...tournament.schedule import hhmm
from . import game_catalogue
from .builder_form import Draft, stations


@dataclass
class PhaseLine:
    name: str
    entrants: int
    matches: int
    start: str
    end: str


@dataclass
class DayPreview:
    """What the desk reads before creating; ``problem`` says why there is nothing to show."""

    entrants: int = 0
    stations: int = 0
    minutes_per_set: int = 0
    phases: list[PhaseLine] = field(default_factory=list)
    start: str = ""
    end: str = ""
    venue_closes: str = ""
    past_close: bool = False
    problem: RuleViolation | None = None


def preview(draft: Draft) -> DayPreview:
    """The day's preview for a draft (its fields' own problems are the form's to show)."""
    v = draft.values
    count = _int(v["expected"]) or _int(v["entry_cap"]) or 0
    cap = _int(v["entry_cap"])
    count = min(count, cap) if cap else count
    shown = DayPreview(count, len(stations(Draft(dict(v), []))), game_catalogue.title(v["game"]).minutes_per_set,
                       venue_closes=v["venue_closes"])
    if count < 2 or not shown.stations or not v["start_time"] or draft.errors:
        return shown
    try:
        names, work = _plan_work(v, count) if v["plan"] else _work(draft, count)
        day = day_forecast.forecast(work, shown.stations, shown.minutes_per_set, v["start_time"])
    except RuleViolation as problem:
        shown.problem = problem
        return shown
    shown.phases = [PhaseLine(name, entrants, matches, hhmm(f.start), hhmm(f.end))
                    for (name, entrants, matches), f in zip(names, day.phases, strict=True)]
    shown.start, shown.end = hhmm(day.start), hhmm(day.end)
    closes = _minutes(v["venue_closes"])
    shown.past_close = closes is not None and day.end > closes
    return shown


def _work(draft: Draft, count: int):
    """Each phase's size and its rounds as forecast work, one phase after the other."""
    drafts = [_phase_draft(_sides_counted(p, draft.phases[i - 1] if i else None)) for i, p in enumerate(draft.phases)]
    sized = phase_sizes.sizes(drafts, count)
    team = int(draft.values["team_size"] or 1) if draft.values["entrants"] == "team" else 1
    names = [(p["name"], size.entrants, size.matches) for p, size in zip(draft.phases, sized, strict=True)]
    return names, work_for(sized, team)


def work_for(sized: list, team: int = 1) -> list:
    """The phases' sizes as the forecast plays them, one phase after the other (bench/forecast_accuracy.py
    holds this against simulated days)."""
    work = []
    for i, size in enumerate(sized):
        after = (f"p{i - 1}",) if i else ()
        if size.links:  # a bracket's matches, each waiting for its own feeders (as the day's forecast)
            links = tuple(replace(link, sets=link.sets * team) for link in size.links)
            work.append(day_forecast.PhaseWork(f"p{i}", (), after, matches=links))
        else:
            work.append(day_forecast.PhaseWork(f"p{i}", _rounds(size, team), after))
    return work


def _rounds(size, team: int) -> tuple:
    """A phase without links between its matches as rounds, one after another: each pool's own
    (a pool goes on while another is slower), or the whole field's (a Swiss pairs all at once)."""
    pools = size.pools or (tuple(zip(size.waves, size.games, strict=True)),)
    rounds = []
    for p_i, pool in enumerate(pools):
        before = ()
        for n, (matches, games) in enumerate(pool):
            key = f"{p_i}r{n}"
            rounds.append(day_forecast.RoundWork(key, matches, matches, before, games / matches / 3 * team))
            before = (key,)
    return tuple(rounds)


def _sides_counted(p: dict, before: dict | None) -> dict:
    """Qualifiers who keep their side are, in number, the top cut of each pool of the phase before."""
    if p["advance"] != "sides" or before is None:
        return p
    return {**p, "advance_count": str(_int(before.get("stop_at_top")) or 2)}


def _phase_draft(p: dict) -> phase_sizes.PhaseDraft:
    options = {"grand_final": p["grand_final"] or "reset"} if p["format"] == "double_elimination" else {}
    if p["format"] == "double_elimination" and _int(p.get("stop_at_top")):
        options["stop_at_top"] = _int(p["stop_at_top"])  # played down to its cut, not to a champion
    if p["format"] == "swiss" and _int(p["rounds"]):
        options["rounds"] = _int(p["rounds"])
    later = {"from": p["later_from"], "best_of": int(p["later_best_of"])} if p["later_from"] else None
    advance = None if p["advance"] in ("", "entry") else (p["advance"], int(p["advance_count"]))
    return phase_sizes.PhaseDraft(p["name"], p["format"], int(p["pools"] or 1), options, advance,
                                  int(p["best_of"]), later)


def _plan_work(values: dict, count: int):
    """A seed event's plan: each phase's planned matches, played one phase after the other."""
    plan = plans.build(values["plan"], count)
    names, work = [], []
    team = plan.team_size
    for i, phase in enumerate(plan.phases):
        matches = int(plan.planned_matches.get(phase.key, 0))
        rounds = _halving(matches, max(phase.best_of or 3, 1) / 3 * team)
        work.append(day_forecast.PhaseWork(f"p{i}", rounds, (f"p{i - 1}",) if i else ()))
        names.append((phase.name, 0, matches))
    return names, work


def _halving(matches: int, sets: float) -> tuple:
    """Planned matches as rounds of half what is left, each after the one before."""
    rounds, before = [], ()
    while matches > 0:
        size = (matches + 1) // 2
        rounds.append(day_forecast.RoundWork(f"w{len(rounds)}", size, size, before, sets))
        matches, before = matches - size, (f"w{len(rounds) - 1}",)
    return tuple(rounds)


def _int(text) -> int | None:
    text = str(text or "").strip()
    return int(text) if text.isdigit() else None


def _minutes(text: str) -> int | None:
    if not text or ":" not in text:
        return None
    hours, minutes = text.split(":", 1)
    return int(hours) * 60 + int(minutes) if hours.isdigit() and minutes.isdigit() else None
