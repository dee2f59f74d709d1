"""What a player needs to come: the event's date, start time, check-in window, venue and fee, and
the same as a calendar entry (RFC 5545, in the venue's zone, Asia/Tokyo by default)."""
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from ...models import Event
from ..day import day_clock
from ..setup.rules import entry_fee

PRODID = "-//taikai//event calendar//JA"
HOURS_WITHOUT_END = 6  # an event with a start and no closing time: its entry lasts this long


@dataclass(frozen=True)
class Facts:
    day: date | None
    start: str            # "HH:MM" or ""
    checkin_opens: str
    checkin_closes: str
    ends: str             # the venue's closing time, "HH:MM" or ""
    venue: str
    fee: int              # yen at the door (0: none)

    @property
    def any(self) -> bool:
        return bool(self.day or self.start or self.checkin_opens or self.checkin_closes or self.venue or self.fee)


def facts(event: Event) -> Facts:
    return Facts(event.day, day_clock.setting(event, "start_time"), day_clock.setting(event, "checkin_opens"),
                 day_clock.setting(event, "checkin_closes"), day_clock.setting(event, "venue_closes"),
                 str((event.settings or {}).get("venue") or ""), entry_fee(event))


def ics(event: Event, url: str, words: dict, zone: str = day_clock.ZONE, now: datetime | None = None) -> str | None:
    """The event as an iCalendar file (None without a date): CRLF lines folded at 75 octets.
    words: the page's language's {"checkin": ..., "fee": ...} for the description."""
    known = facts(event)
    if known.day is None:
        return None
    stamp = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
             *_zone(zone), "BEGIN:VEVENT", f"UID:event-{event.id}-{event.slug}@taikai", f"DTSTAMP:{stamp}",
             *_when(known, zone), f"SUMMARY:{_text(event.name)}"]
    if known.venue:
        lines.append(f"LOCATION:{_text(known.venue)}")
    lines += [f"DESCRIPTION:{_text(_description(known, url, words))}", f"URL:{url}", "END:VEVENT", "END:VCALENDAR"]
    return "".join(_fold(line) + "\r\n" for line in lines)


def _when(known: Facts, zone: str) -> list[str]:
    """DTSTART/DTEND: at the start time in the venue's zone, or the whole day."""
    if not known.start:
        return [f"DTSTART;VALUE=DATE:{known.day:%Y%m%d}", f"DTEND;VALUE=DATE:{known.day + timedelta(days=1):%Y%m%d}"]
    start = datetime.combine(known.day, datetime.strptime(known.start, "%H:%M").time())
    end = datetime.combine(known.day, datetime.strptime(known.ends, "%H:%M").time()) if known.ends else None
    if end is None or end <= start:
        end = start + timedelta(hours=HOURS_WITHOUT_END)
    return [f"DTSTART;TZID={zone}:{start:%Y%m%dT%H%M%S}", f"DTEND;TZID={zone}:{end:%Y%m%dT%H%M%S}"]


def _zone(zone: str) -> list[str]:
    """The VTIMEZONE the entry's TZID names (Japan keeps +09:00 all year)."""
    here = datetime(2000, 1, 1, tzinfo=ZoneInfo(zone))
    offset, name = here.strftime("%z"), here.tzname() or zone
    return ["BEGIN:VTIMEZONE", f"TZID:{zone}", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            f"TZOFFSETFROM:{offset}", f"TZOFFSETTO:{offset}", f"TZNAME:{name}", "END:STANDARD", "END:VTIMEZONE"]


def _description(known: Facts, url: str, words: dict) -> str:
    parts = []
    if known.checkin_opens or known.checkin_closes:
        parts.append(f"{words['checkin']} {known.checkin_opens}–{known.checkin_closes}")
    if known.fee:
        parts.append(f"{words['fee']} {known.fee:,}円")
    return "\n".join([*parts, url])


def _text(value: str) -> str:
    """An RFC 5545 TEXT value: backslash, semicolon, comma and newline escaped."""
    return (value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n"))


def _fold(line: str) -> str:
    """Folded at 75 octets, never inside a UTF-8 character (RFC 5545 3.1)."""
    out, current = [], b""
    for char in line:
        encoded = char.encode("utf-8")
        if len(current) + len(encoded) > (75 if not out else 74):
            out.append(current.decode("utf-8"))
            current = b""
        current += encoded
    out.append(current.decode("utf-8"))
    return "\r\n ".join(out)
