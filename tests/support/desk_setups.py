"""Helpers several test files share (moved from tests/pages/test_desk_pages.py, where they were imported from)."""
from bare_event import post_bare_event

from webapp.extensions import db
from webapp.models import Event, Phase


def create_event(client, name="鉄拳ナイト"):
    response = post_bare_event(client, name, "kgp2025")
    assert response.status_code == 302
    return db.session.query(Event).filter_by(name=name).one()


def started_phase(client, names: str, fmt="single_elimination"):
    """An event with these entrants (one per line) and one started phase."""
    event = create_event(client)
    client.post(f"/desk/e/{event.id}/entrants", data={"entrants": names})
    client.post(f"/desk/e/{event.id}/phases", data={"name": "本戦", "format": fmt})
    phase = db.session.query(Phase).one()
    client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway"})
    return event, phase
