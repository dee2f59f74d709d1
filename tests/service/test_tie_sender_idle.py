"""The start.gg sender's pass every 10 seconds (issue 39.3): when nothing of the event changed since its
last pass, and that pass queued nothing, it reads no linked match at all — a day of 512 linked sets costs a few
numbers per pass, not 512 results; a result, a call or an id the desk matched makes the next pass look."""
from datetime import datetime, timedelta, timezone

import pytest
from startgg_event import on_standin, played_event
from startgg_standin import serving

from webapp.extensions import db
from webapp.models import TieReport
from webapp.services.matches import brackets
from webapp.services.ties import results
from webapp.web import tie_sender

TOKEN = "sgg-idle-token-51c2"
START = datetime(2026, 12, 5, 10, tzinfo=timezone.utc)


@pytest.fixture
def gg(app):
    with serving(app, TOKEN) as standin:
        yield standin


def test_an_idle_pass_reads_no_result_and_a_new_one_is_sent_at_the_next(app, gg, monkeypatch):
    event, phase = played_event("double_elimination", 8)
    on_standin(gg, event, phase, token=TOKEN)
    read = []
    body_of = results.body_of
    monkeypatch.setattr(results, "body_of", lambda match, *rest: read.append(match.id) or body_of(match, *rest))
    ready = [m for m in phase.brackets[0].matches if m.status == "ready"]
    brackets.record_winner(ready[0], ready[0].slot_a)
    db.session.commit()

    tie_sender.send_once(app, START)
    assert read and db.session.query(TieReport).filter_by(state="sent").count() == 1
    tie_sender.send_once(app, START + timedelta(seconds=10))  # after a pass that queued, one more looks
    for minute in (1, 2, 3):  # nothing happened since: no match is read
        read.clear()
        tie_sender.send_once(app, START + timedelta(minutes=minute))
        assert read == [], minute
    db.session.commit()
    brackets.record_winner(ready[1], ready[1].slot_b)
    db.session.commit()
    tie_sender.send_once(app, START + timedelta(minutes=4))
    db.session.commit()
    assert read and db.session.query(TieReport).filter_by(state="sent").count() == 2
