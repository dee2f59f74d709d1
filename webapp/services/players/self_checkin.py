"""Self check-in: a player checks in from their own page with the code posted at reception.

The code is the event's (the desk shows it, with a QR that opens the player's page with it
filled in, and can make a new one). Inside the check-in window (event.settings "checkin_opens"
and "checkin_closes", "HH:MM" at the venue; without them check-in is open, as at the desk), the
check-in is the same `check_in` entry staff make, sent through the operation pipeline, from the
device "player-<entrant id>": the reception log and the check-in list say it was the player.
"""
import secrets
import unicodedata
from datetime import time

from ...models import Entrant, Event
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from ..entries import pipeline
from ..entries.entry import Entry

PLAYER_DEVICE = "player-"
CODE_DIGITS = 6


def reception_code(event: Event) -> str | None:
    """The event's code, None until the desk made one (no self check-in before that)."""
    return (event.settings or {}).get("checkin_code") or None


def new_code(event: Event, user=None) -> str:
    """A new code: the one posted before stops working."""
    code = "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))
    event.settings = {**(event.settings or {}), "checkin_code": code}
    if user is not None:
        audit.record("checkin.new_code", user, event.id)
    return code


def _clock(value) -> time | None:
    try:
        hours, minutes = str(value).split(":")
        return time(int(hours), int(minutes))
    except (TypeError, ValueError):
        return None


def window(event: Event) -> tuple[time | None, time | None]:
    """The check-in window's opening and closing times at the venue (None: not set)."""
    settings = event.settings or {}
    return _clock(settings.get("checkin_opens")), _clock(settings.get("checkin_closes"))


def window_refusal(event: Event, now_local: time) -> ServiceError | None:
    """Why check-in is not open now (None: it is)."""
    opens, closes = window(event)
    if opens is not None and now_local < opens:
        return ServiceError("checkin.not_yet", N_("Check-in opens at %(time)s."), time=opens.strftime("%H:%M"))
    if closes is not None and now_local >= closes:
        return ServiceError("checkin.closed", N_("Check-in closed at %(time)s: go to the desk."),
                            time=closes.strftime("%H:%M"))
    return None


def check_in(event: Event, entrant: Entrant, code: str, now_local: time):
    """The player checks themselves in with the reception's code; the pipeline's outcome."""
    if entrant.event_id != event.id:
        raise ServiceError("access.other_event", N_("This entrant is not in this event."))
    if entrant.dq:
        raise ServiceError("entrants.already_out", N_("%(name)s is already out of the event."), name=entrant.name)
    refusal = window_refusal(event, now_local)
    if refusal is not None:
        raise refusal
    posted = reception_code(event)
    if posted is None:
        raise ServiceError("checkin.no_code", N_("Self check-in is not open for this event: check in at reception."))
    typed = "".join(ch for ch in unicodedata.normalize("NFKC", str(code))[:40] if ch in "0123456789")  # １２３４ too
    if not typed or not secrets.compare_digest(typed, posted):
        raise ServiceError("checkin.wrong_code",
                           N_("That is not the code posted at reception: check it and type it again."))
    entry = Entry.by_server("check_in", f"{PLAYER_DEVICE}{entrant.id}",
                            payload={"entrant_id": entrant.id, "checked_in": True})
    outcome = pipeline.submit(entry, None)
    if outcome.outcome != "applied":
        raise ServiceError(outcome.code or "op.refused", outcome.message or N_("This change was refused."),
                           **(outcome.params or {}))
    return outcome
