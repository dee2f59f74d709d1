"""The desk's mirror pages: issuing a token on the public site, the venue's push status."""
import re

from play_support import send, team_event  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.mirror import pusher, receiver  # noqa: E402
from webapp.mirror.models import MirrorLink, MirrorTarget  # noqa: E402


def test_the_public_desk_issues_a_token_shown_once_and_stored_hashed(desk_client):
    page = desk_client.post("/desk/mirrors?lang=en", data={"name": "膝まったり杯", "slug": "hiza-1"})
    token = re.search(r"tkm_[A-Za-z0-9_\-]+", page.get_data(as_text=True)).group(0)
    link = db.session.query(MirrorLink).one()
    assert link.token_hash == receiver.hash_token(token) and token not in link.token_hash
    assert token not in desk_client.get("/desk/mirrors").get_data(as_text=True)  # shown once
    again = desk_client.post("/desk/mirrors?lang=en", data={"name": "x", "slug": "hiza-1"})
    assert "already used" in again.get_data(as_text=True)
    desk_client.post("/logout")
    refused = desk_client.post("/login", data={"username": "hiza-1", "password": token})
    assert refused.status_code != 302  # a mirror token never signs anyone in
    desk_client.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    desk_client.post(f"/desk/mirrors/{link.id}/revoke")
    assert db.session.get(MirrorLink, link.id).status == "revoked"


def test_the_mirror_api_refuses_a_missing_token(client):
    assert client.get("/mirror/api/status").status_code == 401
    assert client.post("/mirror/api/push", json={"after": 0}).json == {"error": "token"}


def test_the_venue_desk_shows_what_waits_and_the_catch_up(desk_client):
    event, match = team_event()
    for side in "ab":
        send(match, "coin_toss", device=f"p-{side}", position=0, winner=side, choice="stage")
    page = desk_client.post(f"/desk/e/{event.id}/mirror?lang=en", data={"url": "ftp://x", "token": "tkm_x"})
    assert "starting with https://" in page.get_data(as_text=True)
    desk_client.post(f"/desk/e/{event.id}/mirror", data={"url": "http://127.0.0.1:9", "token": "tkm_abc"})
    target = db.session.query(MirrorTarget).one()
    assert pusher.waiting(target) == 2
    target.status, target.catchup_total, target.message = "offline", 4, "ConnectError"
    db.session.commit()
    text = desk_client.get(f"/desk/e/{event.id}/mirror?lang=en").get_data(as_text=True)
    assert "Not connected" in text and "2 entries waiting" in text and '<progress max="4" value="2"' in text
    desk_client.post(f"/desk/e/{event.id}/mirror/push")  # nothing listens on port 9
    assert db.session.get(MirrorTarget, target.id).status == "offline"


def test_the_desk_of_a_mirrored_event_says_where_it_is_run_and_changes_nothing(desk_client):
    from webapp.models import Entrant
    from webapp.services.entries import access

    event, match = team_event()
    db.session.add(MirrorLink(slug="m1", name="m1", token_hash="0" * 64, event_id=event.id, source="venue-pc"))
    db.session.commit()
    access.forget_read_only_events()
    page = desk_client.get(f"/desk/e/{event.id}?lang=en").get_data(as_text=True)
    assert "run at the venue (venue-pc)" in page
    before = db.session.query(Entrant).count()
    answer = desk_client.post(f"/desk/e/{event.id}/entrants?lang=en", data={"paste": "新チーム"},
                              follow_redirects=True)
    assert "run at the venue (venue-pc)" in answer.get_data(as_text=True)
    assert db.session.query(Entrant).count() == before
    added = desk_client.post(f"/desk/e/{event.id}/entrant?lang=en", data={"name": "遅刻チーム"}, follow_redirects=True)
    assert "run at the venue (venue-pc)" in added.get_data(as_text=True)  # every desk page, not a list of some
    timetable = desk_client.post(f"/desk/e/{event.id}/day/times?lang=en", data={"start_time": "10:00"},
                                 follow_redirects=True)
    assert "run at the venue (venue-pc)" in timetable.get_data(as_text=True)
    assert db.session.query(Entrant).count() == before
    staff = desk_client.get(f"/staff/m/{match.id}?lang=en").get_data(as_text=True)
    assert "Make entries at the venue" in staff
    sign_in = desk_client.get(f"/e/{event.slug}/staff-login?lang=ja").get_data(as_text=True)  # a referee's first page
    assert "会場（venue-pc）で運営" in sign_in


def test_cli_and_background_pusher_back_off_while_the_link_is_down(app, desk_user):
    from webapp.mirror import runner

    event, _ = team_event()
    pusher.link_event(event.id, "http://127.0.0.1:9", "tkm_abc")
    db.session.commit()
    cli = app.test_cli_runner()
    pushed = cli.invoke(args=["mirror", "push"])
    assert pushed.exit_code == 1 and "offline" in pushed.output
    assert "operations waiting" in cli.invoke(args=["mirror", "status"]).output
    assert runner.backoff(1) < runner.backoff(3) <= runner.MAX_BACKOFF * 1.2
    failures = {}
    runner.push_all(failures)
    wait = runner.push_all(failures)
    assert failures == {1: 2} and wait >= runner.INTERVAL * 4 * 0.8
