"""Sign-in throttle (Flask-Limiter): wrong staff PINs and desk passwords slow down.

Only failed attempts count (a successful sign-in answers a redirect). Limits hold
per client address and per event (staff PIN) or per account (desk password), so
neither one phone nor many can guess a PIN. Counters live in memory, or in Redis
when REDIS_URL is set (several workers or hosts share them). A lockout answers
429 with "wait N seconds" and is written once per window to the audit log.
"""
import math
import os
import time

from flask import Flask, current_app, request
from flask_babel import gettext as _
from flask_limiter import Limiter, RequestLimit
from flask_limiter.util import get_remote_address
from limits import parse

from .views import render

# Attempt limits (failures only); a moving window, so no burst at a window's edge.
CLIENT_LIMIT = "10 per 5 minutes"
EVENT_LIMIT = "30 per 10 minutes"
ACCOUNT_LIMIT = "10 per 10 minutes"
AUDIT_ONCE = parse("1 per 10 minutes")  # one audit entry per locked key and window
SIGN_IN_VIEWS = ("auth.staff_pin", "auth.login")


def storage_uri() -> str:
    """Redis when REDIS_URL is set (shared by workers), else this process's memory."""
    return os.environ.get("REDIS_URL") or "memory://"


def _failed(response) -> bool:
    return response.status_code != 302  # a sign-in that worked redirects


def _event_key() -> str:
    return "event:" + str((request.view_args or {}).get("slug", ""))


def _account_key() -> str:
    return "account:" + request.form.get("username", "").strip().lower()[:80]


def init_throttle(app: Flask) -> Limiter:
    """Attach a limiter to this app and limit its sign-in views (call after the blueprints)."""
    limiter = Limiter(get_remote_address, app=app, storage_uri=app.config.get("RATELIMIT_STORAGE_URI") or storage_uri(),
                      strategy="moving-window", headers_enabled=False, key_prefix="taikai")
    app.extensions["taikai_limiter"] = limiter
    per_client = limiter.shared_limit(CLIENT_LIMIT, scope="sign-in", methods=["POST"], deduct_when=_failed,
                                      on_breach=_lockout("client"))
    per_event = limiter.limit(EVENT_LIMIT, key_func=_event_key, methods=["POST"], deduct_when=_failed,
                              on_breach=_lockout("event"))
    per_account = limiter.limit(ACCOUNT_LIMIT, key_func=_account_key, methods=["POST"], deduct_when=_failed,
                                on_breach=_lockout("account"))
    app.view_functions["auth.staff_pin"] = per_client(per_event(app.view_functions["auth.staff_pin"]))
    app.view_functions["auth.login"] = per_client(per_account(app.view_functions["auth.login"]))
    app.register_error_handler(429, _too_many)
    return limiter


def _lockout(scope: str):
    def record(limit: RequestLimit) -> None:
        limiter = current_app.extensions["taikai_limiter"]
        if not limiter.limiter.hit(AUDIT_ONCE, "lockout-audit", scope, limit.key):
            return  # already written in this window: a flood must not flood the log
        _audit_lockout(scope, limit)
    return record


def _audit_lockout(scope: str, limit: RequestLimit) -> None:
    from .extensions import db
    from .models import Event
    from .services import audit

    slug = (request.view_args or {}).get("slug")
    event = db.session.query(Event).filter_by(slug=slug).first() if slug else None
    audit.record("signin.lockout", None, event.id if event else None, scope=scope,
                 client=get_remote_address(), limit=str(limit.limit),
                 account=request.form.get("username", "")[:80] or None)
    db.session.commit()


def wait_seconds() -> int:
    """Seconds until the limit that refused this request lets a new attempt through."""
    limit = current_app.extensions["taikai_limiter"].current_limit
    return max(1, math.ceil(limit.reset_at - time.time())) if limit else 60


def _too_many(error):
    seconds = wait_seconds()
    message = _("Too many wrong sign-in attempts. Wait %(seconds)s seconds and try again.", seconds=seconds)
    response = current_app.make_response((render("error.html", code=429, description=message), 429))
    response.headers["Retry-After"] = str(seconds)
    return response
