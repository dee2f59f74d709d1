"""The stream station's push to TournamentStreamHelper (TSH), attacked:

- a push target that is not a venue LAN address (a host name, a number or short form of an IP, the
  cloud's metadata address in any spelling, 100 KB, markup, NUL) is refused in words and not kept;
  only the desk links one, the service refusing anyone else;
- an answer of 10 MB, one that never ends, or one that is not HTTP costs one bounded read: the
  status only, never the body, within the call's deadline;
- markup in a player's name reaches TSH (whose layouts put text in as HTML) as text, never markup, and
  the overlay escapes it.
"""
import socket
import threading
import time
import uuid

import pytest
from phone_entries import submit
from play_support import team_event
from staff_phones import staff_phone
from tsh_standin import (
    StandIn,
    pushing,  # noqa: F401 (a fixture, asked for by name)
)

from webapp.extensions import db
from webapp.models import Entrant, Station
from webapp.services import ServiceError
from webapp.services.accounts import users as accounts
from webapp.services.day import stations
from webapp.services.stream import tsh_link
from webapp.stream import tsh_http

NAME = '<img src=x onerror=alert("tsh")>'


def _stream_event(name_a="チームA"):
    event, match = team_event("best_of", "kgp2025", size=1, best_of=3)
    event.game = "sf6"
    db.session.get(Entrant, match.slot_a).name = name_a
    station = stations.add_station(event, "配信", stream=True)
    db.session.commit()
    return event, match, station


@pytest.mark.parametrize("url", [
    "http://localhost:5000", "http://2130706433:5000", "http://127.1:5000", "http://0x7f.0.0.1:5000",
    "http://[::]:5000", "http://[::ffff:a9fe:a9fe]", "http://169.254.169.254.nip.io", "http://[fd00:ec2::254]:80",
    "http://192.168.1.20:5000/../admin", "http://192.168.1.20:5000#x", "http://" + "1" * 100_000,
    'http://192.168.1.20:5000"><script>alert(1)</script>', "http://192.168.1.20\x00.evil:5000"])
def test_a_push_target_off_the_venue_lan_is_refused_in_words_and_not_kept(desk_client, url):
    event, _match, station = _stream_event()
    answer = desk_client.post(f"/desk/station/{station.id}/tsh", data={"tsh_url": url}, follow_redirects=True)
    page = answer.get_data(as_text=True)
    assert answer.status_code in (200, 422) and "<script>alert(1)" not in page
    assert "TournamentStreamHelper" in page or "NUL" in page
    db.session.expire_all()
    assert db.session.get(Station, station.id).tsh_url == ""


def test_only_the_desk_links_a_push_target(app, desk_user):
    event, _match, station = _stream_event()
    staff = accounts.staff_user(event, "山田")
    db.session.commit()
    with pytest.raises(ServiceError) as refused:
        tsh_link.link(station, "http://192.168.1.20:5000", user=staff)
    assert refused.value.code == "op.desk_only"
    app.config["WTF_CSRF_ENABLED"] = False
    try:
        phone = staff_phone(app, event)
        phone.post(f"/desk/station/{station.id}/tsh", data={"tsh_url": "http://192.168.1.20:5000"})
    finally:
        app.config["WTF_CSRF_ENABLED"] = True
    db.session.expire_all()
    assert db.session.get(Station, station.id).tsh_url == ""


class Answering:
    """A server on this machine answering any request with `head` and then `body` bytes (or forever)."""

    def __init__(self, head: bytes, body: bytes = b"", forever: bool = False):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.head, self.body, self.forever, self.sent = head, body, forever, 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        conn, _ = self.sock.accept()
        conn.recv(65536)
        try:
            conn.sendall(self.head)
            while True:
                conn.sendall(self.body)
                self.sent += len(self.body)
                if not self.forever:
                    break
        except OSError:
            pass  # taikai hung up: what it should do
        finally:
            conn.close()
            self.sock.close()


@pytest.mark.parametrize("head, body, forever, answer", [
    (b"HTTP/1.1 200 OK\r\nContent-Length: 10485760\r\n\r\n", b"x" * 10_485_760, False, 200),
    (b"HTTP/1.1 200 OK\r\n\r\n", b"<b>" * 20_000, True, 200),
    (b"SSH-2.0-OpenSSH_9.6\r\n", b"", False, "notsh"),
    (b"HTTP/1.1 abc\r\n\r\n", b"", False, "notsh")])
def test_a_huge_endless_or_foreign_answer_costs_one_bounded_read(head, body, forever, answer):
    server = Answering(head, body, forever)
    began = time.monotonic()
    try:
        found = tsh_http.call(server.url, "GET", "/scoreboard1-reset-match", time.monotonic() + 3.0)
    except tsh_http.TshProblem as problem:
        found = problem.reason
    assert found == answer and time.monotonic() - began < 3.5


def test_markup_in_a_name_reaches_tsh_as_text_and_the_overlay_escapes_it(app, client, pushing, desk_user):
    event, match, station = _stream_event(NAME)
    with StandIn("numbered") as tsh:
        tsh_link.link(station, tsh.url, "en", user=desk_user)
        db.session.commit()
        op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "set_station", "match_id": match.id,
              "payload": {"station": "配信"}}
        assert submit(op, None).outcome == "applied"
        calls = tsh.wait_for(6)
    sent = repr(calls)
    assert "<img" not in sent and "onerror" in sent and "\uff1cimg" in sent
    for path in (f"/e/{event.slug}/overlay/配信", f"/e/{event.slug}/overlay/配信?part=board"):
        page = client.get(path).get_data(as_text=True)
        assert NAME not in page and "&lt;img src=x" in page
