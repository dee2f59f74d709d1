"""The event's clock confirms a waiting report when its time passes, with nobody on its pages (issue 30).

A loop of each process's own sweeps (operations/clock_loop.py), never a request; two processes sweeping at
once apply it once: the database's conditional update decides which one does.
"""
import threading
import uuid
from datetime import datetime, timedelta, timezone

from play_support import team_event

from webapp.extensions import db
from webapp.models import MatchRow, Operation, PlayerReport
from webapp.operations import clock_loop
from webapp.services.players import report_clock, self_report


def _waiting_report(minutes: str, ago: int):
    """A match reported 2-0 and waiting for the opponent since `ago` minutes."""
    event, match = team_event("best_of", "kgp2025", teams=4, size=1)
    self_report.save_settings(event, True, minutes, type("Desk", (), {"is_desk": True, "id": None})())
    for _ in range(2):
        report = self_report.add_entry(db.session.get(MatchRow, match.id), match.slot_a, str(uuid.uuid4()),
                                       "report_game", {"winner": "a", "rounds_a": 2, "rounds_b": 0})
    report.completed_at = datetime.now(timezone.utc) - timedelta(minutes=ago)
    db.session.commit()
    return event, match.id, report.id


def _applied(match_id: int) -> int:
    db.session.rollback()
    return db.session.query(Operation).filter_by(match_id=match_id, outcome="applied").count()


def test_the_clock_applies_a_due_report_once_with_nobody_looking(app):
    event, match_id, report_id = _waiting_report("5", ago=6)
    assert clock_loop.sweep_once(app) == 1
    db.session.rollback()  # the sweep wrote in its own session: read what it committed
    assert db.session.get(MatchRow, match_id).status == "done" and _applied(match_id) == 2
    assert db.session.get(PlayerReport, report_id).decided_by == "auto"
    assert clock_loop.sweep_once(app) == 0 and _applied(match_id) == 2


def test_the_loop_of_its_own_confirms_it_while_nobody_asks_anything(app):
    _event, match_id, _report_id = _waiting_report("5", ago=6)
    app.config["CLOCK_SECONDS"] = 0.05
    stop = clock_loop.start_thread(app)
    try:
        for _ in range(200):
            db.session.rollback()
            if db.session.get(MatchRow, match_id).status == "done":
                break
            threading.Event().wait(0.05)
    finally:
        stop.set()
        app.config["CLOCK_SECONDS"] = 5
    assert db.session.get(MatchRow, match_id).status == "done" and _applied(match_id) == 2


def test_no_request_runs_a_sweep(app, desk_client, monkeypatch):
    """Whatever a phone, a page or the desk's board asks, the answer's transaction never holds the
    clock's work (reports confirmed, walkovers, stream calls)."""
    from flask import has_request_context

    from webapp.operations import autocall, desk
    event, _match_id, _report_id = _waiting_report("5", ago=6)
    inside = []
    for module, name in ((report_clock, "sweep"), (desk, "walk_over"), (autocall, "call_next")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _real=real, **k: inside.append(has_request_context()) or _real(*a, **k))
    for path in (f"/e/{event.slug}", f"/e/{event.slug}/standings", "/", f"/e/{event.slug}/players",
                 f"/desk/e/{event.id}/stations", "/desk/conflicts/"):
        assert desk_client.get(path).status_code == 200
    desk_client.post("/sync/ops", json={"device_id": "x", "ops": []})
    assert True not in inside


def test_a_report_not_yet_due_or_never_due_waits(app, client):
    _, soon_id, _ = _waiting_report("5", ago=4)
    _, never_id, _ = _waiting_report("", ago=600)
    assert report_clock.sweep() == 0
    assert {db.session.get(MatchRow, i).status for i in (soon_id, never_id)} == {"ready"}


def test_two_processes_sweeping_at_once_apply_it_once(app):
    _, match_id, _ = _waiting_report("5", ago=6)
    start, counts, errors = threading.Barrier(2), [], []

    def sweeper():
        with app.app_context():
            try:
                start.wait(10)
                counts.append(report_clock.sweep())
            except Exception as problem:  # noqa: BLE001 - reported by the assertion below
                errors.append(problem)
            finally:
                db.session.remove()

    threads = [threading.Thread(target=sweeper) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors and sorted(counts) == [0, 1]
    assert _applied(match_id) == 2 and db.session.get(MatchRow, match_id).status == "done"


def test_a_claim_left_by_a_dead_process_is_taken_again_after_its_lease(app):
    _, _, report_id = _waiting_report("5", ago=6)
    now = datetime.now(timezone.utc)
    assert report_clock.claim(report_id, now) and not report_clock.claim(report_id, now)
    assert report_clock.claim(report_id, now + report_clock.LEASE + timedelta(seconds=1))
