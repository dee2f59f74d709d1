"""Sign-in: Flask-Login set-up and role guards for desk and staff pages."""
from functools import wraps
from urllib.parse import urlsplit

from flask import Flask, abort, redirect, request, url_for
from flask_babel import lazy_gettext as _l
from flask_login import current_user

from ..extensions import db, login_manager


def init_auth(app: Flask) -> None:
    """Configure the login manager."""
    from ..models import User

    login_manager.login_view = "auth.login"
    login_manager.login_message = _l("Please sign in.")

    @login_manager.user_loader
    def _load(session_id: str):
        # "user:credential generation:PIN generation" (User.get_id); an old id finds no one.
        user_id = session_id.split(":", 1)[0]
        user = db.session.get(User, int(user_id)) if user_id.isdigit() else None
        return user if user is not None and user.get_id() == session_id else None


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
