"""Two stations finish the last matches of a phase's two pools at the same moment: the phase is done.

Invariant: once no match of a phase is left to play, the phase is "done" — whatever the order in
which concurrent writers decide its last matches. On PostgreSQL both used to read the other's
match as still open (neither had committed) and the phase stayed "running" for good. Here the
first writer is held after its check until the second has had every chance to run its own.
"""
import threading

from webapp.database import write_transaction
from webapp.extensions import db
from webapp.models import MatchRow, Phase
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events


def _two_pools():
    event = events.create_event("二台同時 テスト", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 5)])
    phase = events.add_phase(event, "予選", "single_elimination", group_count=2)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    last = [next(m for m in row.matches if m.status == "ready") for row in phase.brackets]
    return phase.id, [m.id for m in last]


def _decide(app, match_id, errors):
    try:
        with app.app_context():
            with write_transaction(db.session):
                match = db.session.get(MatchRow, match_id)
                brackets.record_winner(match, match.slot_a)
            db.session.remove()
    except Exception as problem:  # noqa: BLE001 - reported by the test
        errors.append(problem)


def test_two_last_matches_decided_at_once_finish_the_phase(app, monkeypatch):
    phase_id, (first, second) = _two_pools()
    checked, second_done, errors = threading.Event(), threading.Event(), []
    check = brackets._finish_phase_if_done

    def held_after_check(phase, touched=()):
        check(phase, touched)
        if threading.current_thread().name == "first":
            checked.set()
            second_done.wait(2)  # the second writer runs now, unless something makes it wait for us

    monkeypatch.setattr(brackets, "_finish_phase_if_done", held_after_check)

    def run_second():
        checked.wait(10)
        _decide(app, second, errors)
        second_done.set()

    threads = [threading.Thread(target=_decide, args=(app, first, errors), name="first"),
               threading.Thread(target=run_second, name="second")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors
    db.session.rollback()
    assert all(m.status == "done" for row in db.session.get(Phase, phase_id).brackets for m in row.matches
               if m.status not in ("bye", "void"))
    assert db.session.get(Phase, phase_id).status == "done"
