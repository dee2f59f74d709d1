"""A NUL in any form field or JSON body: refused in words (422) before any view stores it, on SQLite
and PostgreSQL (PostgreSQL refuses NUL in text: a sign-up name with one was a 500)."""
import pytest
from fresh_limits import fresh_limits  # noqa: F401 (an autouse fixture)

from webapp.extensions import db
from webapp.models import Entrant, Event, Signup
from webapp.services.players import signups
from webapp.services.setup import events


def _event():
    event = events.create_event("週末大会", "kgp2025")
    signups.set_settings(event, True, 4, None, ["使用キャラ"])
    db.session.commit()
    return event


@pytest.mark.parametrize("fields", [{"name": "たろう\x00"}, {"name": "たろう", "q0": "リュウ\x00"},
                                    {"name": "たろう", "x\x00": "1"}])
def test_a_sign_up_with_a_nul_is_refused_in_words(app, fields):
    event = _event()
    answer = app.test_client().post(f"/e/{event.slug}/signup", data=fields)  # ja first
    assert answer.status_code == 422 and "制御文字（NUL）" in answer.get_data(as_text=True)
    assert db.session.query(Signup).count() == 0 and db.session.query(Entrant).count() == 0


def test_a_desk_form_and_a_json_body_with_a_nul_are_refused_in_words(desk_client):
    answer = desk_client.post("/desk/events/from-file?lang=en", data={"name": "週末\x00大会"})
    assert answer.status_code == 422 and "(NUL)" in answer.get_data(as_text=True)
    answer = desk_client.post("/desk/events/from-file?lang=en", json={"a": [{"b": "x\x00"}]})
    assert answer.status_code == 422 and "(NUL)" in answer.get_json()["message"]
    assert db.session.query(Event).count() == 0
