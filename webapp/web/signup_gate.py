"""Which limits a public sign-up POST meets (web/throttle.py applies them before the view):
- through the reception's valid code (on-site sign-up): the phone's device cookie (issued by the
  sign-up page, taken once a few seconds old), DEVICE_RATE per phone, EVENT_RATE per event, and the
  address only as a flood guard (ONSITE_ADDRESS_RATE);
- a code that is not valid (old, another event's, guessed): WRONG_CODE_RATE per address, counted on its
  own so a stranger's guesses never make the walk-ins with the reception's code wait (the view refuses
  the post in words);
- otherwise SIGNUP_RATE per address, as before (and the service's cap per address)."""
import math
import time

from flask import g, request
from flask_babel import gettext as _
from limits import parse

from . import device
from .clients import client_key
from .shared_store import windows as shared_windows

SIGNUP_RATE = parse("12 per 10 minutes")  # per address, without the reception's code
DEVICE_RATE = parse("6 per 10 minutes")   # per phone, through the code
EVENT_RATE = parse("1200 per 10 minutes")  # per event, through the code
ONSITE_ADDRESS_RATE = parse("2000 per 10 minutes")  # the flood guard, far above a venue's crowd
WRONG_CODE_RATE = parse("20 per 10 minutes")  # per address: codes sent that are not valid (old, guessed)


def check(slug: str) -> tuple[int, str] | None:
    """(seconds to wait, the words) when this post is refused, else None."""
    from ..services.accounts import users as accounts
    from ..services.players import signup_codes

    event = accounts.event_by_slug(slug)
    code = request.form.get("code", "")
    g.signup_code_ok = signup_codes.valid(event, code)
    if not g.signup_code_ok and code.strip():  # counted on their own: guesses never use up the address's
        seconds = hit_or_wait(WRONG_CODE_RATE, "signup-wrong-code", client_key())  # sign-ups, nor a valid code
        return (seconds, _("Too many reception codes that are not valid from this connection. Wait %(seconds)s "
                           "seconds, or scan the QR code at reception again: its code is always taken.",
                           seconds=seconds)) if seconds else None
    if not g.signup_code_ok:
        seconds = hit_or_wait(SIGNUP_RATE, "signup", client_key())
        return (seconds, _("Too many sign-ups from this connection. Wait %(seconds)s seconds, or ask the desk.",
                           seconds=seconds)) if seconds else None
    phone = device.device()
    if not device.ready(phone):
        return (device.WAIT, _("This phone is new here: wait a few seconds, then send the sign-up again."))
    for rate, name, who in ((ONSITE_ADDRESS_RATE, "signup-onsite-address", client_key()),
                            (EVENT_RATE, "signup-event", str(event.id)), (DEVICE_RATE, "signup-device", phone[0])):
        seconds = hit_or_wait(rate, name, who)
        if seconds:
            return seconds, _("Too many sign-ups right now. Wait %(seconds)s seconds, or ask the desk.",
                              seconds=seconds)
    return None


def onsite_now() -> bool:
    """This request came through the reception's valid code (after check)."""
    return bool(g.get("signup_code_ok"))


def hit_or_wait(rate, name: str, who: str) -> int:
    """0 when this post is within `rate` for `who`, else the seconds to wait."""
    windows = shared_windows()
    if windows.hit(rate, name, who):
        return 0
    reset = windows.get_window_stats(rate, name, who).reset_time
    return max(1, math.ceil(reset - time.time()))
