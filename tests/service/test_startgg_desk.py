"""The desk links an event to start.gg and sees the queue (issue 39.1, 39.3): the token is kept and never
shown again, nor logged; a refusal shows start.gg's words and can be sent again; a conflict shows both
versions and the desk chooses; removing the link removes the token."""
import logging
from datetime import datetime, timezone

import pytest
from startgg_brackets import put
from startgg_event import on_standin, played_event
from startgg_standin import serving

from webapp.extensions import db
from webapp.models import TieLink, TieReport
from webapp.services.matches import brackets
from webapp.services.setup import events
from webapp.web import tie_sender

TOKEN = "sgg-desk-token-93b1f0"


@pytest.fixture
def gg(app):
    with serving(app, TOKEN) as standin:
        yield standin


def test_the_token_is_kept_and_never_shown_again_and_removing_the_link_removes_it(app, desk_client, gg):
    put(gg, "SINGLE_ELIMINATION", 4)
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    page = desk_client.get(f"/desk/e/{event.id}/startgg").get_data(as_text=True)
    assert 'name="token"' in page
    answer = desk_client.post(f"/desk/e/{event.id}/startgg/link", data={
        "event": "https://www.start.gg/tournament/weekly-12/event/ultimate-singles/overview", "token": TOKEN},
        follow_redirects=True)
    text = answer.get_data(as_text=True)
    assert "tournament/weekly-12/event/ultimate-singles" in text and TOKEN not in text
    assert db.session.query(TieLink).one().token == TOKEN
    assert TOKEN not in desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    desk_client.post(f"/desk/e/{event.id}/startgg/unlink")
    assert db.session.query(TieLink).count() == 0


def test_a_pasted_address_that_is_no_start_gg_event_is_refused_in_words(app, desk_client):
    event, _phase = played_event("single_elimination", 4)
    answer = desk_client.post(f"/desk/e/{event.id}/startgg/link", data={"event": "weekly", "token": TOKEN},
                              follow_redirects=True)
    assert db.session.query(TieLink).count() == 0 and TOKEN not in answer.get_data(as_text=True)


def test_the_loop_reports_and_the_desk_sees_refusals_and_conflicts(app, desk_client, gg, caplog):
    caplog.set_level(logging.DEBUG)
    event, phase = played_event("single_elimination", 4)
    on_standin(gg, event, phase, token=TOKEN)
    first, second = [m for m in phase.brackets[0].matches if m.status == "ready"]
    for match in (first, second):
        brackets.record_winner(match, match.slot_a)
    db.session.commit()
    sets = {int(t.remote): int(t.local) for t in db.session.query(TieLink).one().ids if t.kind == "match"}
    first_set = next(s for s, m in sets.items() if m == first.id)
    second_set = next(s for s, m in sets.items() if m == second.id)
    gg.report(second_set, gg.sets[second_set]["slots"][1]["entrant"]["id"], False, [])  # another result there
    saved = gg.sets.pop(first_set)
    tie_sender.send_once(app, datetime(2026, 12, 5, 10, tzinfo=timezone.utc))
    db.session.commit()  # the loop wrote in its own transaction: read after it
    page = desk_client.get(f"/desk/e/{event.id}/startgg").get_data(as_text=True)
    assert f"Set not found for id: {first_set}" in page
    assert 'data-state="conflict"' in page and 'data-state="refused"' in page
    refused = db.session.query(TieReport).filter_by(state="refused").one()
    conflict = db.session.query(TieReport).filter_by(state="conflict").one()
    gg.sets[first_set] = saved
    desk_client.post(f"/desk/tie-report/{refused.id}/again")
    desk_client.post(f"/desk/tie-report/{conflict.id}/ours")
    db.session.commit()  # the desk's requests ran in this test's session: end its transaction first
    tie_sender.send_once(app, datetime(2026, 12, 5, 10, 5, tzinfo=timezone.utc))
    db.session.commit()
    assert gg.sets[first_set]["winnerId"] == 8000 + first.slot_a
    assert gg.sets[second_set]["winnerId"] == 8000 + second.slot_a
    assert TOKEN not in caplog.text
