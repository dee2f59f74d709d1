"""A stranger on the venue wifi, against the production server (`make serve`: gunicorn, asyncio worker,
the buffering front), its proxy trusted (TAIKAI_PROXIES=1) so each X-Forwarded-For is a different phone.

Many wrong sign-ins from several addresses never keep out a person with the right PIN or password
from another address; names made of markup come back as text; a cookie copied before sign-out
opens nothing after it.
"""
import re
import uuid

import pytest
import requests
from play_support import team_event
from redis_support import local_redis, redis_at  # noqa: E402
from serving import GunicornProcess

from webapp.extensions import db
from webapp.services.accounts import users as accounts

pytestmark = pytest.mark.timeout(240)
MARKUP = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>']


def _serve(app, **env):
    accounts.create_user("desk", "desk-pass-123", role="desk")
    event, match = team_event()
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    return GunicornProcess(app, ["serve"], TAIKAI_PROXIES="1", **env).start(), event, match


@pytest.fixture
def server(app):
    process, event, match = _serve(app)
    yield process, event, match
    process.stop()


@pytest.fixture
def redis_url():
    """The machine's Redis (a database of its own) when it answers, else a private redis-server."""
    with redis_at(local_redis(1), flush=True) as url:
        yield url


@pytest.fixture
def shared_counters(app, redis_url):
    """make serve with REDIS_URL (README): both workers count a client's failures together."""
    process, event, match = _serve(app, REDIS_URL=redis_url)
    yield process, event, match
    process.stop()


class Phone:
    """One client at one address (as the proxy reports it), keeping its cookies by hand (they are Secure)."""

    def __init__(self, port: int, address: str):
        self.base, self.cookies = f"http://127.0.0.1:{port}", {}
        # As through the https proxy: forms come with the page's own address as Referer (CSRF's https check).
        self.headers = {"X-Forwarded-For": address, "X-Forwarded-Proto": "https", "Referer": f"https://127.0.0.1:{port}/"}

    def go(self, method: str, path: str, **kw) -> requests.Response:
        answer = requests.request(method, self.base + path, headers={**self.headers, **kw.pop("headers", {})},
                                  cookies=self.cookies, allow_redirects=False, timeout=30, **kw)
        self.cookies.update(answer.cookies.get_dict())
        return answer

    def token(self, path: str) -> str:
        return re.search(r'name="csrf-token" content="([^"]+)"', self.go("GET", path).text).group(1)

    def staff_sign_in(self, slug: str, name: str, pin: str) -> requests.Response:
        token = self.token(f"/e/{slug}/staff-login")
        return self.go("POST", f"/e/{slug}/staff-login", data={"name": name, "pin": pin, "csrf_token": token})

    def desk_sign_in(self, password: str) -> requests.Response:
        token = self.token("/login")
        return self.go("POST", "/login", data={"username": "desk", "password": password, "csrf_token": token})


def test_wrong_sign_ins_from_several_addresses_keep_nobody_with_the_right_one_out(server):
    process, event, _ = server
    for n in range(30):  # 30 wrong PINs and 12 wrong desk passwords, from 3 addresses
        stranger = Phone(process.port, f"10.0.0.{n % 3 + 1}")
        assert stranger.staff_sign_in(event.slug, "誰か", f"{n:06d}").status_code in (200, 429)
    for n in range(12):
        Phone(process.port, f"10.0.0.{n % 3 + 1}").desk_sign_in(f"wrong-{n}")
    referee = Phone(process.port, "10.0.0.4").staff_sign_in(event.slug, "審判", "135790")
    assert referee.status_code == 302, referee.text[:300]
    assert Phone(process.port, "10.0.0.5").desk_sign_in("desk-pass-123").status_code == 302


def test_ten_wrong_pins_from_one_address_make_it_wait_whichever_worker_answers(shared_counters):
    process, event, _ = shared_counters
    for n in range(10):
        Phone(process.port, "10.3.0.1").staff_sign_in(event.slug, "誰か", f"{n:06d}")
    refused = Phone(process.port, "10.3.0.1").staff_sign_in(event.slug, "誰か", "135790")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert Phone(process.port, "10.3.0.2").staff_sign_in(event.slug, "審判", "135790").status_code == 302


def test_names_made_of_markup_come_back_as_text(server):
    process, event, match = server
    for n, name in enumerate(MARKUP):
        phone = Phone(process.port, f"10.1.0.{n + 1}")
        assert phone.staff_sign_in(event.slug, name, "135790").status_code == 302
        for path in (f"/staff/e/{event.id}", f"/staff/m/{match.id}", "/staff/"):
            page = phone.go("GET", path).text
            assert name not in page, path  # escaped, wherever the name is shown
    desk = Phone(process.port, "10.1.0.9")
    desk.desk_sign_in("desk-pass-123")
    for path in ("/desk/", f"/desk/e/{event.id}"):
        page = desk.go("GET", path).text
        assert not any(name in page for name in MARKUP), path


def test_a_cookie_copied_before_sign_out_opens_nothing_after_it(server):
    process, event, match = server
    desk = Phone(process.port, "10.2.0.1")
    assert desk.desk_sign_in("desk-pass-123").status_code == 302
    referee = Phone(process.port, "10.2.0.2")
    assert referee.staff_sign_in(event.slug, "審判", "135790").status_code == 302
    copies = {"desk": dict(desk.cookies), "staff": dict(referee.cookies)}
    staff_token = referee.token(f"/staff/m/{match.id}")
    for phone in (desk, referee):
        token = phone.token("/staff/" if phone is referee else "/desk/")
        assert phone.go("POST", "/logout", data={"csrf_token": token}).status_code == 302
    thief = Phone(process.port, "10.2.0.3")
    thief.cookies = copies["desk"]
    assert thief.go("GET", "/desk/").status_code in (302, 401, 403)
    thief.cookies = copies["staff"]
    op = {"op_id": str(uuid.uuid4()), "device_id": "thief", "seq": 1, "kind": "coin_toss", "match_id": match.id,
          "base_version": None, "payload": {"winner": "a", "choice": "stage", "position": 0}}
    answer = thief.go("POST", "/sync/ops", json={"device_id": "thief", "ops": [op]}, headers={"X-CSRFToken": staff_token})
    assert answer.status_code == 401 and answer.json()["error"] == "auth"


def test_a_second_phone_typing_a_referees_name_cannot_act_as_them_or_sign_them_out(server):
    """Issue 25's sequence on the production server: a second phone with the PIN types "Aoki"."""
    process, event, match = server
    aoki = Phone(process.port, "10.4.0.1")
    assert aoki.staff_sign_in(event.slug, "Aoki", "135790").status_code == 302
    impostor = Phone(process.port, "10.4.0.2")
    refused = impostor.staff_sign_in(event.slug, "Aoki", "135790")
    assert refused.status_code == 200 and "Aoki" in refused.text and "別の端末でログイン中" in refused.text
    impostor.go("POST", "/logout", data={"csrf_token": impostor.token("/")})
    assert impostor.go("GET", "/sync/pack").status_code == 401
    assert aoki.go("GET", "/sync/pack").status_code == 200  # Aoki's phone is still Aoki's
    stale = dict(aoki.cookies)
    assert aoki.go("POST", "/logout", data={"csrf_token": aoki.token("/staff/")}).status_code == 302
    aoki.cookies = stale  # the phone's page, still holding its cookies of before
    for method, path in (("GET", "/sync/pack"), ("GET", "/sync/outcomes?device_id=p&since_seq=0"),
                         ("POST", "/sync/ops"), ("POST", "/sync/seen")):
        answer = aoki.go(method, f"{path}{'&' if '?' in path else '?'}lang=en", json={"device_id": "p", "ops": []})
        assert answer.status_code == 401 and answer.json() == {"error": "auth", "message": "Sign in to send"}, path
