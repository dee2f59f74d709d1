"""Benchmark: the catch-up after an outage: a venue (SQLite) pushes 3,000 waiting operations
of one event to a public taikai (gunicorn, 2 workers, PostgreSQL) in batches of 1,000.

The venue's event is a 64-team 5on5 kachinuki whose first-round matches were played
(each a 5-0: toss, names, games) while the link was down, topped up with check-ins.
The public database is MIRROR_TEST_DATABASE (default taikai_mirror_test, created if
missing) on DATABASE_URL's server or 127.0.0.1:5432. The last line is the figure:
    mirror catch-up: N operations in S s: R operations/s into PostgreSQL
Run from the repo root: .venv/bin/python bench/mirror.py
"""
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

from mirror_support import Server, migrated_app, postgres_url  # noqa: E402
from play_support import kachinuki_ops, team_event  # noqa: E402

from bench.record import command_line, record  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.mirror import pusher, receiver  # noqa: E402
from webapp.operations.submit import submit_many  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.entries.entry import Entry  # noqa: E402

OPS, BATCH = 3000, 1000


def venue_event() -> int:
    """The event and its operations, made at the venue while the internet was down."""
    desk = accounts.create_user("desk", "desk-pass-123", role="desk")
    db.session.commit()
    event, _ = team_event(teams=64)
    ready = [m for m in event.phases[0].brackets[0].matches if m.status == "ready"]
    # Entries built at the edge, as a phone's push builds them (submit_many takes Entry only).
    submit_many([Entry.from_wire(op) for m in ready for op in kachinuki_ops(m)], desk)
    count = len(ready) * 12
    submit_many([Entry.from_wire({"op_id": str(uuid.uuid4()), "device_id": "reception", "kind": "check_in",
                                  "payload": {"entrant_id": event.entrants[i % 64].id, "checked_in": i % 2 == 0}})
                 for i in range(OPS - count)], desk)
    db.session.commit()
    return event.id


def main() -> None:
    """Build both sides, push once with the link up, print the rate."""
    public_url = postgres_url()
    with tempfile.TemporaryDirectory() as tmp:
        venue = migrated_app(f"sqlite:///{tmp}/venue.sqlite3")
        public = migrated_app(public_url)
        with public.app_context():
            _, token = receiver.issue("bench", "bench")
            db.session.commit()
        server = Server(public_url).start()
        try:
            with venue.app_context():
                event_id = venue_event()
                target = pusher.link_event(event_id, server.url, token)
                db.session.commit()
                waiting = pusher.waiting(target)
                start = time.perf_counter()
                result = pusher.push(target, batch=BATCH)
                seconds = time.perf_counter() - start
        finally:
            server.kill()
    assert result.status == "ok" and result.sent == waiting, result
    print(f"mirror catch-up: {result.sent} operations in {seconds:.2f} s: "
          f"{result.sent / seconds:,.0f} operations/s into PostgreSQL")
    record("mirror", command_line("mirror.py"), f"{result.sent / seconds:,.0f} ops/s ({result.sent} operations)",
           "≥ 1,000 ops/s", result.sent / seconds >= 1000)


if __name__ == "__main__":
    main()
