"""A mirror token writes one event and only inside its own id range; https only off this machine.

The public side runs in this process (the test database); batches are built the way the
venue builds them and posted with the token, or pushed by the venue's pusher through
httpx's WSGI transport.
"""
import itertools

import httpx
import pytest
from play_support import send, team_event

from webapp.extensions import db
from webapp.mirror import pusher, receiver
from webapp.mirror import state as mirror_state
from webapp.mirror.models import ID_SPAN, MirrorLink
from webapp.models import Entrant, Event
from webapp.services import ServiceError


def _issue(slug: str) -> tuple[int, str]:
    link, token = receiver.issue(slug, slug)
    db.session.commit()
    return link.id, token


_PUSHES = itertools.count(1)  # each batch a newer push, as the venue numbers them


def _batch(event_id: int) -> dict:
    ops = [pusher._as_json(o) for o in pusher._ours(pusher._event_ops(event_id, 0), event_id)]  # noqa: SLF001
    return {"after": 0, "upto": ops[-1]["id"], "event_id": event_id, "ops": ops,
            "state": mirror_state.export_state(event_id), "source": "venue-pc", "push": next(_PUSHES)}


def _post(client, token: str, body) -> tuple[int, dict]:
    answer = client.post("/mirror/api/push", json=body, headers={"Authorization": f"Bearer {token}"})
    return answer.status_code, answer.get_json()


def _names(link_id: int) -> list[str]:
    db.session.expire_all()
    link = db.session.get(MirrorLink, link_id)
    return [e.name for e in db.session.query(Entrant).filter_by(event_id=link.event_id).order_by(Entrant.id)]


@pytest.fixture
def mirrored(app):
    """An event mirrored through link A; a second link B with its own token."""
    event, match = team_event()
    send(match, "coin_toss", position=0, winner="a", choice="stage")
    other, match = team_event()  # made first: in this one database the mirrored rows take high ids
    send(match, "coin_toss", position=0, winner="b", choice="stage")
    db.session.commit()
    a, token_a = _issue("scope-a")
    b, token_b = _issue("scope-b")
    app.config["WTF_CSRF_ENABLED"] = False  # what is checked here is the token, not the form
    client = app.test_client()
    status, _ = _post(client, token_a, _batch(event.id))
    assert status == 200
    yield {"event": event.id, "other": other.id, "a": a, "b": b, "token_a": token_a, "token_b": token_b, "client": client}
    app.config["WTF_CSRF_ENABLED"] = True
    app.extensions["taikai_limiter"].reset()  # the wrong sign-ins below count for no other test


def test_a_token_cannot_reach_rows_of_another_links_event(mirrored):
    """Ids below the link's range would land in the previous link's range: refused, nothing changed."""
    names = _names(mirrored["a"])
    body = _batch(mirrored["event"])
    body["ops"] = []
    state = body["state"]
    for kind, records in state.items():  # every id moved one span down, into link A's range
        state[kind] = [mirror_state.shift(kind, r, -ID_SPAN) for r in records]
    for record in state["entrant"]:
        record["name"] = "乗っ取り"
    body["event_id"] = state["event"][0]["id"]
    status, answer = _post(mirrored["client"], mirrored["token_b"], body)
    assert (status, answer["error"]) == (422, "scope")
    assert _names(mirrored["a"]) == names
    assert db.session.get(MirrorLink, mirrored["b"]).event_id is None


@pytest.mark.parametrize("spoil", ["match_id", "state_id", "event_mismatch", "id_text", "unknown_table"])
def test_batches_with_ids_out_of_range_are_refused_whole(mirrored, spoil):
    body = _batch(mirrored["event"])
    body["after"] = 0
    if spoil == "match_id":
        body["ops"][0]["match_id"] = ID_SPAN + 5
    elif spoil == "state_id":
        body["state"]["match"][0]["winner_id"] = -3
    elif spoil == "event_mismatch":
        body["state"]["entrant"][0]["event_id"] = mirrored["event"] + 1
    elif spoil == "id_text":
        body["state"]["member"][0]["entrant_id"] = "1"
    else:
        body["state"]["user"] = [{"id": 1}]
    link = db.session.get(MirrorLink, mirrored["b"])
    status, answer = _post(mirrored["client"], mirrored["token_b"], body)
    assert (status, answer["error"]) == (422, "scope")
    db.session.expire_all()
    assert (link.seq, link.event_id) == (0, None)


def test_one_token_mirrors_one_venue_event(app, mirrored):
    """The venue desk pasted event X's token on event Y: refused, and the desk is told why."""
    other = db.session.get(Event, mirrored["other"])
    status, answer = _post(mirrored["client"], mirrored["token_a"], {**_batch(other.id), "after": 0})
    assert (status, answer["error"]) == (409, "other_event")
    target = pusher.link_event(other.id, "http://127.0.0.1:9", mirrored["token_a"])
    db.session.commit()
    wsgi = httpx.Client(transport=httpx.WSGITransport(app=app), base_url="http://127.0.0.1",
                        headers={"Authorization": f"Bearer {mirrored['token_a']}"})
    assert pusher.push(target, client=wsgi).status == "refused"
    assert target.message == "other_event"
    desk = app.test_client()
    from webapp.services.accounts import users as accounts
    accounts.create_user("desk", "desk-pass-123", role="desk")
    db.session.commit()
    desk.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    page = desk.get(f"/desk/e/{other.id}/mirror?lang=en").get_data(as_text=True)
    assert "issued for another event" in page
    ja = desk.get(f"/desk/e/{other.id}/mirror?lang=ja").get_data(as_text=True)
    assert "別の大会" in ja


def test_a_body_nested_absurdly_deep_is_a_400(mirrored):
    deep = "[" * 5000 + "]" * 5000
    answer = mirrored["client"].post("/mirror/api/push", data=deep, content_type="application/json",
                                     headers={"Authorization": f"Bearer {mirrored['token_b']}"})
    assert answer.status_code == 400 and answer.get_json()["error"] == "json"


def test_the_token_signs_no_one_in(mirrored):
    client = mirrored["client"]
    for data in ({"username": "scope-a", "password": mirrored["token_a"]},
                 {"username": "desk", "password": mirrored["token_a"]}):
        assert client.post("/login", data=data).status_code != 302
    slug = db.session.get(Event, mirrored["event"]).slug
    answer = client.post(f"/e/{slug}/staff-login", data={"name": "x", "pin": mirrored["token_a"]})
    assert answer.status_code != 302
    assert client.get("/desk/", headers={"Authorization": f"Bearer {mirrored['token_a']}"}).status_code == 302


@pytest.mark.parametrize("url", ["http://public.example.jp", "http://192.168.1.20:8000", "https://", "ftp://x"])
def test_the_venue_pushes_over_https_only(app, url):
    event, _ = team_event()
    with pytest.raises(ServiceError) as refused:
        pusher.link_event(event.id, url, "tkm_abc")
    assert refused.value.code == "mirror.url"


def test_https_and_this_machine_are_accepted(app):
    event, _ = team_event()
    for url in ("https://taikai.example.jp", "https://taikai.example.jp:8443/", "http://127.0.0.1:8000",
                "http://localhost:5000"):
        assert pusher.link_event(event.id, url, "tkm_abc").url == url.rstrip("/")


def test_a_new_event_never_takes_the_address_a_mirror_link_keeps(app):
    from webapp.services.setup import events

    receiver.issue("kgp-2025", "KGP 2025")  # issued; the venue has not pushed yet
    event = events.create_event("KGP 2025", "kgp2025")
    assert event.slug == "kgp-2025-2"


@pytest.mark.parametrize("status, shown", [(409, "refused"), (422, "refused"), (404, "refused"),
                                           (429, "offline"), (503, "offline")])
def test_an_answer_the_venue_does_not_know_is_a_refusal_unless_a_retry_can_help(app, mirrored, status, shown):
    """A 4xx the venue has no word for is shown to the desk as a refusal, with the answer; busy is a retry."""
    target = pusher.link_event(mirrored["event"], "http://127.0.0.1:9", mirrored["token_a"])
    db.session.commit()
    reply = httpx.Response(status, json={"error": "something-new"})
    fake = httpx.Client(transport=httpx.MockTransport(lambda request: reply), base_url="http://127.0.0.1:9")
    assert pusher.push(target, client=fake).status == shown
    if shown == "offline":
        return
    assert target.message == f"HTTP {status}"
    from webapp.services.accounts import users as accounts
    accounts.create_user("desk", "desk-pass-123", role="desk")
    db.session.commit()
    desk = app.test_client()
    desk.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    page = desk.get(f"/desk/e/{mirrored['event']}/mirror?lang=en").get_data(as_text=True)
    assert f"refused the push (HTTP {status})" in page and "Not connected" not in page
    ja = desk.get(f"/desk/e/{mirrored['event']}/mirror?lang=ja").get_data(as_text=True)
    assert f"送信を受け付けませんでした（HTTP {status}）" in ja
