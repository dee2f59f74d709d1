"""Automatic walkovers for no-shows, made only where the desk turned them on for the phase.

Each is a logged ``record_winner`` entry (device "auto-walkover"), so the log replays it;
a station it frees is filled by auto-call in the same transaction, as after any result.
"""
import uuid
from datetime import datetime

from ..extensions import db
from ..models import Event
from . import operations, stations


def walk_over(event: Event, now: datetime | None = None) -> list:
    """Record the walkovers that are due now; returns their outcomes."""
    outcomes = []
    for match, winner in stations.due_walkovers(event, now):
        db.session.refresh(match)  # a first game entered since the list was read: no walkover
        if not stations.no_show_over(match, now):
            continue
        op = {"op_id": str(uuid.uuid4()), "device_id": "auto-walkover", "kind": "record_winner",
              "match_id": match.id, "base_version": match.slots_version,
              "payload": {"winner": winner, "walkover": True}}
        outcomes.append(operations.submit(op, None))
    return outcomes


def wanted(event: Event) -> bool:
    """Some running phase of the event has automatic walkovers on."""
    return any(p.status == "running" and (p.calling or {}).get("auto_walkover") for p in event.phases)

