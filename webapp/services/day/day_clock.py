"""The day's clock: start time, check-in window, the venue's closing time and the curfews.

Kept in ``event.settings`` as "HH:MM" on the event's day in the venue's time zone (the keys
``tournament/day_forecast.SETTINGS_KEYS``, and ``curfews`` per age group), so an event file
carries them as typed. The zone is the server's configured one (``TAIKAI_TIMEZONE``): the
views pass it; the check-in entry, which arrives through the pipeline, reads the default.

Check-in outside the window: staff are refused with the time it opens or closed (the entrant
goes to the desk); the desk may check in early or late, and its answer says so.
"""
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from ...config import Config
from ...database import as_utc
from ...tournament import curfew
from ...tournament.day_forecast import SETTINGS_KEYS
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit

HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
ZONE = Config.BABEL_DEFAULT_TIMEZONE
LABELS = {"start_time": N_("Start time"), "checkin_opens": N_("Check-in opens"),
          "checkin_closes": N_("Check-in closes"), "venue_closes": N_("Venue closes")}


@dataclass(frozen=True)
class Window:
    """Reception's window now: ``state`` is "none" (no window set), "before", "open" or "closed"."""

    state: str
    opens: datetime | None
    closes: datetime | None

    @property
    def next_change(self) -> datetime | None:
        """The moment the state changes next (what reception counts down to)."""
        return {"before": self.opens, "open": self.closes}.get(self.state)


def setting(event, key: str) -> str:
    """One of the day's "HH:MM" settings, or ""."""
    return str((event.settings or {}).get(key) or "")


def curfews(event) -> dict:
    """The event's curfew per age group (its own, else its prefecture's hours)."""
    own = (event.settings or {}).get("curfews") or {}
    return {group: curfew.curfew_for(group, own) for group in curfew.AGE_GROUPS}


def prefecture(event) -> str:
    """Where the event is held, as far as the curfews go ("": most prefectures' hours)."""
    return ((event.settings or {}).get("curfews") or {}).get("prefecture", "")


def save(event, form, user=None) -> None:
    """Save the day's times from the desk's form; a refusal names the field."""
    values = {key: _hhmm(form.get(key, ""), LABELS[key]) for key in SETTINGS_KEYS}
    own = {g: _hhmm(form.get(f"curfew_{g}", ""), curfew.LABELS[g]) for g in curfew.AGE_GROUPS}
    if values["checkin_opens"] and values["checkin_closes"] and values["checkin_closes"] <= values["checkin_opens"]:
        raise ServiceError("day.checkin_order", N_("Check-in must close after it opens."))
    settings = {k: v for k, v in (event.settings or {}).items() if k not in (*SETTINGS_KEYS, "curfews")}
    settings.update({k: v for k, v in values.items() if v})
    place = str(form.get("prefecture", prefecture(event)) or "")
    if place not in curfew.PREFECTURES:
        raise ServiceError("day.prefecture", N_("Choose the prefecture from the list."))
    own = {g: t for g, t in own.items() if t and t != curfew.defaults(place)[g]}
    own |= {"prefecture": place} if place else {}
    if own:
        settings["curfews"] = own
    event.settings = settings
    audit.record("day.times", user, event.id, **values, curfews=own)


def _hhmm(value, label: str) -> str:
    """"" or a valid "HH:MM" (a single-digit hour is taken: "9:30")."""
    text = str(value or "").strip().replace("：", ":")
    if re.fullmatch(r"\d:[0-5]\d", text):
        text = "0" + text
    if text and not HHMM.match(text):
        raise ServiceError("day.time", N_("%(field)s: use a time like 09:30."), field=label)
    return text


def on_day(event, hhmm: str, zone: str = ZONE, today: date | None = None) -> datetime | None:
    """The aware moment of "HH:MM" on the event's day (today when it has none)."""
    if not hhmm:
        return None
    day = event.day or today or datetime.now(ZoneInfo(zone)).date()
    hours, mins = map(int, hhmm.split(":"))
    return datetime.combine(day, time(hours, mins), ZoneInfo(zone))


def window(event, now: datetime | None = None, zone: str = ZONE) -> Window:
    """Where reception stands now against the check-in window."""
    now = as_utc(now or datetime.now(timezone.utc))
    today = now.astimezone(ZoneInfo(zone)).date()
    opens = on_day(event, setting(event, "checkin_opens"), zone, today)
    closes = on_day(event, setting(event, "checkin_closes"), zone, today)
    if opens is None and closes is None:
        return Window("none", None, None)
    if opens is not None and now < opens:
        return Window("before", opens, closes)
    return Window("closed" if closes is not None and now >= closes else "open", opens, closes)


def tapped_at(op) -> datetime:
    """When a check-in was tapped: the phone's clock when it is plausible (not after the server
    received it, nor more than half a day before), else the server's time of receipt."""
    received = as_utc(op.received_at or datetime.now(timezone.utc))
    try:
        device = as_utc(datetime.fromisoformat(str(op.device_time or "").replace("Z", "+00:00")))
    except ValueError:
        return received
    return device if received - timedelta(hours=12) <= device <= received else received


def check_window(event, op, user) -> str | None:
    """Refuse staff outside the window; the desk (or the log's replay) passes, told "early"/"late"."""
    if user is None:
        return None
    state = window(event, tapped_at(op))
    if state.state in ("none", "open"):
        return None
    when = (state.opens if state.state == "before" else state.closes).astimezone(ZoneInfo(ZONE)).strftime("%H:%M")
    if getattr(user, "is_desk", False):
        return "early" if state.state == "before" else "late"
    if state.state == "before":
        raise ServiceError("checkin.not_open", N_("Check-in opens at %(time)s. The desk can check in earlier."),
                           time=when)
    raise ServiceError("checkin.closed", N_("Check-in closed at %(time)s: send the entrant to the desk, which "
                                            "can still check them in."), time=when)


def wait(event, minutes: int = 10, user=None, now: datetime | None = None, zone: str = ZONE) -> str:
    """The desk's "wait" at the close: check-in stays open ``minutes`` more from now; the new close."""
    now = as_utc(now or datetime.now(timezone.utc)).astimezone(ZoneInfo(zone))
    closes = (now + timedelta(minutes=minutes)).strftime("%H:%M")
    event.settings = {**(event.settings or {}), "checkin_closes": closes}
    audit.record("day.checkin_wait", user, event.id, checkin_closes=closes)
    return closes


def remaining_words(state: Window, now: datetime | None = None) -> str:
    """The time left to the window's next change as the countdown shows it ("14:59", "1:05:00")."""
    if state.next_change is None:
        return ""
    seconds = max(0, int((state.next_change - as_utc(now or datetime.now(timezone.utc))).total_seconds()))
    hours, rest = divmod(seconds, 3600)
    return (f"{hours}:{rest // 60:02d}" if hours else f"{rest // 60}") + f":{rest % 60:02d}"
