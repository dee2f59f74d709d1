"""A form's CSRF token on a phone: one token for every page the phone loads at once.

Flask-WTF keeps a random token in the session, and a request that comes without a session gets
a new one. A phone whose session has ended (expired, its cookies cleared) loads two pages at once:
the sign-in page a person opens, and the outbox's own fetch of a fresh token (static/js/
outbox_send.js). Each answer set a new session with its own token; the last one won, and the
sign-in form carried the other: refused as a bad token, though the person did nothing wrong.

On a phone that keeps its long-lived cookie (web/auth.PHONE_COOKIE) the token is derived from that
cookie, so every such answer holds the same one. It is an HMAC under the app's secret key: the
token a page shows reveals nothing of the cookie, and it is worth nothing on another phone (whose
cookie differs). It lives as long as that cookie, not one session: a token is no credential (the
session cookie still is), it only proves a form came from this site's page. A phone without that
cookie (a first visit) keeps Flask-WTF's random token.
"""
import hashlib
import hmac

from flask import Flask, current_app, session
from flask_wtf.csrf import generate_csrf

from .auth import kept_phone_secret


def form_token() -> str:
    """The signed CSRF token a page's forms carry (the templates' `csrf_token()`)."""
    field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    if field not in session:
        phone = kept_phone_secret()
        if phone:
            session[field] = _phone_token(phone)
    return generate_csrf()


def _phone_token(phone: str) -> str:
    key = current_app.config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key
    key = key.encode() if isinstance(key, str) else key
    return hmac.new(key, b"form-token:" + phone.encode(), hashlib.sha1).hexdigest()


def init_form_tokens(app: Flask) -> None:
    """The templates' `csrf_token()` is this module's (call after Flask-WTF's own init, which sets
    both a global and a context processor: the later processor wins)."""
    app.jinja_env.globals["csrf_token"] = form_token
    app.context_processor(lambda: {"csrf_token": form_token})
