"""What the desk set for players, carried by the event file (and so by a copy and "next week"):
the public sign-up (open, questions, cap per address, closing time, late entries), players'
self-report, and which rounds go to the stream. Kept in event.settings as the services keep them."""
import secrets

from ....models import Event
from ...day import stream_rounds
from .schema import SELF_REPORT_DEFAULTS, SIGNUP_DEFAULTS

KEYS = ("signup", "self_report", "stream_rounds")
def dump(event: Event) -> dict:
    """The three settings as the file writes them (every key, defaults included)."""
    settings = event.settings or {}
    signup = settings.get("signup") or {}
    report = settings.get("self_report") or {}
    return {"signup": {"open": bool(signup.get("open")), "questions": list(signup.get("questions") or []),
                       "per_address": int(signup.get("per_address") or 5),
                       "closes_at": str(signup.get("closes_at") or ""), "late": bool(signup.get("late")),
                       "onsite": bool(signup.get("onsite"))},
            "self_report": {"on": bool(report.get("on")), "auto_minutes": int(report.get("auto_minutes") or 0)},
            "stream_rounds": stream_rounds.choice(event)}


def apply(event: Event, spec: dict) -> None:
    """Keep the spec's settings on a new event (the entry cap is set with the sign-up's others)."""
    settings = dict(event.settings or {})
    signup = {**SIGNUP_DEFAULTS, **(spec.get("signup") or {})}
    settings["signup"] = {**(settings.get("signup") or {}), **signup}
    if signup["onsite"]:  # its own secret: the codes of the event copied from are not this one's
        settings["signup"]["onsite_secret"] = secrets.token_hex(16)
    report = {**SELF_REPORT_DEFAULTS, **(spec.get("self_report") or {})}
    settings["self_report"] = {"on": report["on"], "auto_minutes": report["auto_minutes"] or None}
    if spec.get("stream_rounds"):
        settings["stream_rounds"] = spec["stream_rounds"]
    event.settings = settings


def readable(spec: dict) -> dict:
    """A written file leaves out what is at its default."""
    out = dict(spec)
    for key, defaults in (("signup", SIGNUP_DEFAULTS), ("self_report", SELF_REPORT_DEFAULTS)):
        kept = {k: v for k, v in (spec.get(key) or {}).items() if defaults.get(k, ...) != v}
        out[key] = kept
    return out
