"""What becomes due with time, done by each server process's clock loop (clock_loop.py), never
inside a person's request (issue 36.2):

- players' reports whose confirmation time passed (services/players/report_clock: a conditional
  update decides which process applies each, once);
- the no-show walkovers that are due (desk.walk_over: each re-checked under the match's lock, so a
  first game entered meanwhile means no walkover, and a second process's copy is "confirmed");
- a stream station whose hold ran out: auto-call calls the stream's next match there (a match is
  called only while it still waits, checked inside the call's write).

Only events with a running phase are looked at: one query, and nothing more on a quiet server.
"""
from datetime import datetime

from ..database import write_transaction
from ..extensions import db
from ..models import Event, Phase
from ..services.day import call_plan
from ..services.decisions import no_shows
from ..services.players import report_clock
from . import autocall, desk


def sweep(now: datetime | None = None) -> int:
    """Everything due now, in transactions of its own; how many entries it made or applied."""
    done = report_clock.sweep(now)
    for event in _running_events():
        done += _walkovers(event, now) + _stream_calls(event)
    return done


def _running_events() -> list[Event]:
    ids = db.session.query(Phase.event_id).filter(Phase.status == "running").distinct()
    return db.session.query(Event).filter(Event.id.in_(ids)).order_by(Event.id).all()


def _walkovers(event: Event, now: datetime | None) -> int:
    if not no_shows.wanted(event):
        return 0
    return sum(o.outcome == "applied" for o in desk.walk_over(event, now))


def _stream_calls(event: Event) -> int:
    if not call_plan.hold_over(event):
        return 0
    with write_transaction(db.session):
        return sum(o.outcome == "applied" for o in autocall.call_next(event, None))
