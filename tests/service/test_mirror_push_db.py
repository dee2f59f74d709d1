"""The venue keeps taking entries while a push waits on the network (SQLite: no snapshot held across it)."""
import json

import httpx
from play_support import send, team_event
from sqlalchemy import text

from webapp.extensions import db
from webapp.mirror import pusher


def test_an_entry_committed_during_a_push_does_not_break_it(app):
    event, match = team_event()
    send(match, "coin_toss", position=0, winner="a", choice="stage")
    target = pusher.link_event(event.id, "https://public.example.jp", "tkm_abc")
    db.session.commit()
    event_id = event.id  # read now: the handler must not open a read of its own on the venue's session

    def public_site(request: httpx.Request) -> httpx.Response:
        if request.method == "GET":
            return httpx.Response(200, json={"seq": 0, "digest": ""})
        with db.engine.begin() as phone:  # a referee's entry lands on the venue meanwhile
            phone.execute(text("UPDATE event SET name = name || '!' WHERE id = :id"), {"id": event_id})
        return httpx.Response(200, json={"seq": json.loads(request.content)["upto"], "digest": "x"})

    client = httpx.Client(transport=httpx.MockTransport(public_site), base_url="https://public.example.jp")
    result = pusher.push(target, client=client)
    assert (result.status, result.sent) == ("ok", 1)
    assert target.acked_seq > 0
