"""No export carries a secret (issue 25): each one is run on an event with every kind of credential
in the database — a desk account with one-time codes on, the event's staff PIN, a phone signed in
with it, mirror links on both sides, station and personal sign-in links, a form's CSRF token in an
entry — and its output is searched for each secret's value, for hash prefixes and for the names of
the columns that hold them."""
import json
import pathlib
import re

import httpx
import pyotp
import pytest
from play_support import send, team_event

from webapp.extensions import db
from webapp.mirror import pusher, receiver
from webapp.mirror.models import MirrorTarget
from webapp.models import BracketRow, Conflict, Entrant, Event, MatchRow, Member, Operation, Phase, User
from webapp.operations import leave
from webapp.services.accounts import signin_links
from webapp.services.accounts import users as accounts
from webapp.services.day import stations
from webapp.services.ties import links as ties_links

HASH_PREFIXES = ("pbkdf2:", "scrypt:", "argon2", "$2b$")
SECRET_COLUMNS = ("password_hash", "totp_secret", "staff_pin_hash", "credential_generation", "signin_generation",
                  "staff_pin_generation", "token", "csrf_token")
MODELS = {"event": Event, "user": User, "entrant": Entrant, "member": Member, "phase": Phase,
          "bracket": BracketRow, "match": MatchRow, "conflict": Conflict, "op": Operation}


def _csrf(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def _phone_signs_in(app, event, pin) -> tuple[str, str]:
    """A referee's phone signs in with the PIN; returns its session cookie and its form's CSRF token."""
    phone = app.test_client()
    token = _csrf(phone.get(f"/e/{event.slug}/staff-login").get_data(as_text=True))
    answer = phone.post(f"/e/{event.slug}/staff-login", data={"name": "青木", "pin": pin, "csrf_token": token})
    assert answer.status_code == 302
    # A phone that sent its form's token inside an entry the server could not read: kept as text.
    broken = {"op_id": "kaputt-1", "kind": 7, "match_id": "?", "csrf_token": token}
    answer = phone.post("/sync/ops", json={"device_id": "phone-aoki", "ops": [broken]})
    assert answer.get_json()["results"][0]["code"] == "op.malformed"
    return phone.get_cookie("session").value, token


def _desk_signs_in(app, secret) -> object:
    desk = app.test_client()
    answer = desk.post("/login", data={"username": "desk", "password": "desk-pass-123",
                                       "code": pyotp.TOTP(secret).now()})
    assert answer.status_code == 302
    return desk


@pytest.fixture
def laden(app):
    """An event with every secret the server keeps, and the list of those secrets' values."""
    app.config["WTF_CSRF_ENABLED"] = False  # the CSRF token is read from the form, not checked
    desk = accounts.create_user("desk", "desk-pass-123", role="desk")
    secret = pyotp.random_base32()
    accounts.set_totp(desk, secret, pyotp.TOTP(secret).now())
    event, match = team_event(teams=4)
    pin = accounts.set_staff_pin(event, "482913")
    station = stations.add_station(event, "台1")
    db.session.commit()
    cookie, csrf = _phone_signs_in(app, event, pin)
    referee = db.session.query(User).filter_by(event_id=event.id).one()
    with app.test_request_context():
        links = [signin_links.station_signin_url(event, station, "https://venue.example"),
                 signin_links.staff_signin_url(event, "木村", "https://venue.example")]
    mirror_link, mirror_token = receiver.issue("koukai", "公開")
    target = pusher.link_event(event.id, "https://public.example", mirror_token)
    startgg_token = "sgg-secret-token-4e1d9a7c"  # the organiser's start.gg token (issue 39)
    ties_links.link(event, "startgg", "tournament/t/event/e", startgg_token)
    db.session.commit()
    send(match, "coin_toss", user=referee, position=0, winner="a", choice="stage", csrf_token=csrf)
    other = next(m for m in event.phases[0].brackets[0].matches if m.status == "ready" and m.id != match.id)
    send(other, "record_winner", user=desk, winner=other.slot_a)
    desk_client = _desk_signs_in(app, secret)
    db.session.expire_all()
    users = db.session.query(User).all()
    secrets_ = [secret, mirror_token, startgg_token, mirror_link.token_hash, cookie, csrf, event.staff_pin_hash,
                desk_client.get_cookie("session").value, *(u.password_hash for u in users)]
    secrets_ += [link.rsplit("/", 1)[1] for link in links]
    yield {"event": db.session.get(Event, event.id), "desk": desk_client, "target": target.id, "secrets": secrets_}
    app.config["WTF_CSRF_ENABLED"] = True


def _assert_clean(text: str, secrets_: list[str]) -> None:
    assert text.strip()
    for value in secrets_:
        assert value and value not in text, f"a secret left: {value[:12]}…"
    for prefix in HASH_PREFIXES:
        assert prefix not in text
    for name in SECRET_COLUMNS:
        assert f'"{name}"' not in text


def test_the_event_download_carries_no_secret(laden):
    answer = laden["desk"].get(f"/desk/e/{laden['event'].id}/oplog.jsonl")
    assert answer.status_code == 200
    text = answer.get_data(as_text=True)
    assert '"type": "user"' in text and '"青木"' in text  # who made the entries still leaves, by name
    _assert_clean(text, laden["secrets"])


def test_flask_oplog_export_carries_no_secret(app, laden, tmp_path):
    path = tmp_path / "log.jsonl"
    result = app.test_cli_runner().invoke(args=["oplog", "export", str(path)])
    assert "exported" in result.output
    _assert_clean(path.read_text(encoding="utf-8"), laden["secrets"])


def test_the_mirror_push_carries_no_secret(laden):
    sent = []

    def public_site(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/status"):
            return httpx.Response(200, json={"seq": 0, "digest": "", "push": 0})
        sent.append(request.content.decode())
        return httpx.Response(200, json={"seq": json.loads(request.content)["upto"], "digest": "d"})

    target = db.session.get(MirrorTarget, laden["target"])
    client = httpx.Client(transport=httpx.MockTransport(public_site), base_url=target.url)
    assert pusher.push(target, client=client).status == "ok"
    assert sent and '"state"' in sent[-1]
    _assert_clean("\n".join(sent), laden["secrets"])


def test_the_setup_file_carries_no_secret(laden):
    answer = laden["desk"].get(f"/desk/e/{laden['event'].id}/setup.toml")
    assert answer.status_code == 200
    text = answer.get_data(as_text=True)
    assert "[[phases]]" in text and "台1" in text  # the setup itself leaves
    _assert_clean(text, laden["secrets"])
    for name in ("pin", "hash", "token", "secret"):
        assert name not in text.lower()


def test_the_standings_csv_carries_no_secret(laden):
    answer = laden["desk"].get(f"/e/{laden['event'].slug}/standings.csv")
    assert answer.status_code == 200
    _assert_clean(answer.get_data(as_text=True), laden["secrets"])


API_EXPORTS = ("obf.json", "startgg.json", "placements.csv")


@pytest.mark.parametrize("name", API_EXPORTS)
def test_the_event_and_phase_exports_carry_no_secret(laden, name):
    """OBF, start.gg-shaped and placements CSV, for the event and each phase, from a stranger's browser."""
    event = laden["event"]
    paths = [f"/api/v1/events/{event.slug}/export/{name}"]
    paths += [f"/api/v1/events/{event.slug}/phases/{p.id}/export/{name}" for p in event.phases]
    for path in paths:
        answer = laden["desk"].application.test_client().get(path)
        assert answer.status_code == 200, path
        _assert_clean(answer.get_data(as_text=True), laden["secrets"])


def test_the_read_api_carries_no_secret(laden):
    """Every read API route of the event, the stations with a PIN-guarded QR code among them."""
    event, client = laden["event"], laden["desk"].application.test_client()
    phase = event.phases[0]
    match_ids = [m.id for m in phase.brackets[0].matches]
    paths = ["/api/v1/events", f"/api/v1/events/{event.slug}", f"/api/v1/events/{event.slug}/entrants",
             f"/api/v1/events/{event.slug}/standings", f"/api/v1/events/{event.slug}/stations",
             f"/api/v1/events/{event.slug}/phases/{phase.id}", f"/api/v1/events/{event.slug}/phases/{phase.id}/pools",
             *(f"/api/v1/matches/{i}" for i in match_ids), "/api/v1/openapi.json"]
    for path in paths:
        answer = client.get(path)
        assert answer.status_code == 200, path
        _assert_clean(answer.get_data(as_text=True), laden["secrets"])
        for word in ("pin", "token", "secret", "password", "hash", "info") if "openapi" not in path else ():
            assert f'"{word}' not in answer.get_data(as_text=True).lower(), (path, word)


@pytest.mark.parametrize("kind", sorted(MODELS))
def test_every_column_of_an_exported_model_is_decided(kind):
    """A column added later must be put on the allow-list or among those that stay: never by default."""
    columns = {c.key for c in MODELS[kind].__table__.columns}
    leaves, stays = set(leave.LEAVES[kind]), set(leave.STAYS.get(kind, ()))
    assert not leaves & stays
    assert columns == leaves | stays


def test_every_download_is_one_of_those_tested_here():
    """A new download (an attachment answer) must join the tests above before it ships."""
    root = pathlib.Path(__file__).resolve().parents[2] / "webapp"
    found = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if "attachment" in p.read_text(encoding="utf-8"))
    # The venue's CA certificate downloads carry the public certificate only (no key); the sign-up
    # page's calendar entry, the event's public facts only (test below).
    assert found == ["api/exports.py", "venue/views.py", "views/desk/event_files.py", "views/desk/events.py",
                     "views/players/signup.py", "views/public/pages.py"]


def test_the_calendar_entry_carries_the_public_facts_only(app, client):
    import datetime

    from webapp.services.setup import events
    event = events.create_event("Smash weekly #31", "kgp2025")
    event.day = datetime.date(2026, 12, 12)
    event.settings = {**(event.settings or {}), "venue": "秋葉原", "start_time": "13:00",
                      "signup": {"open": True, "questions": ["連絡先"]}, "self_checkin_code": "SECRET-CODE"}
    db.session.commit()
    body = client.get(f"/e/{event.slug}/calendar.ics").get_data(as_text=True)
    assert "Smash weekly #31" in body and "秋葉原" in body
    assert "SECRET-CODE" not in body and "連絡先" not in body


def test_a_replayed_account_opens_nothing_of_the_original():
    record = {"id": 3, "username": "desk", "display_name": "本部", "role": "desk", "event_id": None}
    again = leave.restored("user", record)
    assert again["password_hash"] == "!" and again["totp_secret"] is None
    assert again["credential_generation"] > 0 and again["signin_generation"] > 0
    assert leave.restored("event", {"id": 1})["staff_pin_hash"] is None
