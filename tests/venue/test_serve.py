"""`make serve` and `make venue` are real gunicorn processes: started here on a loopback port."""
import ssl
import time

import httpx
import pytest
from serving import GunicornProcess

from webapp.venue import pki


@pytest.fixture
def public_server(app):
    server = GunicornProcess(app, ["serve"]).start()
    yield server
    server.stop()


def test_serve_runs_gunicorn_workers_and_answers_pages(public_server):
    response = httpx.get(f"http://127.0.0.1:{public_server.port}/", timeout=10)
    assert response.status_code == 200
    assert response.headers["server"].startswith("gunicorn")
    assert "taikai" in response.text
    public_server.stop()
    assert "Booting worker" in public_server.output and "Using worker: TaikaiWorker" in public_server.output
    assert "no desk account yet" in public_server.output  # the organiser is told what to do next


def test_serve_ignores_forwarded_proto_when_no_proxy_is_trusted(public_server, desk_user):
    with httpx.Client(base_url=f"http://127.0.0.1:{public_server.port}", timeout=10) as client:
        answer = client.get("/venue/", headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"})
    assert answer.status_code == 302
    assert "evil.example" not in answer.headers["location"]


def test_venue_serve_speaks_tls_with_a_certificate_for_the_lan_names(app, tmp_path):
    server = GunicornProcess(app, ["venue", "serve"], TAIKAI_VENUE_DIR=str(tmp_path),
                             TAIKAI_VENUE_HOSTS="venue.taikai.test").start()
    try:
        trust = ssl.create_default_context(cafile=str(tmp_path / "ca.pem"))
        # localhost is always in the certificate (the desk opens /venue on the laptop itself).
        response = httpx.get(f"https://localhost:{server.port}/venue/install", verify=trust, timeout=10)
        assert response.status_code == 200
        assert response.headers["server"].startswith("gunicorn")
        cert = pki.load_cert(str(tmp_path / "server.pem"))
        assert pki.cert_hosts(cert)[0] == "venue.taikai.test"
        assert {"localhost", "127.0.0.1"} <= set(pki.cert_hosts(cert))
    finally:
        server.stop()
    assert "server certificate issued (missing)" in server.output


def test_venue_serve_pushes_linked_events_with_no_second_command(app, tmp_path):
    from play_support import team_event
    from serving import free_port

    from webapp.extensions import db
    from webapp.mirror import pusher
    from webapp.mirror.models import MirrorTarget

    event, _ = team_event()
    target = pusher.link_event(event.id, f"http://127.0.0.1:{free_port()}", "tkm_abc")
    db.session.commit()
    target_id = target.id
    server = GunicornProcess(app, ["venue", "serve"], TAIKAI_VENUE_DIR=str(tmp_path)).start()
    try:
        deadline, status = time.monotonic() + 40, "new"
        while status == "new" and time.monotonic() < deadline:
            time.sleep(0.5)
            db.session.rollback()  # a fresh read each time
            status = db.session.get(MirrorTarget, target_id).status
    finally:
        server.stop()
    assert status == "offline"  # the pusher beside the server tried; the public site is down
    assert "mirror: events linked to a public site are pushed" in server.output


def test_the_server_collects_its_young_objects_less_often_than_cpython_s_default(app, monkeypatch):
    """A sync batch makes and frees about CPython's 700 objects itself: the server's workers (forked from the
    process run() sets up) collect every 10,000, so no collection follows nearly every batch."""
    import gc

    from webapp.venue import server

    seen = {}

    class Recording:
        def __init__(self, _app, _options):
            pass

        def run(self):
            seen["thresholds"] = gc.get_threshold()

    before = gc.get_threshold()
    monkeypatch.setattr(server, "TaikaiServer", Recording)
    try:
        server.run(app, {})
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    assert seen["thresholds"][0] == 10_000 > before[0]
