"""Brute force: wrong PINs and passwords are throttled per client and per event/account."""
import pytest
from conftest import PIN, staff_phone
from play_support import team_event

from webapp import create_app
from webapp.extensions import db
from webapp.models import AuditEntry
from webapp.throttle import storage_uri

pytestmark = pytest.mark.usefixtures("no_csrf")


@pytest.fixture(autouse=True)
def _fresh_counters(app):
    app.extensions["taikai_limiter"].reset()
    yield
    app.extensions["taikai_limiter"].reset()


def _wrong_pins(phone, event, count, client="10.0.0.1"):
    return [phone.post(f"/e/{event.slug}/staff-login", data={"name": "x", "pin": "000000"},
                       environ_base={"REMOTE_ADDR": client}).status_code for _ in range(count)]


def test_ten_wrong_pins_from_one_client_lock_it_out_even_for_the_right_pin(app):
    event, _ = team_event()
    staff_phone(app, event)  # sets the PIN; its success does not count
    phone = app.test_client()
    assert _wrong_pins(phone, event, 10) == [200] * 10
    refused = phone.post(f"/e/{event.slug}/staff-login", data={"name": "x", "pin": PIN},
                         environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert refused.status_code == 429
    seconds = int(refused.headers["Retry-After"])
    assert 0 < seconds <= 300
    page = refused.get_data(as_text=True)
    assert f"{seconds} 秒" in page or f"{seconds}秒" in page  # Japanese by default
    # Another client is not locked out by this one.
    other = phone.post(f"/e/{event.slug}/staff-login", data={"name": "x", "pin": PIN},
                       environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert other.status_code == 302


def test_lockout_is_audited_once_per_window(app):
    event, _ = team_event()
    staff_phone(app, event)
    _wrong_pins(app.test_client(), event, 14)
    entries = db.session.query(AuditEntry).filter_by(action="signin.lockout").all()
    assert len(entries) == 1 and entries[0].event_id == event.id
    assert entries[0].detail["scope"] == "client" and entries[0].detail["client"] == "10.0.0.1"


def test_many_clients_together_are_throttled_per_event(app):
    event, _ = team_event()
    staff_phone(app, event)
    phone = app.test_client()
    codes = []
    for n in range(40):  # 4 wrong PINs from each of 10 addresses: no client reaches its own limit
        codes += _wrong_pins(phone, event, 1, client=f"10.0.1.{n % 10}")
    assert codes.count(429) == 10 and codes[:30] == [200] * 30
    assert db.session.query(AuditEntry).filter_by(action="signin.lockout").first().detail["scope"] == "event"


def test_desk_password_is_throttled_per_account(client, desk_user):
    for n in range(10):
        assert client.post("/login", data={"username": "desk", "password": "wrong"},
                           environ_base={"REMOTE_ADDR": f"10.0.2.{n}"}).status_code == 200
    locked = client.post("/login", data={"username": "desk", "password": "desk-pass-123"},
                         environ_base={"REMOTE_ADDR": "10.0.2.99"})
    assert locked.status_code == 429
    # Another account is not locked by it.
    assert client.post("/login", data={"username": "someone", "password": "x"},
                       environ_base={"REMOTE_ADDR": "10.0.2.98"}).status_code == 200


def test_redis_storage_is_shared_by_two_workers(app, monkeypatch):
    """With REDIS_URL, a second worker (another app) sees the first one's lockout."""
    url = monkeypatch.setenv("REDIS_URL", _redis_url()) or _redis_url()
    assert storage_uri() == url
    config = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
              "WTF_CSRF_ENABLED": False}
    first, second = create_app(config), create_app(config)
    first.extensions["taikai_limiter"].reset()
    event, _ = team_event()
    staff_phone(app, event)
    with first.app_context():
        assert _wrong_pins(first.test_client(), event, 10, client="10.0.3.1") == [200] * 10
    with second.app_context():
        assert _wrong_pins(second.test_client(), event, 1, client="10.0.3.1") == [429]
    first.extensions["taikai_limiter"].reset()


def _redis_url() -> str:
    import os
    return os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
