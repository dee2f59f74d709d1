"""A phone's device cookie for public sign-up: issued by the server, signed, and only taken once it
is a few seconds old (a new device costs a short wait), so a flood cannot mint a fresh identity per
post. Limits per phone read it (web/throttle.py)."""
import time

from flask import current_app, request
from itsdangerous import BadSignature, TimestampSigner

COOKIE = "taikai_device"
WAIT = 3  # seconds before a new device cookie is taken (config SIGNUP_DEVICE_WAIT)
MAX_AGE = 180 * 24 * 3600


def _signer() -> TimestampSigner:
    return TimestampSigner(current_app.secret_key, salt="signup-device")


def new_value() -> str:
    import secrets
    return _signer().sign(secrets.token_urlsafe(12)).decode()


def device(value: str | None = None) -> tuple[str, float] | None:
    """(the device id, seconds since issued) of the request's cookie, None when absent or forged."""
    value = value if value is not None else request.cookies.get(COOKIE, "")
    try:
        raw, issued = _signer().unsign(value, max_age=MAX_AGE, return_timestamp=True)
    except BadSignature:
        return None
    return raw.decode(), time.time() - issued.timestamp()


def ready(found: tuple[str, float] | None) -> bool:
    return found is not None and found[1] >= current_app.config.get("SIGNUP_DEVICE_WAIT", WAIT)


def give(response):
    """Issue a device cookie to a phone that has none (the sign-up page's GET)."""
    if device() is None:
        response.set_cookie(COOKIE, new_value(), max_age=MAX_AGE, httponly=True, samesite="Lax",
                            secure=request.is_secure)
    return response
