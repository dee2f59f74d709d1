"""The conflicts page in a person's words: which referee and which of their phones, the local time,
and both versions' fields in one order, so the desk reads the two columns line by line."""
from datetime import datetime, timezone

from flask_babel import format_datetime
from flask_babel import gettext as _
from sqlalchemy import func

from ...extensions import db
from ...models import Operation

MACHINE_DEVICES = {"desk": "desk", "auto-call": "auto", "auto-walkover": "auto"}


def local_time(moment) -> str:
    """A server or phone time as the venue's clock shows it: "14:03" (None or unreadable: "")."""
    if isinstance(moment, str):
        try:
            moment = datetime.fromisoformat(moment.replace("Z", "+00:00"))
        except ValueError:
            return ""
    if moment is None:
        return ""
    if moment.tzinfo is None:  # stored in UTC; SQLite gives it back naive
        moment = moment.replace(tzinfo=timezone.utc)
    return format_datetime(moment, "HH:mm")


def phone_name(user_id: int | None, device: str) -> str:
    """A device as the desk says it: "their phone", "phone 2" when the person used several, the desk's form."""
    if not device:
        return ""
    kind = MACHINE_DEVICES.get(device) or ("desk" if device.startswith("desk-form-") else None)
    if kind:
        return _("the desk's form") if kind == "desk" else _("done automatically")
    devices = [d for d, _first in db.session.query(Operation.device_id, func.min(Operation.id))
               .filter(Operation.user_id == user_id).group_by(Operation.device_id)
               .order_by(func.min(Operation.id))] if user_id else [device]
    if len(devices) <= 1:
        return _("their phone")
    return _("their phone %(n)s", n=devices.index(device) + 1 if device in devices else len(devices) + 1)


def who(version: dict, op: Operation | None) -> dict:
    """Who entered a version and when, in words: name, phone, local times."""
    user_id = op.user_id if op is not None else None
    return {"name": version.get("name") or "—", "phone": phone_name(user_id, version.get("device") or ""),
            "at": local_time(version.get("received_at")), "phone_at": local_time(version.get("device_time"))}


# The entry's bookkeeping, not what the referee recorded: never shown to the desk.
BOOKKEEPING = {"base_version", "match_id", "op_id", "device_id", "device_time", "seq", "entered_by"}


def _says(value) -> bool:
    """Whether a field says something (0 rounds does; no character, no double K.O. do not)."""
    return not (value is None or value is False or value in ("", [], {}))


def field_order(*entries: dict | None) -> list[str]:
    """The fields of both versions in one order: the entered one's, then any only the other has;
    bookkeeping and fields neither version says anything in (no character, no double K.O.) left out."""
    keys = dict.fromkeys(k for entry in entries if entry for k in entry)
    return [k for k in keys if k not in BOOKKEEPING
            and any(entry and _says(entry.get(k)) for entry in entries)]


def in_words(item: dict) -> dict:
    """The view's additions to a described conflict: one field order, each version's author."""
    item["fields"] = field_order(item["entered"]["entry"], item["recorded"]["entry"])
    item["entered"]["who"] = who(item["entered"], item["op"])
    item["recorded"]["who"] = who(item["recorded"], item.get("other"))
    return item
