"""On-site sign-up: the desk turns it on and reception shows a QR carrying a short-lived code that
rotates (a new one every ROTATE seconds, the one before still taken). Sign-ups through a valid code
are not capped per address (the venue's wifi is one address for everyone); per phone and per event
limits still hold (web/throttle.py)."""
import hashlib
import hmac
import secrets
import time
import unicodedata

from ...models import Event
from ...tournament.errors import N_
from ..accounts import audit
from .signups import SignupProblem

ROTATE = 10 * 60  # seconds a code is shown; the one before is still taken for as long again
KEY = "onsite"


def is_on(event: Event) -> bool:
    return bool(((event.settings or {}).get("signup") or {}).get(KEY))


def set_on(event: Event, on: bool, user=None) -> None:
    """Turn on-site sign-up on (a new secret: codes shown before no longer work) or off."""
    signup = dict((event.settings or {}).get("signup") or {})
    signup[KEY] = bool(on)
    if on and not signup.get("onsite_secret"):
        signup["onsite_secret"] = secrets.token_hex(16)
    event.settings = {**(event.settings or {}), "signup": signup}
    audit.record("signup.onsite", user, event.id, on=bool(on))


def current(event: Event, now: float | None = None) -> str:
    """The code reception shows now (6 characters), "" while on-site sign-up is off."""
    return _code(event, int((now or time.time()) // ROTATE)) if is_on(event) else ""


def valid(event: Event, code: str, now: float | None = None) -> bool:
    """A code shown now or in the window before, while on-site sign-up is on."""
    if not is_on(event) or not code:
        return False
    window = int((now or time.time()) // ROTATE)
    typed = unicodedata.normalize("NFKC", str(code)).strip().upper()[:12]
    if not typed.isascii():  # a code is 6 of 0-9 A-F; compare_digest takes no other text
        return False
    return any(hmac.compare_digest(typed, _code(event, w)) for w in (window, window - 1))


def refuse_invalid(event: Event, code: str) -> None:
    """A sign-up that sent a reception code that is not valid now (an old one, another event's, a guess)
    is refused in words, never taken quietly as an ordinary sign-up from the venue's one address."""
    if (code or "").strip():
        raise SignupProblem("", "signup.code_invalid", N_(
            "This reception code is not valid now: it changes every %(minutes)s minutes, each event has its own, "
            "and the desk may have closed on-site sign-up. Scan the QR code at reception again, or ask the desk."),
            minutes=ROTATE // 60)


def _code(event: Event, window: int) -> str:
    secret = str(((event.settings or {}).get("signup") or {}).get("onsite_secret") or "")
    digest = hmac.new(secret.encode(), f"{event.id}:{window}".encode(), hashlib.sha256).hexdigest()
    return digest[:6].upper()
