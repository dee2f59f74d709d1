"""Copying an event (Tonamel's 過去大会のコピー): its setup under a new name and day, a new staff PIN.

Settings, phases, stations and rules come through the event file (dump, then create), so a
copy holds exactly what a downloaded file would; entrants only when asked, without their
check-in, seeds' results, DQs or anything of the day. Results, the log and sign-ins stay behind.
"""
import re
from datetime import datetime, timedelta

from ....models import Event
from ....tournament.curfew import with_guardian
from ...accounts import audit
from ...accounts import users as accounts
from .. import events
from .build import create_event, dump
from .check import check

WEEK = timedelta(days=7)


def copy_event(event: Event, name: str, day=None, with_entrants: bool = False, user=None) -> tuple[Event, str]:
    """The new event and its new staff PIN (shown once, like the desk's PIN button)."""
    spec = check({**dump(event), "name": name, "day": day})
    if spec.get("day") and event.day:  # the sign-up closes as long before the new day as before the old one
        spec = check({**spec, "signup": _closing_moved(spec["signup"], spec["day"] - event.day)})
    rows = [_row(e) for e in event.entrants] if with_entrants else None
    copy = create_event(spec, user, rows)
    pin = accounts.set_staff_pin(copy)
    audit.record("event.copy", user, copy.id, source=event.id, entrants=bool(with_entrants))
    return copy, pin


def _row(entrant) -> dict:
    """An entrant as entrants.add_entrants takes it: name, reading, seed, members; no day state."""
    info = {k: v for k, v in (entrant.info or {}).items() if k in ("region", "category")}
    return {"name": entrant.name, "reading": entrant.reading, "seed": entrant.seed, "info": info or None,
            "age_group": with_guardian(entrant.age_group or "", False),  # a guardian comes (or not) on the day
            "members": [(m.name, m.character, False, m.reading) for m in entrant.members]}


def _closing_moved(signup: dict, by: timedelta) -> dict:
    """The sign-up settings with their closing time moved with the day (else a copy opens already closed)."""
    if not signup.get("closes_at"):
        return dict(signup)
    moved = datetime.fromisoformat(signup["closes_at"]) + by
    return {**signup, "closes_at": moved.strftime("%Y-%m-%dT%H:%M")}


NUMBER = re.compile(r"(\d+)(?!.*\d)")  # the last number: "#31", "vol-31"


def next_number(text: str) -> str:
    """ "Weekly #31" → "Weekly #32" (the last number, its zero padding kept); no number: as it was."""
    return NUMBER.sub(lambda m: str(int(m.group(1)) + 1).zfill(len(m.group(1))), text, count=1)


def next_week(event: Event, user=None) -> tuple[Event, str]:
    """Next week's event: everything the desk set, the number in the name and the address one up,
    the day (and the sign-up's closing time) a week later; no entrants, nothing of the day."""
    spec = dump(event)
    address = next_number(event.slug) if NUMBER.search(event.slug) else ""
    if address and events.unique_slug(address) != address:
        address = ""  # taken: made from the name instead
    signup = _closing_moved(spec["signup"], WEEK)
    day = event.day + WEEK if event.day else None
    made = create_event(check({**spec, "name": next_number(event.name), "address": address, "day": day,
                               "signup": signup}), user)
    pin = accounts.set_staff_pin(made)
    audit.record("event.next_week", user, made.id, source=event.id)
    return made, pin
