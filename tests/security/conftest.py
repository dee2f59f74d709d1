"""Helpers for the security tests: staff phones of one event, signed in with its PIN."""
import pytest

from webapp.extensions import db
from webapp.services.accounts import users as accounts

PIN = "246813"


def staff_phone(app, event, name="山田", pin=PIN):
    """A new test client signed in as staff of this event (the PIN is set when missing)."""
    if not event.staff_pin_hash:
        accounts.set_staff_pin(event, pin)
        db.session.commit()
    phone = app.test_client()
    response = phone.post(f"/e/{event.slug}/staff-login", data={"name": name, "pin": pin})
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    return phone


@pytest.fixture
def no_csrf(app):
    """CSRF checks off for clients made in the test (one test checks them on)."""
    app.config["WTF_CSRF_ENABLED"] = False
    yield
    app.config["WTF_CSRF_ENABLED"] = True


@pytest.fixture(autouse=True)
def _user_per_request(app):
    """Tests hold an app context, so `g` outlives a request: forget the signed-in user
    between requests, or one client's user would answer for the next client."""
    from flask import g, request_started

    def forget(sender, **_):
        g.pop("_login_user", None)
        g.pop("csrf_token", None)  # Flask-WTF keeps the token made for one session here
    request_started.connect(forget, app)
    yield
    request_started.disconnect(forget, app)
