"""The day's timetable: stored on the event, editable by the desk, compared with play."""
import re
from dataclasses import asdict
from datetime import datetime
from zoneinfo import ZoneInfo

from ...models import Event
from ...tournament import schedule
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit

HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def slots(event: Event) -> list[schedule.Slot]:
    """The event's timetable lines."""
    return [schedule.Slot(**s) for s in (event.settings or {}).get("timetable", [])]


def update_times(event: Event, form, user=None) -> None:
    """Save new start/end times; every time HH:MM and each line ending after it starts."""
    new = []
    for i, slot in enumerate(slots(event)):
        start = form.get(f"start-{i}", slot.start).strip()
        end = form.get(f"end-{i}", slot.end).strip()
        if not (HHMM.match(start) and HHMM.match(end)) or end < start:
            raise ServiceError("schedule.time", N_("Line %(line)s: use HH:MM times, the end after the start."),
                               line=i + 1)
        new.append(asdict(schedule.Slot(start, end, slot.label_key, slot.phase_key, slot.weight)))
    event.settings = {**(event.settings or {}), "timetable": new}
    audit.record("schedule.update", user, event.id, timetable=new)


def _counts(event: Event) -> dict[str, int]:
    done = {}
    for phase in event.phases:
        done[phase.key] = sum(1 for b in phase.brackets for m in b.matches
                              if m.status == "done" and m.slot_a and m.slot_b)
    return done


def progress(event: Event, zone: str, now: datetime | None = None) -> schedule.Progress | None:
    """Where the day stands against its plan at ``now`` (the venue's clock in ``zone``, an IANA
    name the caller reads from its configuration), or None for an event without a timetable."""
    from ..setup.event_templates import plan_for

    lines = slots(event)
    if not lines or not event.template:
        return None
    now = now or datetime.now(ZoneInfo(zone))
    return schedule.progress(lines, now.strftime("%H:%M"), _counts(event), plan_for(event).planned_matches)
