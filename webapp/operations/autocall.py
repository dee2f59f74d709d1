"""Auto-call: after an entry frees a station or decides a match, the next matches are called
to the free stations, each call a logged set_station entry (in the same transaction)."""
from ..extensions import db
from ..models import MatchRow
from ..services.day import call_plan, checkin, stations
from ..services.entries.entry import Entry
from . import log, preload
from .log import Outcome
from .preload import Batch


def follow_up(batch: Batch, op: Entry, user) -> None:
    """Auto-call, in the same transaction, when an entry freed a station or decided a match."""
    match = preload.get(MatchRow, op.match_id, batch) if op.on_match else None
    if match is None or (op.kind != "set_station" and match.status == "ready"):
        return
    event = match.bracket.phase.event
    if not event.has_stations:  # no station to call to (read with the batch's matches): its phases are not read
        return
    preload.phases_loaded(batch)  # in a sync batch: every event's phases in one query
    if stations.auto_call_wanted(event):
        call_next(event, user, op.received_at, batch=batch)


def call_next(event, user=None, received_at=None, every_phase=False, batch: Batch | None = None) -> list[Outcome]:
    """Call the next matches to the free stations, each call a logged set_station entry
    (auto-call: the phases that have it on; the desk's button: ``every_phase``)."""
    outcomes = []
    for match, station in call_plan.plan_auto_calls(event, every_phase):
        if not _still_waiting(match):
            continue
        op = Entry.by_server("set_station", "auto-call", match.id, {"station": station.name, "auto": True},
                             prefix="auto-", received_at=received_at)
        outcomes.append(log.record(op, user, checkin.set_station(op, match, None), None, batch))
    return outcomes


def _still_waiting(match: MatchRow) -> bool:
    """PostgreSQL: lock the match to call, skipping it if another entry holds it or has just
    called it (two stations freed at once must not both call one match)."""
    if db.session.get_bind().dialect.name == "sqlite":  # the batch holds the write lock: what we read is current
        return True
    locked = (db.session.query(MatchRow).filter_by(id=match.id).with_for_update(skip_locked=True)
              .populate_existing().first())
    return locked is not None and locked.status == "ready" and not locked.station
