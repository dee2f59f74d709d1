"""Mirroring an event from a venue server (SQLite) to a public server (PostgreSQL): both real
gunicorn processes on loopback; the venue's pusher runs here, on the venue's database file."""
import random
import uuid

import httpx
import pytest
from mirror_support import Server, migrated_app, page_text, postgres_url
from phone_entries import submit, submit_many
from play_support import send, team_event

from webapp.extensions import db
from webapp.mirror import pusher, receiver
from webapp.mirror import state as mirror_state
from webapp.mirror.models import MirrorLink, MirrorTarget
from webapp.models import BracketRow, Entrant, Event, MatchRow, Operation, Phase
from webapp.operations.log import Outcome
from webapp.services.accounts import users as accounts
from webapp.services.entries import access
from webapp.services.matches import brackets, simulate


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """The venue app (SQLite file) and the public app (PostgreSQL), and the public server."""
    venue_url = f"sqlite:///{tmp_path_factory.mktemp('venue') / 'venue.sqlite3'}"
    public_url = postgres_url()
    venue, public = migrated_app(venue_url), migrated_app(public_url)
    with venue.app_context():
        accounts.create_user("desk", "desk-pass-123", role="desk")
        db.session.commit()
    server = Server(public_url).start()
    venue_server = Server(venue_url, workers=1).start()
    yield {"venue": venue, "public": public, "server": server, "venue_server": venue_server}
    server.kill()
    venue_server.kill()


def _link(world, slug: str) -> tuple[int, str]:
    with world["public"].app_context():
        link, token = receiver.issue(slug, f"公開 {slug}")
        db.session.commit()
        return link.id, token


def _played_event(ops_wanted: int = 500) -> int:
    """A 16-team event with matches played, a conflict decided, a correction, and check-ins."""
    desk = db.session.query(accounts.User).filter_by(username="desk").one()
    event, first = team_event(teams=16)
    send(first, "coin_toss", position=0, winner="a", choice="stage")
    conflict = send(first, "coin_toss", device="p2", position=0, winner="b", choice="stage")
    submit({"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "resolve_conflict",
                       "match_id": first.id, "payload": {"conflict_op": conflict.op_id, "decision": "keep"}}, desk)
    simulate.play_phase(event.phases[0], random.Random(7), share=0.4)
    done = next(m for b in event.phases[0].brackets for m in b.matches if m.status == "done")
    send(done, "correct_result", user=desk, winner=done.loser_id, cascade=True, reason="記入ミス")
    count = db.session.query(Operation).count()
    toggles = [{"op_id": str(uuid.uuid4()), "device_id": "reception", "kind": "check_in",
                "payload": {"entrant_id": event.entrants[i % 16].id, "checked_in": i % 2 == 0}}
               for i in range(max(0, ops_wanted - count))]
    submit_many(toggles, desk)
    db.session.commit()
    return event.id


def _venue_view(event_id: int) -> dict:
    """What must be equal: the event's rows, placements by name, and the match ids."""
    state = mirror_state.export_state(event_id)
    places = [[(p.rank, p.entrant_id) for p in brackets.placements(row)]
              for row in db.session.query(BracketRow).join(Phase).filter(Phase.event_id == event_id)
              .order_by(BracketRow.id)]
    return {"state": state, "places": places}


def _public_view(link_id: int) -> dict:
    link = db.session.get(MirrorLink, link_id)
    base = link.id_base
    state = mirror_state.export_state(link.event_id)
    unshifted = {}
    for kind, rows in state.items():
        unshifted[kind] = [_unshift(kind, r, base) for r in rows]
    places = [[(p.rank, p.entrant_id - base) for p in brackets.placements(row)]
              for row in db.session.query(BracketRow).join(Phase).filter(Phase.event_id == link.event_id)
              .order_by(BracketRow.id)]
    return {"state": unshifted, "places": places}


def _unshift(kind: str, record: dict, base: int) -> dict:
    out = mirror_state.shift(kind, record, -base)
    if kind == "event":
        out.pop("slug")
    return out


def _venue_equal_to_public(world, event_id: int, link_id: int) -> None:
    with world["venue"].app_context():
        venue = _venue_view(event_id)
        venue["state"]["event"][0].pop("slug")
        venue_ops = [o["op_id"] for o in pusher._ours(pusher._event_ops(event_id, 0), event_id)]
        matches = [m for m in db.session.query(MatchRow).join(BracketRow).join(Phase)
                   .filter(Phase.event_id == event_id).order_by(MatchRow.id)]
        match_ids = [m.id for m in matches if m.status == "done"][:6]
        slug = db.session.get(Event, event_id).slug
    with world["public"].app_context():
        public = _public_view(link_id)
        link = db.session.get(MirrorLink, link_id)
        public_ops = [o.op_id for o in db.session.query(Operation).filter_by(event_id=link.event_id)
                      .order_by(Operation.id)]
        base, public_slug = link.id_base, link.slug
    for kind in venue["state"]:  # accounts and row clocks are each site's own
        venue["state"][kind] = [mirror_state.shift(kind, r, 0) for r in venue["state"][kind]]
        for record in venue["state"][kind] + public["state"][kind]:
            record.pop("created_at", None), record.pop("operation_id", None)
    assert public["state"] == venue["state"]
    assert public["places"] == venue["places"]
    assert public_ops == venue_ops  # every operation once, in the venue's order
    for match_id in match_ids:  # the match pages read the same
        here = httpx.get(f"{world['venue_server'].url}/m/{match_id}?lang=ja").text
        there = httpx.get(f"{world['server'].url}/m/{match_id + base}?lang=ja").text
        assert page_text(there) == page_text(here)
    here = httpx.get(f"{world['venue_server'].url}/e/{slug}/standings?lang=ja").text
    there = httpx.get(f"{world['server'].url}/e/{public_slug}/standings?lang=ja").text
    assert page_text(there).replace(public_slug, slug) == page_text(here)


def _target(world, event_id: int, url: str, token: str) -> None:
    with world["venue"].app_context():
        pusher.link_event(event_id, url, token)
        db.session.commit()


def _push(world, event_id: int, **kw) -> pusher.PushResult:
    with world["venue"].app_context():
        target = db.session.query(MirrorTarget).filter_by(event_id=event_id).one()
        return pusher.push(target, **kw)


def test_outage_then_catch_up_gives_the_same_event(world):
    link_id, token = _link(world, "outage")
    with world["venue"].app_context():
        event_id = _played_event(500)
    down = Server(world["server"].database_url)  # a port where nothing listens: the link is down
    _target(world, event_id, down.url, token)
    assert _push(world, event_id).status == "offline"
    with world["venue"].app_context():
        target = db.session.query(MirrorTarget).filter_by(event_id=event_id).one()
        assert pusher.waiting(target) >= 500
    _target(world, event_id, world["server"].url, token)
    result = _push(world, event_id, batch=100)
    assert result.status == "ok" and result.sent >= 500
    _venue_equal_to_public(world, event_id, link_id)
    with world["venue"].app_context():  # a setup change after the entries travels too
        entrant = db.session.query(Entrant).filter_by(event_id=event_id).order_by(Entrant.id).first()
        entrant.name = "改名チーム"
        db.session.commit()
    assert _push(world, event_id).status == "ok"
    _venue_equal_to_public(world, event_id, link_id)


def test_a_cut_in_the_middle_of_a_push_loses_and_doubles_nothing(world):
    link_id, token = _link(world, "cut")
    with world["venue"].app_context():
        event_id = _played_event(300)
    _target(world, event_id, world["server"].url, token)

    def cut(target, sent):
        if sent >= 100:
            world["server"].kill()
    result = _push(world, event_id, batch=50, on_batch=cut)
    assert result.status == "offline"
    with world["public"].app_context():
        link = db.session.get(MirrorLink, link_id)
        assert 100 <= db.session.query(Operation).filter_by(event_id=link.id_base + event_id).count() < 300
    world["server"].start()
    with world["venue"].app_context():  # the venue forgets what was acknowledged: the site says
        db.session.query(MirrorTarget).filter_by(event_id=event_id).one().acked_seq = 0
        db.session.commit()
    assert _push(world, event_id, batch=50).status == "ok"
    _venue_equal_to_public(world, event_id, link_id)


def test_the_same_batch_twice_changes_nothing(world):
    link_id, token = _link(world, "twice")
    with world["venue"].app_context():
        event_id = _played_event(150)
        ops = [pusher._as_json(o) for o in pusher._event_ops(event_id, 0)]
        body = {"after": 0, "upto": ops[-1]["id"], "event_id": event_id, "ops": ops,
                "state": mirror_state.export_state(event_id), "source": "test", "push": 1}
    headers = {"Authorization": f"Bearer {token}"}
    first = httpx.post(f"{world['server'].url}/mirror/api/push", json=body, headers=headers, timeout=30)
    assert first.status_code == 200
    with world["public"].app_context():
        before = (_public_view(link_id), db.session.query(Operation).count())
    again = httpx.post(f"{world['server'].url}/mirror/api/push", json=body, headers=headers, timeout=30)
    assert again.status_code == 200 and again.json()["seq"] == first.json()["seq"]
    with world["public"].app_context():
        assert (_public_view(link_id), db.session.query(Operation).count()) == before
    _venue_equal_to_public(world, event_id, link_id)


def test_a_wrong_or_revoked_token_is_refused_and_nothing_applied(world):
    link_id, token = _link(world, "refused")
    with world["venue"].app_context():
        event_id = _played_event(120)
    _target(world, event_id, world["server"].url, "tkm_" + "x" * 40)
    assert _push(world, event_id).status == "refused"
    with world["public"].app_context():
        assert db.session.get(MirrorLink, link_id).event_id is None
        receiver.set_status(link_id, "revoked")
        db.session.commit()
    _target(world, event_id, world["server"].url, token)
    assert _push(world, event_id).status == "refused"
    with world["public"].app_context():
        link = db.session.get(MirrorLink, link_id)
        assert link.event_id is None and link.seq == 0
        assert db.session.query(Operation).filter_by(event_id=link.id_base + event_id).count() == 0
    with world["venue"].app_context(), world["venue"].test_request_context():
        target = db.session.query(MirrorTarget).filter_by(event_id=event_id).one()
        assert target.status == "refused"
    client = world["venue"].test_client()
    client.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    page = client.get(f"/desk/e/{event_id}/mirror?lang=en").get_data(as_text=True)
    assert "refused the mirror token" in page


def _staff_entry(match_id: int, member: int) -> Outcome:
    access.forget_read_only_events()
    op = {"op_id": str(uuid.uuid4()), "device_id": "phone-x", "kind": "coin_toss", "match_id": match_id,
          "payload": {"winner": "a", "choice": "stage", "position": 0}}
    return submit(op, None)


def test_a_mirrored_event_refuses_staff_entries_and_promotion_moves_the_writer(world):
    link_id, token = _link(world, "readonly")
    with world["venue"].app_context():
        event_id = _played_event(60)
        ready = next(m.id for m in db.session.query(MatchRow).join(BracketRow).join(Phase)
                     .filter(Phase.event_id == event_id, MatchRow.status == "ready"))
    _target(world, event_id, world["server"].url, token)
    assert _push(world, event_id).status == "ok"
    with world["public"].app_context():
        base = db.session.get(MirrorLink, link_id).id_base
        refused = _staff_entry(ready + base, 0)
        assert (refused.outcome, refused.code) == ("rejected", "mirror.read_only")
        with world["public"].test_request_context(headers={"Accept-Language": "ja"}):
            from sync.push import present
            assert "会場" in present(refused)["message"]
        receiver.set_status(link_id, "promoted")  # the venue laptop died: the public copy writes
        db.session.commit()
        assert _staff_entry(ready + base, 0).outcome == "applied"
    with world["venue"].app_context():
        before = db.session.query(Operation).count()
        late = _staff_entry(ready, 0)  # made at the venue before it learns of the promotion
        assert late.outcome == "applied" and db.session.query(Operation).count() == before + 1
    assert _push(world, event_id).status == "promoted"
    with world["venue"].app_context():
        moved = _staff_entry(ready, 0)
        assert (moved.outcome, moved.code) == ("rejected", "mirror.moved")
        target = db.session.query(MirrorTarget).filter_by(event_id=event_id).one()
        assert target.promoted_at is not None and pusher.unpublished(target) == 1  # shown to the desk
    client = world["venue"].test_client()
    client.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    page = client.get(f"/desk/e/{event_id}/mirror?lang=en").get_data(as_text=True)
    assert "now runs this event" in page and "1 entry made here" in page
