"""Sign-in: Flask-Login set-up, one session per phone, and role guards for desk and staff pages."""
import secrets
from functools import wraps
from urllib.parse import urlsplit

from flask import Flask, abort, after_this_request, redirect, request, url_for
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_user

from ..extensions import db, login_manager
from ..services.accounts import login_sessions

# The phone's own long-lived cookie: the same phone coming back to take its name back is known
# by it (services/accounts.claim_name). Not a credential by itself: the PIN is still asked.
PHONE_COOKIE = "taikai_phone"
PHONE_COOKIE_SECONDS = 400 * 86400
NEW_PHONE = "taikai.new_phone"


def init_auth(app: Flask) -> None:
    """Configure the login manager."""
    login_manager.login_view = "auth.login"
    login_manager.login_message = _l("Please sign in.")
    login_manager.user_loader(login_sessions.user_for_session_id)


def kept_phone_secret() -> str:
    """The phone's long-lived cookie as the request brings it, or "" (none, or not one of ours)."""
    secret = request.cookies.get(PHONE_COOKIE, "")
    return secret if 30 <= len(secret) <= 64 else ""


def phone_secret() -> str:
    """This phone's long-lived cookie; made now (and set on the answer) when it has none."""
    secret = kept_phone_secret()
    if secret:
        return secret
    if NEW_PHONE not in request.environ:  # this request's own (`g` can outlive a request)
        secret = request.environ[NEW_PHONE] = secrets.token_urlsafe(32)

        @after_this_request
        def _keep(response):
            response.set_cookie(PHONE_COOKIE, secret, max_age=PHONE_COOKIE_SECONDS, httponly=True, samesite="Lax")
            return response
    return request.environ[NEW_PHONE]


def sign_in(user) -> None:
    """A new session for this person on this phone (its own row, ended alone), then the cookies.

    Whoever was signed in on this browser before (a shared phone changing hands) is signed out
    here: their session ends, their entries still on the phone wait for them or the desk."""
    if current_user.is_authenticated:
        login_sessions.end(current_user.login_session_id)
    login_sessions.start(user, phone_secret(), login_sessions.phone_kind(request.user_agent.string))
    db.session.commit()
    login_user(user, remember=True)


def local_path(target: str | None, default: str) -> str:
    """`target` if it is a path on this site, else `default` (no open redirect).

    Browsers drop tabs and newlines from URLs and read a backslash as a slash,
    so "/\t/evil.example" or "/\\evil.example" would leave the site: refuse any
    control character or backslash, and anything with a scheme or a host.
    """
    if not target or not target.startswith("/") or target.startswith("//"):
        return default
    if "\\" in target or any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f for c in target):
        return default
    parts = urlsplit(target)
    return default if parts.scheme or parts.netloc else target


def desk_required(view):
    """Only desk accounts."""
    @wraps(view)
    def wrapper(*args, **kwargs):
        if not current_user.is_authenticated:
            return redirect(url_for("auth.login", next=request.full_path))
        if not current_user.is_desk:
            abort(403)
        return view(*args, **kwargs)
    return wrapper


def staff_required(view):
    """Staff or desk; staff signed in with an event PIN only for that event."""
    @wraps(view)
    def wrapper(*args, **kwargs):
        if not current_user.is_authenticated:
            slug = (request.view_args or {}).get("slug")
            if slug:  # a station's QR code: the event's PIN sign-in, then that station's match
                return redirect(url_for("auth.staff_pin", slug=slug, next=request.full_path))
            return redirect(url_for("auth.login", next=request.full_path))
        return view(*args, **kwargs)
    return wrapper
