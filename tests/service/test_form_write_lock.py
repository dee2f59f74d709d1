"""A desk form is never refused because another request wrote while it was reading.

On SQLite (WAL) a transaction that read and then writes after another writer committed is
refused at once ("database is locked"; the busy timeout does not apply). Forms that change
things therefore hold the write lock from their first statement (database.immediate_writes)
and wait their turn. On PostgreSQL the same form waits on the row lock. Either way: no 500.
"""
import threading
import time

from sqlalchemy import text

from webapp.extensions import db
from webapp.services.setup import events


def _hold_the_write_lock(app, event_id, started: threading.Event, seconds: float) -> None:
    with app.app_context():
        with db.engine.connect() as conn:
            conn.begin()
            conn.execute(text("UPDATE event SET name = name WHERE id = :id"), {"id": event_id})  # the lock
            started.set()
            time.sleep(seconds)
            conn.commit()


def test_a_form_sent_while_another_request_writes_waits_its_turn(app, desk_client):
    event = events.create_event("書き込み待ち杯", "kgp2025")
    db.session.flush()
    event_id = event.id
    db.session.commit()  # and touch no row after: the request's transaction is the form's own
    started = threading.Event()
    writer = threading.Thread(target=_hold_the_write_lock, args=(app, event_id, started, 1.0))
    writer.start()
    started.wait(5)
    response = desk_client.post(f"/desk/e/{event_id}/pin", data={"pin": "24681357"})
    writer.join(10)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert "24681357" in response.get_data(as_text=True)


def test_the_start_preview_keeping_its_draw_waits_its_turn_too(app, desk_client):
    """The start preview is a page view that writes on its first look (it keeps the draw it shows): a
    result committed while it reads makes it wait for the lock, never answer 503."""
    from webapp.services.entrants import entrant_lists

    event = events.create_event("プレビュー待ち杯", "", game="sf6")
    entrant_lists.add_entrants(event, [{"name": f"選手{i}", "seed": None, "members": []} for i in range(1, 9)])
    phase = events.add_phase(event, "本戦", "double_elimination")
    db.session.commit()
    event_id, phase_id = event.id, phase.id
    started = threading.Event()
    writer = threading.Thread(target=_hold_the_write_lock, args=(app, event_id, started, 1.0))
    writer.start()
    started.wait(5)
    response = desk_client.get(f"/desk/phase/{phase_id}/preview")
    writer.join(10)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
