"""Invariant (issue 39.4): whatever the day's history of results, corrections, reopened matches and time
offline, once the queue has been worked through Challonge holds every match's winner and scores_csv as
taikai does, and nothing taikai did not send was overwritten."""
from datetime import datetime, timedelta, timezone

from challonge_standin import ChallongeStandIn, challonge_holds, taikai_holds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tie_histories import STEPS, step

from webapp.extensions import db
from webapp.models import Phase, TieLink, TieReport
from webapp.services import ServiceError
from webapp.services.setup import events
from webapp.services.ties import challonge, desk, queue, sender
from webapp.tournament.errors import RuleViolation

T0 = datetime(2026, 12, 5, 10, 0, tzinfo=timezone.utc)


def _send(link, chal, clock: list) -> None:
    queue.catch_up(link, challonge.body_of)
    db.session.commit()
    clock[0] += timedelta(minutes=6)
    challonge.send_due(link, clock[0], url=chal.url)



@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["single elimination", "double elimination"]), steps=STEPS)
def test_challonge_ends_holding_every_match_as_taikai_does(app, kind, steps):
    sender._windows.clear()
    with ChallongeStandIn() as chal:
        chal.put(kind, 4 if kind == "single elimination" else 8)
        event = events.create_event(f"Weekly {kind}", "standard_1on1")
        db.session.commit()
        desk.link_challonge(event, "weekly12", chal.key, None, url=chal.url)
        db.session.commit()
        link = db.session.query(TieLink).filter_by(event_id=event.id).one()
        phase = db.session.query(Phase).filter_by(event_id=event.id).one()
        clock = [T0]
        for what, pick in steps:
            try:
                step(what, pick, phase, chal, lambda: _send(link, chal, clock))
            except (RuleViolation, ServiceError):
                db.session.rollback()
        chal.offline = False
        for _ in range(6):
            _send(link, chal, clock)
        states = {r.state for r in db.session.query(TieReport).filter_by(link_id=link.id)}
        assert states <= {"sent", "same"}, states
        assert challonge_holds(chal) == taikai_holds(link, chal)
