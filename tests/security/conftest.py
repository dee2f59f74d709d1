"""Helpers for the security tests: staff phones of one event, signed in with its PIN."""
import pytest


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
