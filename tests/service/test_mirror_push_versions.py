"""A venue and a public site of different versions (one fingerprinting the pushed start.gg ids with the state,
one that keeps no ids, one that answers their fingerprint apart): each push sends the event's state once,
then nothing while nothing changed, whichever side was updated first (webapp/mirror/state.py, has_state)."""
import json

import pytest
from mirror_ties import Pipe, checked_standin, linked_weekly, mirror_link, on, push, two_sites

from webapp.extensions import db
from webapp.mirror import pusher
from webapp.mirror import state as mirror_state
from webapp.models import Event
from webapp.services.ties import links, pushed

ADDRESS = "https://www.start.gg/tournament/weekly-12/event/ultimate-singles"
SLUG = "weekly-versions"


@pytest.fixture
def sites(tmp_path_factory):
    return two_sites(tmp_path_factory)


@pytest.fixture
def linked(sites):
    """(venue, public, the venue's event linked to start.gg: it has ids to push)."""
    venue, public = sites
    with checked_standin("sgg-versions-token-77d0") as gg:
        event_id, _page = linked_weekly(venue, gg, "SINGLE_ELIMINATION", 4, ADDRESS)
    with on(venue):
        assert pushed.for_push(event_id)["match"]
    return venue, public, event_id


class EarlierSite(Pipe):
    """A public site of the version before start.gg ids were pushed: it takes no ``startgg``, fingerprints
    the state alone, and answers no ``ids``."""

    def __init__(self, public):
        super().__init__(public)
        self.held = ""

    def handle_request(self, request):
        body = json.loads(request.read() or b"{}")
        if body.get("state") is not None:
            self.held = mirror_state.digest(body["state"])
        body.pop("startgg", None)
        if request.method == "POST":
            headers = {k: v for k, v in request.headers.items() if k.lower() != "content-length"}
            request = request.__class__("POST", request.url, headers=headers, json=body)
        answer = super().handle_request(request)
        answer.read()
        data = answer.json() if answer.status_code == 200 else None
        if not isinstance(data, dict) or "digest" not in data:
            return answer
        data.pop("ids", None)
        data["digest"] = self.held or data["digest"]
        return answer.__class__(answer.status_code, json=data)


def _states_sent(pipe: Pipe) -> int:
    return sum(1 for body in pipe.bodies if body and json.loads(body).get("state") is not None)


def test_a_newer_venue_pushing_to_an_earlier_site_sends_the_state_once(linked):
    venue, public, event_id = linked
    pipe, token = EarlierSite(public), mirror_link(public, SLUG)
    for _ in range(3):
        assert push(venue, pipe, event_id, token) == "ok"
    assert _states_sent(pipe) == 1


@pytest.mark.parametrize("earlier", ["no ids", "ids fingerprinted with the state"])
def test_an_earlier_venue_pushing_to_a_newer_site_sends_the_state_once(linked, monkeypatch, earlier):
    venue, public, event_id = linked
    if earlier == "no ids":
        monkeypatch.setattr(pushed, "for_push", lambda event_id: None)
    # the earlier venue's test: the site's digest against the state with its ids, the answer's ids unread
    monkeypatch.setattr(pusher, "_fresh", lambda target, state, startgg:
                        mirror_state.digest(state, startgg) != target.digest)
    pipe, token = Pipe(public), mirror_link(public, SLUG)
    for _ in range(3):
        assert push(venue, pipe, event_id, token) == "ok"
    assert _states_sent(pipe) == 1


def test_the_same_version_sends_the_state_once_and_again_when_the_ids_change(linked):
    venue, public, event_id = linked
    pipe, token = Pipe(public), mirror_link(public, SLUG)
    for _ in range(3):
        assert push(venue, pipe, event_id, token) == "ok"
    assert _states_sent(pipe) == 1
    with on(venue):
        links.unlink(db.session.get(Event, event_id), "startgg")
        db.session.commit()
    for _ in range(2):
        assert push(venue, pipe, event_id, token) == "ok"
    last = [json.loads(b) for b in pipe.bodies if b and json.loads(b).get("state") is not None][-1]
    assert _states_sent(pipe) == 2 and "startgg" not in last
