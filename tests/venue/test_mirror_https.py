"""The venue pushes over https: the public site's certificate is verified (TAIKAI_MIRROR_CA_BUNDLE for a
local CA). The public site here is `flask venue serve` (gunicorn over TLS) on this test database."""
from play_support import send, team_event
from serving import GunicornProcess

from webapp.extensions import db
from webapp.mirror import pusher, receiver
from webapp.mirror.models import MirrorLink, MirrorTarget


def test_the_push_verifies_the_public_sites_certificate(app, tmp_path):
    event, match = team_event()
    send(match, "coin_toss", position=0, winner="a", choice="stage")
    link, token = receiver.issue("https-copy", "https")
    db.session.commit()
    link_id = link.id
    server = GunicornProcess(app, ["venue", "serve"], TAIKAI_VENUE_DIR=str(tmp_path),
                             TAIKAI_VENUE_HOSTS="localhost",
                             TAIKAI_MIRROR_PUSH="0").start()  # its own pusher would push this database too
    try:
        target = pusher.link_event(event.id, f"https://localhost:{server.port}", token)
        db.session.commit()
        untrusted = pusher.push(target)  # a certificate no CA of this machine signed: nothing is sent
        assert (untrusted.status, untrusted.message) == ("offline", "ConnectError")
        app.config["MIRROR_CA_BUNDLE"] = str(tmp_path / "ca.pem")
        assert pusher.push(target).status == "ok"
    finally:
        app.config["MIRROR_CA_BUNDLE"] = None
        server.stop()
    db.session.expire_all()
    link = db.session.get(MirrorLink, link_id)
    assert link.seq > 0 and link.event_id == link.id_base + event.id
    assert db.session.query(MirrorTarget).one().status == "ok"
