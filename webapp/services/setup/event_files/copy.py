"""Copying an event (Tonamel's 過去大会のコピー): its setup under a new name and day, a new staff PIN.

Settings, phases, stations and rules come through the event file (dump, then create), so a
copy holds exactly what a downloaded file would; entrants only when asked, without their
check-in, seeds' results, DQs or anything of the day. Results, the log and sign-ins stay behind.
"""
from ....models import Event
from ...accounts import audit
from ...accounts import users as accounts
from .build import create_event, dump
from .check import check


def copy_event(event: Event, name: str, day=None, with_entrants: bool = False, user=None) -> tuple[Event, str]:
    """The new event and its new staff PIN (shown once, like the desk's PIN button)."""
    spec = check({**dump(event), "name": name, "day": day})
    rows = [_row(e) for e in event.entrants] if with_entrants else None
    copy = create_event(spec, user, rows)
    pin = accounts.set_staff_pin(copy)
    audit.record("event.copy", user, copy.id, source=event.id, entrants=bool(with_entrants))
    return copy, pin


def _row(entrant) -> dict:
    """An entrant as entrants.add_entrants takes it: name, reading, seed, members; no day state."""
    info = {k: v for k, v in (entrant.info or {}).items() if k in ("region", "category")}
    return {"name": entrant.name, "reading": entrant.reading, "seed": entrant.seed, "info": info or None,
            "age_group": entrant.age_group or "",
            "members": [(m.name, m.character, False, m.reading) for m in entrant.members]}
