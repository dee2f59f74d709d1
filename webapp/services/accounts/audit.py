"""The audit trail of desk decisions."""
from ...extensions import db
from ...models import AuditEntry


def record(action: str, user=None, event_id: int | None = None, **detail) -> AuditEntry:
    """Add an audit entry to the current transaction."""
    entry = AuditEntry(action=action, user_id=getattr(user, "id", None), event_id=event_id,
                       detail=detail)
    db.session.add(entry)
    return entry
