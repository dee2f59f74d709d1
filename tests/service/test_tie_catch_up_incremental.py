"""Invariant (issue 39.3, the catch-up reading only what moved): whatever the day's history — results,
corrections, reopened matches, calls to stations, the desk's choice to mark called sets, catch-up passes
that commit and passes whose transaction is rolled back — after one more committed pass every linked set's
last queued report is what a pass reading every match from scratch would queue (the set's result, or
"called"), and a pass right after it queues nothing."""
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from startgg_event import on_standin, played_event, taikai_bodies
from startgg_standin import StartggStandIn
from tie_histories import step

from webapp.database import utcnow
from webapp.extensions import db
from webapp.lru import forget_all
from webapp.models import MatchRow, TieReport
from webapp.services import ServiceError
from webapp.services.ties import queue, results
from webapp.tournament.errors import RuleViolation

STEPS = st.lists(st.tuples(st.sampled_from(["play", "play", "correct", "reopen", "call", "mark", "send",
                                            "send", "rolled_back"]),
                           st.integers(min_value=0, max_value=10_000)), min_size=1, max_size=30)


def _step(kind: str, pick: int, phase, link) -> None:
    """The report histories' steps (tie_histories), with calls, the desk's mark-called choice and passes."""
    ready = [m for b in phase.brackets for m in b.matches if m.status == "ready"]
    if kind == "call" and ready:
        ready[pick % len(ready)].called_at = utcnow()
    elif kind == "mark":
        link.mark_called = not link.mark_called
    elif kind == "rolled_back":
        queue.catch_up_when_changed(link)
        db.session.rollback()
        return
    step(kind, pick, phase, None, lambda: queue.catch_up_when_changed(link))
    db.session.commit()


def _expected(link) -> dict:
    """What a pass reading every match would leave as each set's last report."""
    out = taikai_bodies(link)
    for t in link.ids:
        match = db.session.get(MatchRow, int(t.local)) if t.kind == "match" else None
        if match is not None and out[t.remote] is None and link.mark_called and match.called_at is not None \
                and match.slot_a and match.slot_b:
            out[t.remote] = results.CALLED
    return out


def _last_queued(link) -> dict:
    out = {}
    for report in db.session.query(TieReport).filter_by(link_id=link.id).order_by(TieReport.id):
        out[report.set_id] = report.body
    return out


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fmt=st.sampled_from(["single_elimination", "double_elimination"]), steps=STEPS)
# a pass rolled back after it queued a result, then a commit of something else: the result is queued again
@example(fmt="single_elimination", steps=[("play", 0), ("rolled_back", 0), ("play", 1), ("send", 0)])
# a correction whose pass was rolled back: the idle check must not remember that pass as done
@example(fmt="single_elimination", steps=[("play", 0), ("send", 0), ("correct", 0), ("rolled_back", 0)])
def test_a_pass_reading_what_moved_queues_what_a_pass_reading_everything_would(app, fmt, steps):
    forget_all()
    event, phase = played_event(fmt, 8)
    with StartggStandIn() as gg:
        link = on_standin(gg, event, phase)
    for kind, pick in steps:
        try:
            _step(kind, pick, phase, link)
        except (RuleViolation, ServiceError):
            db.session.rollback()
    queue.catch_up_when_changed(link)
    db.session.commit()
    expected, queued = _expected(link), _last_queued(link)
    for set_id, body in expected.items():
        assert results.same(queued.get(set_id), body), (set_id, queued.get(set_id), body, fmt, steps)
    assert queue.catch_up_when_changed(link) == 0
