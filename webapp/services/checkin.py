"""Reception and stations: check-in and station calls are operations like any other,
so they work through an outage too."""
from marshmallow import EXCLUDE, Schema, fields

from ..extensions import db
from ..models import Entrant
from ..models.base import utcnow
from ..tournament.errors import N_
from . import ServiceError, access
from .op_log import Outcome


class CheckInSchema(Schema):
    """{"entrant_id": 12, "checked_in": true}"""

    class Meta:
        unknown = EXCLUDE

    entrant_id = fields.Integer(required=True)
    checked_in = fields.Boolean(load_default=True)


_LOADER = CheckInSchema()


def apply(op: dict, user):
    """Mark an entrant checked in (or not); staff only for their own event."""
    form = _LOADER.load(op.get("payload") or {})
    entrant = db.session.get(Entrant, form["entrant_id"])
    if entrant is None:
        raise ServiceError("checkin.unknown", N_("This entrant does not exist."))
    access.check_event(user, entrant.event_id)
    entrant.checked_in = form["checked_in"]
    return Outcome(op["op_id"], "applied")


def summary(entrants: list[Entrant]) -> tuple[int, int]:
    """(checked in, total)."""
    return sum(1 for e in entrants if e.checked_in), len(entrants)


def set_station(op: dict, match, user):
    """Put a match on a station (a referee claims it, or the desk assigns it)."""
    from .entrants import normalize_name

    access.check_event(user, match.bracket.phase.event_id)
    station = normalize_name(str((op.get("payload") or {}).get("station", "")))[:40]
    if station != match.station:  # the no-show timer starts at the call (the server's time of it)
        match.called_at = (op.get("received_at") or utcnow()) if station and match.status == "ready" else None
    match.station = station
    match.version += 1
    other = _also_on(match, station)
    if other is not None:  # kept (the phone may be right); the board and the conflicts page show both
        names = {e.id: e.name for e in db.session.query(Entrant).filter(Entrant.id.in_((other.slot_a, other.slot_b)))}
        return Outcome(op["op_id"], "applied", "station.shared",
                       N_("Station %(station)s also has a called match (%(a)s vs %(b)s): both are kept and the "
                          "desk decides which is played there."),
                       {"station": station, "a": names.get(other.slot_a, ""), "b": names.get(other.slot_b, "")},
                       match.version)
    return Outcome(op["op_id"], "applied", match_version=match.version)


def _also_on(match, station: str):
    """Another ready match of the event already on this station (a call and a claim crossed)."""
    if not station or match.status != "ready":
        return None
    from .stations import running_matches
    return next((m for m in running_matches(match.bracket.phase.event)
                 if m.id != match.id and m.status == "ready" and m.station == station), None)
