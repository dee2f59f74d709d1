"""The timetable of any event: made from its phases, then edited by the desk line by line.

Made from the start time, the stations (typed, or the registered ones) and the game's minutes
per set (tournament/day_forecast, every match still to play), with a check-in line when the
window is set. Kept in ``event.settings["timetable"]`` in the shape of tournament/schedule.Slot,
so a preset's timetable and a built event's are shown, edited and compared alike (one page, the
day's). The desk adds, moves, renames, re-times and removes lines; a refusal names the line.
`progress` compares the day with its plan for the public timetable.
"""
import re
from dataclasses import asdict, replace
from datetime import datetime
from zoneinfo import ZoneInfo

from ...tournament import day_forecast as domain
from ...tournament import schedule
from ...tournament.errors import N_, RuleViolation
from .. import ServiceError
from ..accounts import audit
from . import day_clock, forecast_work, forecasts

# A line may run past midnight as the day's own clock says it ("25:30"), never past 29:59.
HHMM = re.compile(r"^[0-2]\d:[0-5]\d$")
LABEL_MAX = 80
LINES_MAX = 40


def slots(event) -> list[schedule.Slot]:
    """The event's timetable lines."""
    return [schedule.Slot(**s) for s in (event.settings or {}).get("timetable", [])]


def made_from_phases(event, stations: int) -> list[schedule.Slot]:
    """Lines for the check-in window and every phase, from the start time."""
    start = day_clock.setting(event, "start_time")
    if not start:
        raise ServiceError("timetable.no_start", N_("Set the start time first."))
    if not 1 <= stations <= 500:
        raise ServiceError("timetable.stations", N_("Give the number of stations (1 to 500)."))
    pace = forecasts.pace(event)[2]
    try:
        day = domain.forecast(forecast_work.work(event), stations, pace, start)
    except RuleViolation as problem:
        raise ServiceError(problem.code, problem.message, **problem.params) from None
    names = {forecast_work.phase_ref(p): p.name for p in event.phases}
    lines = [schedule.Slot(schedule.hhmm(f.start), schedule.hhmm(f.end), names[f.key], f.key) for f in day.phases]
    opens, closes = day_clock.setting(event, "checkin_opens"), day_clock.setting(event, "checkin_closes")
    if opens and closes:
        lines.insert(0, schedule.Slot(opens, closes, N_("Check-in")))
    return lines


def make(event, stations: int, user=None) -> None:
    """Replace the timetable with one made from the phases."""
    _store(event, made_from_phases(event, stations), user, "timetable.make")


def _store(event, lines, user, action: str) -> None:
    rows = [asdict(line) for line in lines]
    event.settings = {**(event.settings or {}), "timetable": rows}
    audit.record(action, user, event.id, timetable=rows)


def edit(event, form, user=None) -> None:
    """Save the lines as typed, then the one button pressed: add, up, down or remove."""
    lines = [_typed(i, line, form) for i, line in enumerate(slots(event))]
    action, _sep, which = str(form.get("action", "save")).partition("-")
    lines = _act(lines, action, int(which) if which.isdigit() else -1, form)
    _store(event, lines, user, "timetable.edit")


def _typed(i: int, line: schedule.Slot, form) -> schedule.Slot:
    """One line with its typed start, end and name; a refusal names the line."""
    start = str(form.get(f"start-{i}", line.start)).strip()
    end = str(form.get(f"end-{i}", line.end)).strip()
    label = " ".join(str(form.get(f"label-{i}", line.label_key)).split())
    if label == " ".join(str(form.get(f"shown-{i}", "")).split()):
        label = line.label_key  # as shown (a template's line, in the reader's language): kept translatable
    if not (HHMM.match(start) and HHMM.match(end)) or end < start:
        raise ServiceError("schedule.time", N_("Line %(line)s: use HH:MM times, the end after the start."),
                           line=i + 1)
    if not label or len(label) > LABEL_MAX:
        raise ServiceError("timetable.label", N_("Line %(line)s: give it a name of at most %(max)s characters."),
                           line=i + 1, max=LABEL_MAX)
    return replace(line, start=start, end=end, label_key=label)


def _act(lines: list, action: str, i: int, form) -> list:
    if action == "add":
        return _added(lines, form)
    if not 0 <= i < len(lines):
        return lines
    if action == "remove":
        return lines[:i] + lines[i + 1:]
    j = i - 1 if action == "up" else i + 1 if action == "down" else i
    if 0 <= j < len(lines) and j != i:
        lines[i], lines[j] = lines[j], lines[i]
    return lines


def _added(lines: list, form) -> list:
    """A new line at the end (a break, the draw, the awards)."""
    if len(lines) >= LINES_MAX:
        raise ServiceError("timetable.full", N_("A timetable has at most %(max)s lines."), max=LINES_MAX)
    line = len(lines) + 1
    start, end = str(form.get("new_start", "")).strip(), str(form.get("new_end", "")).strip()
    label = " ".join(str(form.get("new_label", "")).split())
    if not (HHMM.match(start) and HHMM.match(end)) or end < start:
        raise ServiceError("schedule.time", N_("Line %(line)s: use HH:MM times, the end after the start."), line=line)
    if not label or len(label) > LABEL_MAX:
        raise ServiceError("timetable.label", N_("Line %(line)s: give it a name of at most %(max)s characters."),
                           line=line, max=LABEL_MAX)
    return [*lines, schedule.Slot(start, end, label)]


def progress(event, zone: str, now: datetime | None = None) -> schedule.Progress | None:
    """Where the day stands against its plan at ``now`` (the venue's clock in ``zone``, an IANA
    name the caller reads from its configuration), or None for an event without a planned timetable."""
    from ..setup import event_model

    lines = slots(event)
    planned = event_model.of(event).matches_by_phase() if lines else None
    if planned is None:
        return None
    now = now or datetime.now(ZoneInfo(zone))
    done = {p.key: sum(1 for b in p.brackets for m in b.matches if m.status == "done" and m.slot_a and m.slot_b)
            for p in event.phases}
    return schedule.progress(lines, now.strftime("%H:%M"), done, planned)
