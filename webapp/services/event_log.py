"""One event's operation log as JSON lines: what the desk downloads before deleting an event.

The same record format as `flask oplog export` (webapp/operations/export.py), limited to the event:
its set-up rows, its brackets as they started, and its operations in decision order."""
import json

from ..extensions import db
from ..models import BracketRow, Entrant, Event, Member, Phase, User


def records(event: Event):
    """Yield the event's records: header, set-up, brackets, operations."""
    from ..mirror.pusher import _event_ops, _ours
    from ..operations.export import FORMAT, as_record, initial_matches

    yield {"type": "header", "format": FORMAT, "event": event.slug}
    ops = _ours(_event_ops(event.id, 0), event.id)
    user_ids = {op["user_id"] for op in ops if op["user_id"]}
    yield {"type": "event", **as_record(event)}
    for user in db.session.query(User).filter((User.id.in_(user_ids)) | (User.event_id == event.id)).order_by(User.id):
        # No password hash leaves in a download: "!" matches no password (set one again after a replay).
        yield {"type": "user", **as_record(user), "password_hash": "!"}
    for entrant in db.session.query(Entrant).filter_by(event_id=event.id).order_by(Entrant.id):
        yield {"type": "entrant", **as_record(entrant)}
        for member in db.session.query(Member).filter_by(entrant_id=entrant.id).order_by(Member.id):
            yield {"type": "member", **as_record(member)}
    for phase in db.session.query(Phase).filter_by(event_id=event.id).order_by(Phase.id):
        yield {"type": "phase", **as_record(phase), "status": "running" if phase.brackets else "draft"}
        for row in db.session.query(BracketRow).filter_by(phase_id=phase.id).order_by(BracketRow.id):
            yield {"type": "bracket", **as_record(row), "matches": initial_matches(row)}
    for op in ops:
        yield {"type": "op", **{k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in op.items()}}


def as_text(event: Event) -> str:
    """The whole log as one JSON-lines text."""
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records(event))
