"""N entered players withdraw at the same moment (cap N, N waiting) against real gunicorn workers, on
the suite's database (PostgreSQL when DATABASE_URL names it, else SQLite): every withdrawal is
recorded, exactly N are promoted in waitlist order, no answer is an error ("deadlock detected" was a
500 for most of them on PostgreSQL: every change of places now takes the event's row first)."""
import re
import threading

import httpx
import pytest
from serving import GunicornProcess

from webapp.extensions import db
from webapp.models import AuditEntry, Signup
from webapp.services.players import signups
from webapp.services.setup import events

N = 6


def _event():
    event = events.create_event("同時辞退テスト", "kgp2025")
    signups.set_settings(event, True, N, 100, [])
    tokens = []
    for i in range(2 * N):
        signup, token = signups.sign_up(event, {"name": f"選手{i:02d}", "members": []}, f"198.51.100.{i}")
        tokens.append(token)
    db.session.commit()
    return event, tokens


@pytest.fixture
def server(app):
    running = GunicornProcess(app, ["serve"], TAIKAI_WORKERS="4").start()
    yield running
    running.stop()


def _withdraw(base, slug, token, start, answers):
    with httpx.Client(base_url=base, timeout=30) as phone:
        phone.get(f"/e/{slug}/me/{token}")
        page = phone.get(f"/e/{slug}/me").text
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        start.wait()
        answers.append(phone.post(f"/e/{slug}/me/withdraw", data={"csrf_token": csrf}).status_code)


def test_simultaneous_withdrawals_all_count_and_promote_the_line_in_order(app, server):
    event, tokens = _event()
    base, start, answers = f"http://127.0.0.1:{server.port}", threading.Barrier(N), []
    phones = [threading.Thread(target=_withdraw, args=(base, event.slug, token, start, answers))
              for token in tokens[:N]]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join(60)
    db.session.commit()  # a new transaction: SQLite's snapshot is taken at the first read of one
    assert sorted(answers) == [302] * N, server.read_output()[-3000:]
    rows = db.session.query(Signup).filter_by(event_id=event.id).order_by(Signup.id).all()
    assert [s.status for s in rows] == ["withdrawn"] * N + ["entered"] * N
    promoted = db.session.query(AuditEntry).filter_by(action="signup.promoted").order_by(AuditEntry.id).all()
    assert [p.detail["signup"] for p in promoted] == [s.id for s in rows[N:]]
    assert sorted(e.name for e in event.entrants) == [f"選手{i:02d}" for i in range(N, 2 * N)]
