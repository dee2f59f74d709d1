"""The event's clock confirms a waiting player's report when its time passes, even if nobody looks.

Only this sweep confirms by the clock, run by each server process's clock loop (operations/clock_loop.py),
never inside a person's request: one indexed query (waiting reports), nothing more when none is due.
A page shows a report as waiting until the sweep has applied it (at most CLOCK_SECONDS late).

Who applies a due report is decided by the database: a conditional update stamps the report as
being applied (decided_at, while it is still waiting, as a lease), and only the process whose
update changed the row applies it. A lease left by a process that died expires and is taken
again; the pipeline answers a resent entry "duplicate", so an entry is never applied twice.
"""
from datetime import datetime, timedelta, timezone

from sqlalchemy import or_, update

from ...database import as_utc, write_transaction
from ...extensions import db
from ...models import Event, PlayerReport
from .. import ServiceError
from . import self_report

LEASE = timedelta(minutes=2)  # how long a claim stands before another process may take it


def due(now: datetime) -> list[int]:
    """Waiting reports whose event's minutes have passed (one query on the status index)."""
    rows = (db.session.query(PlayerReport.id, PlayerReport.event_id, PlayerReport.completed_at)
            .filter(PlayerReport.status == "waiting").order_by(PlayerReport.id).all())
    minutes = {event_id: _minutes(event_id) for event_id in {row.event_id for row in rows}}
    return [row.id for row in rows if minutes[row.event_id] is not None and row.completed_at is not None
            and as_utc(row.completed_at) + timedelta(minutes=minutes[row.event_id]) <= now]


def _minutes(event_id: int) -> int | None:
    event = db.session.get(Event, event_id)
    return self_report.settings(event)["auto_minutes"] if event is not None else None


def claim(report_id: int, now: datetime) -> bool:
    """Take the report for this process: true only for the one whose update changed the row."""
    with write_transaction(db.session):
        changed = db.session.execute(
            update(PlayerReport)
            .where(PlayerReport.id == report_id, PlayerReport.status == "waiting",
                   or_(PlayerReport.decided_at.is_(None), PlayerReport.decided_at < now - LEASE))
            .values(decided_at=now).execution_options(synchronize_session=False)).rowcount
    return changed == 1


def sweep(now: datetime | None = None) -> int:
    """Apply every due report this process wins; returns how many it applied."""
    now = now or datetime.now(timezone.utc)
    applied = 0
    for report_id in due(now):
        if not claim(report_id, now):
            continue  # another process has it
        try:
            self_report.apply_report(report_id, "auto")
            applied += 1
        except ServiceError:
            continue  # a referee's entry replaced it meanwhile
    return applied
