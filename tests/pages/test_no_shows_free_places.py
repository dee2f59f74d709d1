"""Dropping no-shows at the check-in close gives their places to the waitlist, in order; the desk's
sign-up list stops showing them as entered and the public page's counts agree. Once the bracket has
started, the desk is told why nobody moved up."""
from fresh_limits import fresh_limits  # noqa: F401 (an autouse fixture)

from webapp.extensions import db
from webapp.models import Event, Signup
from webapp.services.players import signups
from webapp.services.setup import events


def _full_event(app, names=("あお", "あか", "きいろ", "みどり", "しろ")):
    event = events.create_event("週末大会 #31", "kgp2025")
    events.add_phase(event, "本戦", "double_elimination")
    signups.set_settings(event, True, 3, None, [])
    db.session.commit()
    for i, name in enumerate(names):
        phone = app.test_client()
        phone.environ_base["REMOTE_ADDR"] = f"198.51.100.{i + 1}"
        assert phone.post(f"/e/{event.slug}/signup", data={"name": name}).status_code == 200
    db.session.get(Event, event.id).entrants[0].checked_in = True  # only あお came
    db.session.commit()
    return event


def test_dropped_no_shows_free_places_for_the_first_in_line(app, desk_client):
    event = _full_event(app)
    done = desk_client.post(f"/desk/e/{event.id}/day/checkin-close?lang=ja", data={"choice": "drop"},
                            follow_redirects=True).get_data(as_text=True)
    assert "みどり" in done and "しろ" in done  # who moved up, said to the desk
    db.session.expire_all()
    event = db.session.get(Event, event.id)
    assert sorted(e.name for e in event.entrants) == ["あお", "しろ", "みどり"]
    status = {s.name: s.status for s in db.session.query(Signup).filter_by(event_id=event.id)}
    assert status == {"あお": "entered", "あか": "removed", "きいろ": "removed", "みどり": "entered", "しろ": "entered"}
    desk = desk_client.get(f"/desk/e/{event.id}/signup?lang=en").get_data(as_text=True)
    aka = desk[desk.index("あか"):]
    assert aka[:aka.index("</li>")].count("not entered") == 1
    public = app.test_client().get(f"/e/{event.slug}/signup?lang=en").get_data(as_text=True)
    assert "3 of 3 places taken." in public and "waiting for a place" not in public


def test_a_freed_place_after_the_start_says_why_nobody_moved_up(app, desk_client):
    event = _full_event(app)
    event.phases[0].status = "running"
    db.session.commit()
    done = desk_client.post(f"/desk/e/{event.id}/day/checkin-close?lang=en", data={"choice": "drop"},
                            follow_redirects=True).get_data(as_text=True)
    assert "The bracket has started: nobody on the waitlist can take a freed place now." in done
    assert len(signups.waiting(db.session.get(Event, event.id))) == 2


def test_a_new_sign_up_never_jumps_the_line(app):
    event = _full_event(app)
    event.entrants.remove(event.entrants[1])  # a place freed outside the sign-up (as a removal does)
    db.session.commit()
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "203.0.113.50"
    assert phone.post(f"/e/{event.slug}/signup", data={"name": "くろ"}).status_code == 200
    status = {s.name: s.status for s in db.session.query(Signup).filter_by(event_id=event.id)}
    assert status["みどり"] == "entered" and status["しろ"] == "waiting" and status["くろ"] == "waiting"
