"""Sign-up closes itself: at its closing time, at the start of the first phase (unless the desk keeps
late entries open) and at the end of the event; the page says which, and a post is refused in words."""
from datetime import date, timedelta

import pytest
from fresh_limits import fresh_limits  # noqa: F401 (an autouse fixture)

from webapp.extensions import db
from webapp.services.players import signups
from webapp.services.setup import events


def _event(late=False, status="running"):
    event = events.create_event("週末大会 #31", "kgp2025")
    events.add_phase(event, "本戦", "double_elimination")
    events.add_phase(event, "Top 8", "double_elimination")
    signups.set_settings(event, True, 24, None, [], late=late)
    event.phases[0].status = status
    db.session.commit()
    return event


def _post(app, event, name="おそい"):
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "198.51.100.9"
    return phone, phone.post(f"/e/{event.slug}/signup?lang=en", data={"name": name})


def test_sign_up_closes_at_the_start_of_the_first_phase(app):
    event = _event()
    phone, refused = _post(app, event)
    assert refused.status_code == 422
    assert "The event has started: sign-up closed at the start." in refused.get_data(as_text=True)
    page = phone.get(f"/e/{event.slug}/signup?lang=ja").get_data(as_text=True)
    assert "大会が始まったため、受付は開始時に締め切りました。" in page
    assert not event.entrants and not signups.listed(event)


def test_the_desk_can_keep_late_entries_open(app):
    event = _event(late=True)
    assert signups.is_open(event)
    _phone, taken = _post(app, event)
    assert taken.status_code == 200
    assert [e.name for e in event.entrants] == ["おそい"]


@pytest.mark.parametrize("how", ["every phase done", "the day is past"])
def test_sign_up_closes_at_the_end_of_the_event(app, how):
    event = _event(late=True)
    if how == "every phase done":
        for phase in event.phases:
            phase.status = "done"
    else:
        event.phases[0].status = "draft"
        event.day = date.today() - timedelta(days=2)
    db.session.commit()
    phone, refused = _post(app, event, "25人目")
    assert refused.status_code == 422
    assert "This event has ended: sign-up is closed." in refused.get_data(as_text=True)
    assert "この大会は終了しました。受付は締め切りました。" in phone.get(f"/e/{event.slug}/signup?lang=ja").get_data(as_text=True)
    assert not signups.listed(event)


def test_the_closing_time_is_said_when_reached(app):
    event = _event(status="draft")
    event.settings = {**event.settings, "signup": {**event.settings["signup"], "closes_at": "2020-01-01T12:00"}}
    db.session.commit()
    _phone, refused = _post(app, event)
    assert refused.status_code == 422
    assert "Sign-up closed at 01/01 12:00." in refused.get_data(as_text=True)
