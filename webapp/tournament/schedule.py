"""The day's timetable as data, and how far ahead or behind the event runs.

The estimate (``progress``): each phase's planned matches are spread over that phase's
slots in proportion to the slots' ``weight`` (default: their length in minutes), and
within a slot they are expected to finish at an even pace. So at any time of day the plan
says how many matches should be done ("expected"). Compare it with the matches actually
done: ``minutes_ahead`` is the time of day at which the plan reaches the actual count,
minus now (positive = ahead, negative = behind). ``estimated_end`` is the timetable's end
shifted by that amount. Breaks between slots are not assumed to absorb a delay, so the
estimate errs on the late side; matches done beyond a phase's plan are not counted.
``running_phase_key`` is the first phase, in timetable order, with planned matches left
(where the event really is, whatever the clock says); None once everything is played.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .errors import N_


@dataclass(frozen=True)
class Slot:
    """One line of the timetable; ``phase_key`` None for opening, draw, awards, breaks."""

    start: str            # "HH:MM"
    end: str              # "HH:MM"
    label_key: str        # translatable English msgid
    phase_key: str | None = None
    weight: float | None = None  # share of the phase's matches; None = minutes


@dataclass(frozen=True)
class Progress:
    """Where the day stands (see the module doc for the estimate)."""

    running_phase_key: str | None
    expected_done_fraction: float
    actual_done_fraction: float
    minutes_ahead: int
    estimated_end: str


TEKKEN_TIMETABLE = [  # the seed's own times (RULES.md A "Timetable")
    Slot("09:30", "09:45", N_("Opening and announcements")),
    Slot("09:45", "12:00", N_("First qualifier, first half (check-in from 09:15)"), "q1a"),
    Slot("12:15", "14:30", N_("First qualifier, second half (check-in from 11:45)"), "q1b"),
    Slot("14:45", "15:45", N_("Second qualifier"), "q2"),
    Slot("16:00", "17:00", N_("Wildcard (1-on-1 representative matches)"), "wildcard"),
    Slot("17:15", "17:35", N_("Best 8 draw")),
    Slot("17:40", "18:40", N_("Best 8: quarterfinals"), "best8", 4),
    Slot("18:40", "19:40", N_("Best 8: semifinals"), "best8", 2),
    Slot("19:40", "20:40", N_("Best 8: final"), "best8", 1),
    Slot("20:45", "21:00", N_("Awards ceremony")),
]


def minutes(t) -> int:
    """Minutes since midnight of "HH:MM" or a datetime.time."""
    if isinstance(t, (dt.time, dt.datetime)):
        return t.hour * 60 + t.minute
    hours, mins = str(t).split(":")
    return int(hours) * 60 + int(mins)


def hhmm(m) -> str:
    """"HH:MM" for minutes since midnight (past 24:00 stays e.g. "24:10")."""
    m = int(round(m))
    return f"{m // 60:02d}:{m % 60:02d}"


def _slot_plan(slots, planned_by_phase) -> list[tuple]:
    """(start, end, planned matches) per slot that belongs to a phase."""
    weights: dict[str, float] = {}
    for s in slots:
        if s.phase_key is not None:
            weights[s.phase_key] = weights.get(s.phase_key, 0) + _weight(s)
    out = []
    for s in slots:
        if s.phase_key is not None:
            share = _weight(s) / weights[s.phase_key] if weights[s.phase_key] else 0
            out.append((minutes(s.start), minutes(s.end), planned_by_phase.get(s.phase_key, 0) * share))
    return out


def _weight(s) -> float:
    """The slot's weight: given, or its length in minutes."""
    return s.weight if s.weight is not None else minutes(s.end) - minutes(s.start)


def expected_done(plan, at) -> float:
    """Matches the plan expects done at minute ``at`` (linear within a slot)."""
    total = 0.0
    for start, end, count in plan:
        if at >= end:
            total += count
        elif at > start:
            total += count * (at - start) / (end - start)
    return total


def plan_time(plan, done) -> float:
    """The earliest minute of the day at which the plan reaches ``done`` matches."""
    reached = 0.0
    for start, end, count in plan:
        if count and reached + count >= done:
            return start + (end - start) * max(done - reached, 0) / count
        reached += count
    return plan[-1][1] if plan else 0


def _running(slots, done_by_phase, planned_by_phase) -> str | None:
    """The first phase, in timetable order, that still has planned matches to play."""
    for s in slots:
        k = s.phase_key
        if k is not None and done_by_phase.get(k, 0) < planned_by_phase.get(k, 0):
            return k
    return None


def progress(slots, now, done_by_phase, planned_by_phase) -> Progress:
    """Compare matches done with the plan at ``now``; see the module doc."""
    plan = _slot_plan(slots, planned_by_phase)
    total = sum(c for _, _, c in plan)
    phases = {s.phase_key for s in slots if s.phase_key is not None}
    done = sum(min(done_by_phase.get(k, 0), planned_by_phase.get(k, 0)) for k in phases)
    at = minutes(now)
    expected = expected_done(plan, at)
    ahead = 0 if abs(done - expected) < 1e-9 else round(plan_time(plan, done) - at)
    end = max(minutes(s.end) for s in slots)
    return Progress(_running(slots, done_by_phase, planned_by_phase),
                    expected / total if total else 1.0, done / total if total else 1.0,
                    ahead, hhmm(end - ahead))
