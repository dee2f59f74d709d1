"""Sign-in throttle: wrong staff PINs and desk passwords slow down, and no stranger can lock anyone out.

Only failed attempts count (a sign-in that worked answers a redirect), and always
for one client *at one target* (the event of a PIN, the account of a password):
- a client that failed CLIENT_LIMIT times at a target waits (429, "wait N seconds"),
  for that target only: a shared address (the venue's NAT) failing on event B still
  signs in to event A and to the desk;
- when a target collects many failures from everywhere (a guess spread over many
  addresses), each client that has *failed there* waits a growing delay between its
  attempts (SLOW_AFTER, doubling up to SLOW_MAX); a client that has not failed there
  is never refused, so the referee with the right PIN always gets in.
Client addresses are read behind the configured proxies (TAIKAI_PROXIES, ProxyFix); an
IPv6 client counts per /64, the block one home or phone network hands out. Counters live
in memory, or in Redis when REDIS_URL is set (shared by workers). The first refusal of a
client at a target in a window is written to the audit log.
"""
import math
import os
import time
from functools import wraps

from flask import Flask, current_app, g, request
from flask_babel import gettext as _
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse

from . import signup_gate
from .clients import client_key  # noqa: F401  (the API's throttle reads it there)
from .pages import render
from .shared_store import Windows, windows, with_timeouts

# Moving windows, so no burst at a window's edge.
CLIENT_LIMIT = parse("10 per 5 minutes")  # one client's failures at one target
TARGET_WINDOW = parse("1000 per 10 minutes")  # counts every client's failures at one target
LAST_FAILURE = parse("1 per 1 hour")  # when this client last failed at this target
SLOW_AFTER = 20  # failures at one target in TARGET_WINDOW before failed clients slow down
SLOW_STEP = 10  # every SLOW_STEP more failures double the delay
SLOW_MAX = 60  # seconds: the longest a failed client waits between attempts
AUDIT_ONCE = parse("1 per 10 minutes")  # one audit entry per refused client, target and window
# Public sign-up posts: the limits per address, per phone and per event are web/signup_gate.py's.


def storage_uri() -> str:
    """Redis when REDIS_URL is set (shared by workers), else this process's memory."""
    return os.environ.get("REDIS_URL") or "memory://"


def _event_target() -> str:
    return "event:" + str((request.view_args or {}).get("slug", ""))


def _link_target() -> str:
    return "link:" + str((request.view_args or {}).get("token", ""))[:200]


def _checkin_target() -> str:
    return "checkin:" + str((request.view_args or {}).get("slug", ""))


def _account_target() -> str:
    return "account:" + request.form.get("username", "").strip().lower()[:80]


def slowdown(failures: int) -> int:
    """Seconds a failed client waits between attempts at a target with this many recent failures."""
    if failures < SLOW_AFTER:
        return 0
    return min(SLOW_MAX, 2 ** (1 + (failures - SLOW_AFTER) // SLOW_STEP))


def init_throttle(app: Flask) -> Limiter:
    """Count the sign-in views' failures (call after the blueprints are registered)."""
    storage = with_timeouts(app.config.get("RATELIMIT_STORAGE_URI") or storage_uri())
    limiter = Limiter(get_remote_address, app=app, storage_uri=storage,
                      strategy="moving-window", headers_enabled=False, key_prefix="taikai")
    app.extensions["taikai_limiter"] = limiter
    app.extensions["taikai_windows"] = Windows(limiter.limiter)  # this host's own while Redis is away
    app.view_functions["auth.staff_pin"] = _guarded(app.view_functions["auth.staff_pin"], _event_target)
    app.view_functions["auth.login"] = _guarded(app.view_functions["auth.login"], _account_target)
    # A station's QR code asks the event's PIN too: guesses there are counted like the PIN page's.
    app.view_functions["auth.link"] = _guarded(app.view_functions["auth.link"], _link_target)
    # A player's wrong reception codes, counted per player (their cookie) at the event.
    app.view_functions["player.checkin"] = _guarded(app.view_functions["player.checkin"], _checkin_target,
                                                    _player_key, _too_many_codes)
    app.view_functions["signup.form"] = _signup_limited(app.view_functions["signup.form"])
    return limiter


def _signup_limited(view):
    """Every sign-up POST counts: through the reception's code per phone and per event (the address
    only as a flood guard), else per address as before; past a limit the phone waits (429, in words)."""
    @wraps(view)
    def limited(*args, **kwargs):
        if request.method != "POST":
            return view(*args, **kwargs)
        refusal = signup_gate.check(kwargs.get("slug", ""))
        if refusal is not None:
            return _wait(*refusal)
        g.signup_onsite = signup_gate.onsite_now()  # the view skips the cap per address
        return view(*args, **kwargs)
    return limited


def _wait(seconds: int, message: str):
    response = current_app.make_response((render("error.html", code=429, description=message), 429))
    response.headers["Retry-After"] = str(seconds)
    return response


def _player_key() -> str:
    """A player's own link (the token's id), not the venue's shared address nor the cookie's text:
    one player's wrong codes never make the others wait, and `<token>.<anything>` is the same
    player. A cookie that opens no link of this event is no cookie (the view refuses it)."""
    from ..extensions import db
    from ..models import Event
    from ..services.players import player_links

    slug = str((request.view_args or {}).get("slug", ""))
    event_id = db.session.query(Event.id).filter_by(slug=slug).scalar() if "\x00" not in slug else None
    link = player_links.link_from_cookie(request.cookies.get(player_links.COOKIE), event_id) if event_id else None
    return f"player-link:{link.id}" if link is not None else "player:none"


def _guarded(view, target_of, who_of=client_key, words=None):
    @wraps(view)
    def guarded(*args, **kwargs):
        if request.method != "POST":
            return view(*args, **kwargs)
        who, target = who_of(), target_of()
        seconds, scope = wait_seconds(who, target)
        if seconds:
            return _too_many(seconds, scope, who, words)
        response = current_app.make_response(view(*args, **kwargs))
        if response.status_code != 302:  # a sign-in that worked redirects
            _count_failure(who, target)
        return response
    return guarded


def _windows():
    return windows()


def wait_seconds(who: str, target: str) -> tuple[int, str]:
    """How long this client must wait before trying this target again (0: now), and why."""
    windows, now = _windows(), time.time()
    if not windows.test(CLIENT_LIMIT, "fail", who, target):
        reset = windows.get_window_stats(CLIENT_LIMIT, "fail", who, target).reset_time
        return max(1, math.ceil(reset - now)), "client"
    last = windows.get_window_stats(LAST_FAILURE, "last", who, target)
    if last.remaining > 0:
        return 0, ""  # this client has not failed here: never refused
    failures = TARGET_WINDOW.amount - windows.get_window_stats(TARGET_WINDOW, "target", target).remaining
    since = now - (last.reset_time - LAST_FAILURE.get_expiry())
    delay = slowdown(failures)
    return (math.ceil(delay - since), "slowdown") if since < delay else (0, "")


def _count_failure(who: str, target: str) -> None:
    windows = _windows()
    windows.hit(CLIENT_LIMIT, "fail", who, target)
    windows.hit(TARGET_WINDOW, "target", target)
    windows.clear(LAST_FAILURE, "last", who, target)
    windows.hit(LAST_FAILURE, "last", who, target)


def _too_many(seconds: int, scope: str, who: str, words=None):
    if _windows().hit(AUDIT_ONCE, "lockout-audit", scope, who, request.path):
        _audit_lockout(scope, who)  # once per window: a flood must not flood the log
    message = (words or _too_many_signins)(seconds)
    response = current_app.make_response((render("error.html", code=429, description=message), 429))
    response.headers["Retry-After"] = str(seconds)
    return response


def _too_many_signins(seconds: int) -> str:
    return _("Too many wrong sign-in attempts. Wait %(seconds)s seconds and try again.", seconds=seconds)


def _too_many_codes(seconds: int) -> str:
    return _("Too many wrong check-in codes. Wait %(seconds)s seconds and try again, or go to the desk.",
             seconds=seconds)


def _audit_lockout(scope: str, who: str) -> None:
    from ..extensions import db
    from ..models import Event
    from ..services.accounts import audit

    slug = (request.view_args or {}).get("slug")
    event = db.session.query(Event).filter_by(slug=slug).first() if slug else None
    audit.record("signin.lockout", None, event.id if event else None, scope=scope, client=who,
                 account=request.form.get("username", "")[:80] or None)
    db.session.commit()
