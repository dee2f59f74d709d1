"""Entries made on the server rather than on a phone, submitted through the pipeline like a
phone's (so the log replays them): a desk page's DQ, withdrawal or their undo, and the automatic
walkovers. The rules deciding them are the services' (disqualifications.py, no_shows.py)."""
from datetime import datetime

from ..extensions import db
from ..models import Entrant, Event
from ..services import ServiceError
from ..services.day import stations
from ..services.decisions import disqualifications
from ..services.entries.entry import Entry
from ..tournament.errors import N_
from .log import Outcome
from .submit import submit


def submit_change(kind: str, entrant: Entrant, user, reason: str = "") -> Outcome:
    """The desk page's change, through the operation pipeline; a refusal is raised as it was given."""
    outcome = submit(disqualifications.entry(kind, entrant, reason), user)
    if outcome.outcome != "applied":
        raise ServiceError(outcome.code or "op.refused", outcome.message or N_("This change was refused."),
                           **(outcome.params or {}))
    return outcome


def walk_over(event: Event, now: datetime | None = None) -> list:
    """Record the walkovers that are due now; returns their outcomes."""
    outcomes = []
    for match, winner in stations.due_walkovers(event, now):
        db.session.refresh(match)  # a first game entered since the list was read: no walkover
        if not stations.no_show_over(match, now):
            continue
        op = Entry.by_server("record_winner", "auto-walkover", match.id, {"winner": winner, "walkover": True},
                             base_version=match.slots_version)
        outcomes.append(submit(op, None))
    return outcomes
