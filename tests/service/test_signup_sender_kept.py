"""The sign-up's sender (issue 35.5): kept only as a hash of the address keyed with the server's
secret — not sha256 of the address, which anyone can reverse by trying every IPv4 address — and
forgotten when the event's last phase is done."""
import hashlib
import random

from webapp.extensions import db
from webapp.models import Signup
from webapp.services.entrants import entrant_lists
from webapp.services.matches import brackets, simulate
from webapp.services.players import signups
from webapp.services.setup import events


def _event():
    event = events.create_event("Weekly", "kgp2025")
    signups.set_settings(event, True, 8, None, [])
    db.session.commit()
    return event


def test_the_stored_sender_cannot_be_found_from_the_address_alone(app, client):
    event = _event()
    answer = client.post(f"/e/{event.slug}/signup", data={"name": "たろう", "reading": "たろう"},
                         environ_base={"REMOTE_ADDR": "203.0.113.7"})
    assert answer.status_code in (200, 302, 303)
    stored = db.session.scalars(db.select(Signup.address)).one()
    guesses = {hashlib.sha256(f"signup:203.0.113.{n}".encode()).hexdigest() for n in range(256)}
    assert stored and stored not in guesses and "203.0.113.7" not in stored


def test_the_sender_is_forgotten_when_the_event_is_over(app):
    event = _event()
    for n in range(4):
        signups.sign_up(event, {"name": f"選手{n}", "reading": ""}, f"sender-{n}")
    entrant_lists.add_entrants(event, [])
    phase = events.add_phase(event, "Bracket", "single_elimination")
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    assert all(db.session.scalars(db.select(Signup.address)))
    simulate.play_phase(phase, random.Random(1))
    db.session.commit()
    assert set(db.session.scalars(db.select(Signup.address))) == {""}
