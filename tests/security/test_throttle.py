"""Brute force: wrong PINs and passwords slow down per client and target, and lock no one else out.

Behind a proxy (ProxyFix, TAIKAI_PROXIES=1) every request comes from the proxy's address;
the client is the X-Forwarded-For it adds.
"""
import pytest
from fresh_limits import fresh_counters  # noqa: F401 (an autouse fixture)
from play_support import team_event
from redis_support import local_redis
from staff_phones import PIN, staff_phone

from webapp import create_app
from webapp.extensions import db
from webapp.models import AuditEntry
from webapp.venue.proxies import trust_proxies
from webapp.web.throttle import SLOW_AFTER, client_key, slowdown, storage_uri

pytestmark = pytest.mark.usefixtures("no_csrf")
PROXY = {"REMOTE_ADDR": "10.9.9.9"}


@pytest.fixture
def proxied(app):
    """The app behind one trusted proxy, as on a public host."""
    before, app.config["TAIKAI_PROXIES"] = app.wsgi_app, 1
    trust_proxies(app)
    yield app
    app.wsgi_app, app.config["TAIKAI_PROXIES"] = before, 0


def _pin(phone, event, pin, client):
    return phone.post(f"/e/{event.slug}/staff-login", data={"name": "x", "pin": pin}, environ_base=PROXY,
                      headers={"X-Forwarded-For": client}).status_code


def _password(phone, password, client, username="desk"):
    return phone.post("/login", data={"username": username, "password": password}, environ_base=PROXY,
                      headers={"X-Forwarded-For": client}).status_code


def test_ten_wrong_pins_from_one_client_lock_that_client_out_even_for_the_right_pin(proxied):
    event, _ = team_event()
    staff_phone(proxied, event)  # sets the PIN; its success does not count
    phone = proxied.test_client()
    assert [_pin(phone, event, "000000", "198.51.100.1") for _ in range(10)] == [200] * 10
    refused = phone.post(f"/e/{event.slug}/staff-login", data={"name": "x", "pin": PIN}, environ_base=PROXY,
                         headers={"X-Forwarded-For": "198.51.100.1"})
    assert refused.status_code == 429
    seconds = int(refused.headers["Retry-After"])
    assert 0 < seconds <= 300
    page = refused.get_data(as_text=True)
    assert f"{seconds} 秒" in page or f"{seconds}秒" in page  # Japanese by default
    assert _pin(phone, event, PIN, "198.51.100.2") == 302  # another client behind the same proxy


def test_a_strangers_wrong_pins_from_three_addresses_never_block_the_right_pin_from_a_fourth(proxied):
    event, _ = team_event()
    staff_phone(proxied, event)
    phone = proxied.test_client()
    codes = [_pin(phone, event, "000000", f"203.0.113.{n % 3 + 1}") for n in range(60)]
    assert 429 in codes  # the stranger is slowed down and then locked out
    assert _pin(phone, event, PIN, "198.51.100.4") == 302


def test_an_event_without_a_staff_pin_says_so_and_is_throttled_like_a_wrong_pin(proxied):
    """No PIN set yet: the referee is told to ask the desk (no "wrong PIN" to retype), nothing else; the page
    already names every event that exists (an unknown one is a 404, as before), so this is no new oracle, and
    the tries count like wrong PINs."""
    event, _ = team_event()
    phone, stranger = proxied.test_client(), "198.51.100.31"

    def tried(lang):
        return phone.post(f"/e/{event.slug}/staff-login?lang={lang}", data={"name": "x", "pin": "246813"},
                          environ_base=PROXY, headers={"X-Forwarded-For": stranger})
    ja, en = tried("ja"), tried("en")
    assert ja.status_code == en.status_code == 200
    assert "まだスタッフPINが設定されていません。本部に" in ja.get_data(as_text=True)
    assert "PINが違う" not in ja.get_data(as_text=True)
    assert "No staff PIN is set for this event yet: ask the desk" in en.get_data(as_text=True)
    assert phone.get(f"/e/{event.slug}/staff-login").status_code == 200  # the event's page, as before
    assert phone.get("/e/no-such-event/staff-login").status_code == 404
    assert _pin(phone, type("Unknown", (), {"slug": "no-such-event"}), "246813", stranger) == 404
    assert [tried("ja").status_code for _ in range(8)] == [200] * 8  # 10 failures at this event
    assert tried("ja").status_code == 429


def test_wrong_desk_passwords_from_one_address_do_not_lock_the_desk_out_from_another(proxied, desk_user):
    phone = proxied.test_client()
    assert [_password(phone, "wrong", "203.0.113.9") for _ in range(12)][-2:] == [429, 429]
    assert _password(phone, "desk-pass-123", "198.51.100.20") == 302


def test_a_shared_address_failing_on_event_b_does_not_block_event_a_nor_the_desk(proxied, desk_user):
    event_a, _ = team_event()
    event_b, _ = team_event()
    staff_phone(proxied, event_a)
    staff_phone(proxied, event_b)
    phone, nat = proxied.test_client(), "192.0.2.50"
    assert [_pin(phone, event_b, "000000", nat) for _ in range(11)][-1] == 429
    assert _pin(phone, event_a, PIN, nat) == 302
    assert _password(phone, "desk-pass-123", nat) == 302


def test_many_failures_at_one_event_slow_down_failed_clients_only(proxied):
    event, _ = team_event()
    staff_phone(proxied, event)
    phone = proxied.test_client()
    for n in range(SLOW_AFTER):  # one wrong PIN from each of many addresses: none reaches its own limit
        assert _pin(phone, event, "000000", f"203.0.113.{n + 1}") == 200
    assert _pin(phone, event, "000000", "203.0.113.200") == 200  # not failed before: checked at once
    slowed = phone.post(f"/e/{event.slug}/staff-login", data={"name": "x", "pin": PIN}, environ_base=PROXY,
                        headers={"X-Forwarded-For": "203.0.113.200"})
    assert slowed.status_code == 429 and 0 < int(slowed.headers["Retry-After"]) <= slowdown(SLOW_AFTER + 1)
    assert _pin(phone, event, PIN, "198.51.100.77") == 302  # a client that has not failed is never refused
    entry = db.session.query(AuditEntry).filter_by(action="signin.lockout").one()
    assert entry.detail["scope"] == "slowdown" and entry.event_id == event.id


def test_the_delay_grows_and_stays_bounded():
    delays = [slowdown(n) for n in range(0, 200, 5)]
    assert delays == sorted(delays) and delays[0] == 0 and max(delays) == 60


def test_a_lockout_is_audited_once_per_window(proxied):
    event, _ = team_event()
    staff_phone(proxied, event)
    phone = proxied.test_client()
    for _ in range(14):
        _pin(phone, event, "000000", "198.51.100.5")
    entries = db.session.query(AuditEntry).filter_by(action="signin.lockout").all()
    assert len(entries) == 1 and entries[0].event_id == event.id
    assert entries[0].detail["scope"] == "client" and entries[0].detail["client"] == "198.51.100.5"


def test_ipv6_clients_count_per_64(app):
    with app.test_request_context(environ_base={"REMOTE_ADDR": "2001:db8:1:2:aaaa::1"}):
        assert client_key() == "2001:db8:1:2::/64"
    with app.test_request_context(environ_base={"REMOTE_ADDR": "::ffff:192.0.2.1"}):
        assert client_key() == "192.0.2.1"


def test_redis_storage_is_shared_by_two_workers(app, monkeypatch):
    """With REDIS_URL, a second worker (another app) sees the first one's lockout."""
    url = local_redis(2)
    monkeypatch.setenv("REDIS_URL", url)
    assert storage_uri() == url
    config = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
              "WTF_CSRF_ENABLED": False}
    first, second = create_app(config), create_app(config)
    first.extensions["taikai_limiter"].reset()
    event, _ = team_event()
    staff_phone(app, event)
    db.session.commit()  # the other apps' sign-ins write: this session holds no write lock meanwhile
    wrong = {"name": "x", "pin": "000000"}
    env = {"REMOTE_ADDR": "10.0.3.1"}
    url_ = f"/e/{event.slug}/staff-login"
    with first.app_context():
        assert [first.test_client().post(url_, data=wrong, environ_base=env).status_code
                for _ in range(10)] == [200] * 10
    with second.app_context():
        assert second.test_client().post(url_, data=wrong, environ_base=env).status_code == 429
    first.extensions["taikai_limiter"].reset()

