"""Invariant (issue 39.3): whatever the day's history of results, corrections, reopened matches and time
offline, once the queue has been worked through start.gg holds every set exactly as taikai does (the
stand-in's sets equal taikai's), and start.gg's schema took every request."""
from datetime import datetime, timedelta, timezone

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from startgg_event import on_standin, played_event, standin_bodies, taikai_bodies
from startgg_standin import StartggStandIn
from tie_histories import STEPS, step

from webapp.extensions import db
from webapp.models import TieReport
from webapp.services import ServiceError
from webapp.services.ties import queue, sender
from webapp.tournament.errors import RuleViolation

T0 = datetime(2026, 12, 5, 10, 0, tzinfo=timezone.utc)



def _send(link, gg, clock: list) -> None:
    queue.catch_up(link)
    db.session.commit()
    clock[0] += timedelta(minutes=6)  # past any wait the link was given
    sender.send_due(link, clock[0], url=gg.url)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fmt=st.sampled_from(["single_elimination", "double_elimination"]), steps=STEPS)
def test_start_gg_ends_holding_every_set_as_taikai_does(app, fmt, steps):
    sender._windows.clear()
    event, phase = played_event(fmt, 4 if fmt == "single_elimination" else 8)
    with StartggStandIn() as gg:
        link = on_standin(gg, event, phase)
        clock = [T0]
        for kind, pick in steps:
            try:
                step(kind, pick, phase, gg, lambda: _send(link, gg, clock))
            except (RuleViolation, ServiceError):
                db.session.rollback()
        gg.offline = False
        for _ in range(6):
            _send(link, gg, clock)
        assert gg.invalid == []
        states = {r.state for r in db.session.query(TieReport).filter_by(link_id=link.id)}
        assert states <= {"sent", "same"}, states
        assert standin_bodies(gg) == taikai_bodies(link)
