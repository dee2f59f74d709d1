"""Sessions and headers fit for the internet; sign-in redirects stay on the site."""
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

import pytest
from play_support import team_event
from staff_phones import staff_phone

pytestmark = pytest.mark.usefixtures("no_csrf")
HTTPS = "https://taikai.example"


def _cookies(response) -> dict[str, str]:
    return {c.split("=", 1)[0]: c for c in response.headers.getlist("Set-Cookie")}


def test_security_headers_on_every_kind_of_response(client, app):
    for path in ("/", "/login", "/sync/openapi.json", "/offline", "/no-such-page", "/static/js/dom.js"):
        response = client.get(path)
        csp = response.headers.get("Content-Security-Policy", "")
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0], path
        assert "unsafe-eval" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert response.headers["Referrer-Policy"] == "same-origin", path


def test_desk_staff_and_sign_in_pages_cannot_be_framed(desk_client):
    for path in ("/desk/", "/staff/", "/login"):
        response = desk_client.get(path)
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"], path
        assert response.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'self'" in desk_client.get("/").headers["Content-Security-Policy"]


def test_hsts_only_over_https(client, app):
    assert "Strict-Transport-Security" not in client.get("/").headers
    assert client.get("/", base_url=HTTPS).headers["Strict-Transport-Security"].startswith("max-age=")


def test_cookies_over_https_are_secure_httponly_lax_and_last_one_day(client, desk_user):
    response = client.post("/login", data={"username": "desk", "password": "desk-pass-123"}, base_url=HTTPS)
    assert response.status_code == 302
    cookies = _cookies(response)
    assert {"session", "remember_token"} <= set(cookies)
    for cookie in cookies.values():
        assert "; Secure" in cookie and "; HttpOnly" in cookie and "SameSite=Lax" in cookie
    expires = parsedate_to_datetime(cookies["remember_token"].split("Expires=")[1].split(";")[0])
    hours = (expires - datetime.now(timezone.utc)).total_seconds() / 3600
    assert 15 < hours <= 16


def test_cookies_over_plain_http_still_work_on_the_laptop(client, desk_user):
    response = client.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    assert all("; Secure" not in c for c in _cookies(response).values())
    assert client.get("/desk/").status_code == 200


@pytest.mark.parametrize("target", [
    "//evil.example", "/\t/evil.example", "/\\evil.example", "/\\/evil.example", "https://evil.example",
    "/\n/evil.example", "/\x00/x", "javascript:alert(1)", "/%09/evil.example/../", "\\\\evil.example", "",
])
def test_sign_in_never_redirects_off_site(client, desk_user, target):
    response = client.post("/login?next=" + target.replace("%", "%25"),
                           data={"username": "desk", "password": "desk-pass-123"})
    location = response.headers["Location"]
    assert location.startswith("/") and not location.startswith("//") and "evil" not in location.split("/")[2:3]
    assert "\\" not in location and "\t" not in location
    if target.startswith(("/\t", "//", "/\\", "http", "java", "\\")):
        assert location == "/desk/"


def test_local_next_is_followed(client, desk_user):
    response = client.post("/login?next=/desk/e/1", data={"username": "desk", "password": "desk-pass-123"})
    assert response.headers["Location"] == "/desk/e/1"


def test_staff_pin_next_is_local_only(app):
    event, _ = team_event()
    staff_phone(app, event, name="田中")  # sets the PIN (another person: 山田 signs in below)
    phone = app.test_client()
    response = phone.post(f"/e/{event.slug}/staff-login?next=/\t/evil.example",
                          data={"name": "山田", "pin": "246813"})
    assert response.headers["Location"] == f"/staff/e/{event.slug}"
