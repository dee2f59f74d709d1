"""Mirror pushes: numbered (an older one is refused, never applied), only mirrored columns taken,
and ids that fit PostgreSQL for any number of links.

The public side runs in this process (the test database); batches are built the way the
venue builds them and posted with the token.
"""
import pytest
from play_support import team_event
from werkzeug.security import generate_password_hash

from webapp.extensions import db
from webapp.mirror import pusher, receiver
from webapp.mirror import state as mirror_state
from webapp.mirror.models import ID_FLOOR, ID_SPAN, MirrorLink
from webapp.models import Event, MatchRow
from webapp.services.matches import brackets

pytestmark = pytest.mark.usefixtures("no_csrf")


def _batch(event_id: int, push: int) -> dict:
    ops = [pusher._as_json(o) for o in pusher._ours(pusher._event_ops(event_id, 0), event_id)]  # noqa: SLF001
    return {"after": 0, "upto": ops[-1]["id"] if ops else 0, "event_id": event_id, "ops": ops,
            "state": mirror_state.export_state(event_id), "source": "venue-pc", "push": push}


def _post(client, token: str, body) -> tuple[int, dict]:
    answer = client.post("/mirror/api/push", json=body, headers={"Authorization": f"Bearer {token}"})
    return answer.status_code, answer.get_json()


def _finished(link_id: int) -> int:
    db.session.expire_all()
    link = db.session.get(MirrorLink, link_id)
    return db.session.query(MatchRow).filter(MatchRow.id >= link.id_base, MatchRow.id < link.id_base + ID_SPAN,
                                             MatchRow.status == "done").count()


def _played(match):
    brackets.record_winner(db.session.get(MatchRow, match.id), match.slot_a)
    db.session.commit()


def test_an_older_push_is_refused_and_never_rolls_the_copy_back(app):
    event, match = team_event(teams=4)
    link, token = receiver.issue("numbered", "numbered")
    db.session.commit()
    client = app.test_client()
    _played(match)
    older = _batch(event.id, push=1)
    second = next(m for m in db.session.get(Event, event.id).phases[0].brackets[0].matches
                  if m.status == "ready")
    _played(second)
    assert _post(client, token, _batch(event.id, push=2))[0] == 200
    assert _finished(link.id) == 2
    status, answer = _post(client, token, older)
    assert (status, answer["error"], answer["push"]) == (409, "stale", 2)
    assert _finished(link.id) == 2
    repeat = _post(client, token, _batch(event.id, push=2))
    assert repeat[0] == 200 and repeat[1]["push"] == 2  # the last push again: answered, nothing changes


@pytest.mark.parametrize("push", [None, 0, -1, "3", True, 2**31])
def test_a_push_without_a_usable_number_is_refused(app, push):
    event, match = team_event()
    link, token = receiver.issue("unnumbered", "unnumbered")
    db.session.commit()
    body = _batch(event.id, push=1)
    body["push"] = push
    assert _post(app.test_client(), token, body)[0] == 422
    db.session.expire_all()
    assert db.session.get(MirrorLink, link.id).event_id is None


def test_the_receiver_takes_no_credentials(app):
    event, _ = team_event()
    link, token = receiver.issue("no-pin", "no-pin")
    db.session.commit()
    body = _batch(event.id, push=1)
    body["state"]["event"][0].update(staff_pin_hash=generate_password_hash("111111"), staff_pin_generation=7)
    assert _post(app.test_client(), token, body)[0] == 200
    db.session.expire_all()
    public = db.session.get(Event, db.session.get(MirrorLink, link.id).event_id)
    assert public.staff_pin_hash is None and public.staff_pin_generation == 0
    signed_in = app.test_client().post("/e/no-pin/staff-login", data={"name": "x", "pin": "111111"})
    assert signed_in.status_code != 302
    app.extensions["taikai_limiter"].reset()


def test_a_link_past_the_255th_mirrors_its_rows(app):
    """Its ids are past 2^31 (a PostgreSQL INTEGER): they are BIGINT, so the first push is taken."""
    event, match = team_event()
    _played(match)
    token = "tkm_" + "b" * 43
    link = MirrorLink(id=300, slug="link-300", name="link 300", token_hash=receiver.hash_token(token))
    db.session.add(link)
    db.session.commit()
    assert link.id_base > 2**31 and ID_FLOOR < link.id_base
    status, answer = _post(app.test_client(), token, _batch(event.id, push=1))
    assert status == 200, answer
    db.session.expire_all()
    public_match = db.session.query(MatchRow).filter(MatchRow.id >= link.id_base).first()
    assert public_match is not None
    assert app.test_client().get(f"/m/{public_match.id}").status_code == 200
    assert app.test_client().get("/e/link-300").status_code == 200
