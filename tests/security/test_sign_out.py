"""Sign-out ends the session on the server; desk passwords are not guessable; one-time codes.

A cookie copied before sign-out opens nothing after it; every sync route answers 401 to a
request without a valid session, before any CSRF check, so the phone shows "sign in to send".
"""
import pyotp
import pytest
from play_support import team_event
from staff_phones import staff_phone

from webapp.extensions import db
from webapp.models import User
from webapp.services import ServiceError
from webapp.services.accounts import users as accounts


def _copy(app, browser, names=("session", "remember_token")):
    thief = app.test_client()
    for name in names:
        cookie = browser.get_cookie(name)
        if cookie:
            thief.set_cookie(name, cookie.value)
    return thief


@pytest.mark.usefixtures("no_csrf")
def test_a_desk_cookie_copied_before_sign_out_no_longer_opens_the_desk(app, desk_user):
    desk = app.test_client()
    assert desk.post("/login", data={"username": "desk", "password": "desk-pass-123"}).status_code == 302
    session_only, remembered = _copy(app, desk, ("session",)), _copy(app, desk, ("remember_token",))
    assert session_only.get("/desk/").status_code == 200 and remembered.get("/desk/").status_code == 200
    assert desk.post("/logout").status_code == 302
    for thief in (session_only, remembered, _copy(app, desk)):
        assert thief.get("/desk/").status_code == 302  # to the sign-in page
    assert app.test_client().post("/login", data={"username": "desk", "password": "desk-pass-123"}).status_code == 302


@pytest.mark.usefixtures("no_csrf")
def test_a_staff_cookie_copied_before_sign_out_no_longer_records_through_sync(app):
    event, match = team_event()
    phone = staff_phone(app, event)
    thief = _copy(app, phone)
    op = {"op_id": "op-after-sign-out-1", "seq": 1, "kind": "coin_toss", "match_id": match.id,
          "payload": {"winner": "a", "choice": "stage"}}
    assert phone.post("/logout").status_code == 302
    response = thief.post("/sync/ops", json={"device_id": "phone-1", "ops": [op]})
    assert response.status_code == 401 and response.get_json()["error"] == "auth"
    assert thief.get(f"/staff/e/{event.slug}").status_code == 302


SYNC_CALLS = [("POST", "/sync/ops"), ("POST", "/sync/seen"), ("POST", "/sync/received"),
              ("GET", "/sync/outcomes?device_id=p&since_seq=0"), ("GET", "/sync/outcomes"), ("GET", "/sync/pack"),
              ("GET", "/sync/pack/1")]


@pytest.mark.parametrize("method, path", SYNC_CALLS)
@pytest.mark.parametrize("body", [{"device_id": "p", "ops": []}, {"device_id": "p", "ops": [{}], "waiting": 0}, None])
def test_every_sync_route_answers_401_without_a_session_before_checking_csrf(app, method, path, body):
    assert app.config["WTF_CSRF_ENABLED"]  # CSRF is on: a missing token must not be the answer
    response = app.test_client().open(path, method=method, json=body)
    assert response.status_code == 401 and response.get_json()["error"] == "auth"


@pytest.mark.parametrize("method, path", SYNC_CALLS)
def test_a_phone_signed_out_elsewhere_hears_sign_in_to_send_in_its_language(app, no_csrf, method, path):
    event, _ = team_event()
    phone = staff_phone(app, event)
    stale = _copy(app, phone)  # the phone's cookies of before: its session has ended since
    assert phone.post("/logout").status_code == 302
    app.config["WTF_CSRF_ENABLED"] = True  # the answer comes before the token is looked at
    for lang, words in (("en", "Sign in to send"), ("ja", "ログインすると送信します")):
        answer = stale.open(f"{path}{'&' if '?' in path else '?'}lang={lang}", method=method,
                            json={"device_id": "p", "ops": []})
        assert answer.status_code == 401 and answer.get_json() == {"error": "auth", "message": words}


def test_the_openapi_document_says_every_sync_route_needs_the_session(app):
    document = app.test_client().get("/sync/openapi.json").get_json()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            assert "401" in operation["responses"], (method, path)


@pytest.mark.parametrize("password", ["12345678", "password", "desk1234", "deskdesk", "DESK", "qwertyuiop"])
def test_common_and_user_name_like_desk_passwords_are_refused(app, password):
    with pytest.raises(ServiceError) as refused:
        accounts.create_user("desk" if password != "DESK" else "desk", password if password != "DESK" else "desk")
    assert refused.value.code in ("account.password_weak", "account.password")


def test_a_password_equal_to_the_user_name_is_refused(app):
    with pytest.raises(ServiceError) as refused:
        accounts.create_user("tournament-desk", "tournament-desk")
    assert refused.value.code == "account.password_weak"


@pytest.mark.usefixtures("no_csrf")
def test_the_password_page_names_the_rule(desk_client):
    response = desk_client.post("/account/password", data={"current": "desk-pass-123", "new": "password"})
    assert response.status_code == 422
    assert "推測" in response.get_data(as_text=True)  # the Japanese "too easy to guess" message


def test_an_unknown_name_costs_a_password_check_like_a_wrong_password(app, desk_user, monkeypatch):
    checked = []
    real = accounts.check_password_hash
    monkeypatch.setattr(accounts, "check_password_hash", lambda h, p: checked.append(h) or real(h, p))
    import webapp.models.accounts as model
    monkeypatch.setattr(model, "check_password_hash", lambda h, p: checked.append(h) or real(h, p))
    assert accounts.authenticate("nobody-here", "wrong-pass") is None
    assert accounts.authenticate("desk", "wrong-pass") is None
    assert len(checked) == 2 and checked[0].split("$")[0] == checked[1].split("$")[0]  # same method, same cost


@pytest.mark.usefixtures("no_csrf")
def test_the_desk_turns_one_time_codes_on_and_then_needs_them(app, desk_client):
    page = desk_client.get("/account/totp")
    assert page.status_code == 200
    with desk_client.session_transaction() as session:
        secret = session["totp_pending"]
    assert desk_client.post("/account/totp", data={"action": "on", "code": "000000"}).status_code == 422
    assert desk_client.post("/account/totp", data={"action": "on", "code": pyotp.TOTP(secret).now()}).status_code == 302
    assert desk_client.get("/desk/").status_code == 200  # this browser stays signed in
    assert db.session.query(User).filter_by(username="desk").one().totp_secret == secret
    other = app.test_client()
    assert other.post("/login", data={"username": "desk", "password": "desk-pass-123"}).status_code == 200
    assert other.post("/login", data={"username": "desk", "password": "desk-pass-123",
                                      "code": pyotp.TOTP(secret).now()}).status_code == 302
    assert desk_client.post("/account/totp", data={"action": "off", "password": "desk-pass-123"}).status_code == 302
    assert db.session.query(User).filter_by(username="desk").one().totp_secret is None
