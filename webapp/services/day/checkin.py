"""Reception and stations: check-in and station calls are operations like any other,
so they work through an outage too."""
from dataclasses import dataclass

from marshmallow import EXCLUDE, Schema, fields

from ...database import utcnow
from ...extensions import db
from ...models import Entrant
from ...tournament.errors import N_
from .. import ServiceError
from ..entries import access
from ..entries.entry import Outcome
from . import day_clock


class CheckInSchema(Schema):
    """{"entrant_id": 12, "checked_in": true}"""

    class Meta:
        unknown = EXCLUDE

    entrant_id = fields.Integer(required=True)
    checked_in = fields.Boolean(load_default=True)


_LOADER = CheckInSchema()


def apply(op, user):
    """Mark an entrant checked in (or not); staff only for their own event."""
    form = _LOADER.load(op.payload)
    entrant = db.session.get(Entrant, form["entrant_id"])
    if entrant is None:
        raise ServiceError("checkin.unknown", N_("This entrant does not exist."))
    access.check_event(user, entrant.event_id)
    outside = day_clock.check_window(entrant.event, op, user) if form["checked_in"] else None
    entrant.checked_in = form["checked_in"]
    by_player = op.device_id.startswith("player-")  # services/players/self_checkin.py
    entrant.info = {**{k: v for k, v in (entrant.info or {}).items() if k != "self_checked_in"},
                    **({"self_checked_in": True} if by_player and form["checked_in"] else {})}
    message = N_("Checked in: %(name)s.") if form["checked_in"] else N_("Check-in undone: %(name)s.")
    if outside:
        message = N_("Checked in early: %(name)s.") if outside == "early" else N_("Checked in late: %(name)s.")
    # The entrant is named in the answer: the phone's log and the reception log say who.
    code = f"checkin.{outside}" if outside else "checkin.in" if form["checked_in"] else "checkin.out"
    return Outcome(op.op_id, "applied", code, message, {"name": entrant.name})


def summary(entrants: list[Entrant]) -> tuple[int, int]:
    """(checked in, total)."""
    return sum(1 for e in entrants if e.checked_in), len(entrants)


def not_checked_in(entrants: list[Entrant]) -> list[Entrant]:
    """Who has not come to reception (and is still in the event), あいうえお順."""
    from ...tournament.textsearch import entrant_sort_key

    return sorted((e for e in entrants if not e.checked_in and not e.dq), key=entrant_sort_key)


def close_list(event, zone: str = day_clock.ZONE, now=None) -> list[Entrant]:
    """Who has not checked in, once the window has closed while a phase still takes the entry list."""
    if day_clock.window(event, now, zone).state != "closed":
        return []
    if not any(p.status == "draft" and p.seeding == "entry" for p in event.phases):
        return []
    return not_checked_in(event.entrants)


def drop_no_shows(event, user=None) -> list[str]:
    """The gate's "drop them": removed before anything started, withdrawn after; their names.
    The caller gives each place freed to the first on the sign-up waitlist (players.signups.promote)."""
    from ..decisions.disqualifications import log_now
    from ..entrants.entrant_edits import removable, remove

    names = []
    for entrant in not_checked_in(event.entrants):
        names.append(entrant.name)
        if removable(entrant):
            remove(entrant, user)
        else:
            log_now("withdraw", entrant, user)  # logged: a replay of the log withdraws them too
    return names


@dataclass
class ReceptionLine:
    at: object        # the server's time of the tap
    entrant: str
    checked_in: bool
    by: str           # the person who tapped
    by_player: bool = False  # the player themselves, from their own page


def reception_log(event, limit: int = 50) -> list[ReceptionLine]:
    """The latest check-in taps of an event, newest first: who was checked in (or out), and by whom."""
    from ...models import Operation, User

    names = {e.id: e.name for e in event.entrants}
    rows = (db.session.query(Operation, User).outerjoin(User, User.id == Operation.user_id)
            .filter(Operation.kind == "check_in", Operation.outcome == "applied")
            .order_by(Operation.id.desc()).limit(2000))
    lines = []
    for op, user in rows:
        entrant_id = (op.payload or {}).get("entrant_id")
        if isinstance(entrant_id, str) and entrant_id.isdigit():
            entrant_id = int(entrant_id)
        if entrant_id in names:
            back_in = str((op.payload or {}).get("checked_in", True)).lower() not in ("false", "0", "")
            lines.append(ReceptionLine(op.received_at, names[entrant_id], back_in,
                                       (user.display_name or user.username) if user else "",
                                       str(op.device_id or "").startswith("player-")))
        if len(lines) >= limit:
            break
    return lines


def set_station(op, match, user):
    """Put a match on a station (a referee claims it, or the desk assigns it)."""
    from ..entrants.entrant_lists import normalize_name

    access.check_event(user, match.bracket.phase.event_id)
    station = normalize_name(str(op.payload.get("station", "")))[:40]
    if station != match.station:  # the no-show timer starts at the call (the server's time of it)
        match.called_at = (op.received_at or utcnow()) if station and match.status == "ready" else None
    match.station = station
    match.version += 1
    other = _also_on(match, station)
    if other is not None:  # kept (the phone may be right); the board and the conflicts page show both
        names = {e.id: e.name for e in db.session.query(Entrant).filter(Entrant.id.in_((other.slot_a, other.slot_b)))}
        return Outcome(op.op_id, "applied", "station.shared",
                       N_("Station %(station)s also has a called match (%(a)s vs %(b)s): both are kept and the "
                          "desk decides which is played there."),
                       {"station": station, "a": names.get(other.slot_a, ""), "b": names.get(other.slot_b, "")},
                       match.version)
    return Outcome(op.op_id, "applied", match_version=match.version)


def _also_on(match, station: str):
    """Another ready match of the event already on this station (a call and a claim crossed)."""
    if not station or match.status != "ready":
        return None
    from .stations import running_matches
    return next((m for m in running_matches(match.bracket.phase.event)
                 if m.id != match.id and m.status == "ready" and m.station == station), None)
