"""Which rows an export takes: the whole database (`flask oplog export`), or one event (its
download before deletion, its mirror push): its set-up rows, its brackets, its entries."""
from sqlalchemy import or_, select

from ..extensions import db
from ..models import BracketRow, Entrant, Event, MatchRow, Member, Operation, Phase, User


def event_ops(event_id: int, after: int, limit: int | None = None) -> list[dict]:
    """The event's operations after `after`, oldest first, as plain rows (no ORM objects: fast)."""
    table = Operation.__table__
    matches = select(MatchRow.id).join(BracketRow).join(Phase).where(Phase.event_id == event_id)
    query = (select(table).where(table.c.id > after,
                                 or_(table.c.match_id.in_(matches), table.c.event_id == event_id,
                                     (table.c.match_id.is_(None)) & (table.c.kind == "check_in")))
             .order_by(table.c.id).limit(limit))
    return [dict(row) for row in db.session.execute(query).mappings()]


def ours(rows: list[dict], event_id: int) -> list[dict]:
    """Drop check-ins of other events (they carry no match to tell the event by)."""
    entrants = None
    out = []
    for row in rows:
        if row["kind"] == "check_in" and row["match_id"] is None and row["event_id"] != event_id:
            if entrants is None:
                entrants = {i for (i,) in db.session.query(Entrant.id).filter_by(event_id=event_id)}
            if (row["payload"] or {}).get("entrant_id") not in entrants:
                continue
        out.append(row)
    return out


class Scope:
    """The rows of one event (event_id), or of every event (None), in the export's order."""

    def __init__(self, event_id: int | None = None):
        self.event_id = event_id

    def ops(self) -> list[dict]:
        """Its operations in the order the server decided them, as plain rows."""
        if self.event_id is not None:
            return ours(event_ops(self.event_id, 0), self.event_id)
        table = Operation.__table__
        return [dict(row) for row in db.session.execute(select(table).order_by(table.c.id)).mappings()]

    def rows(self, kind: str, ops: list[dict]) -> list:
        """Its rows of one set-up kind (event, user, entrant, member, phase, bracket), by id."""
        query = _QUERIES[kind]()
        if self.event_id is not None:
            query = _EVENT_FILTERS[kind](query, self.event_id, ops)
        return query.all()


_QUERIES = {"event": lambda: db.session.query(Event).order_by(Event.id),
            "user": lambda: db.session.query(User).order_by(User.id),
            "entrant": lambda: db.session.query(Entrant).order_by(Entrant.id),
            "member": lambda: db.session.query(Member).order_by(Member.id),
            "phase": lambda: db.session.query(Phase).order_by(Phase.id),
            "bracket": lambda: db.session.query(BracketRow).order_by(BracketRow.id)}


def _users(query, event_id: int, ops: list[dict]):
    """The event's own accounts and whoever made or took one of its entries."""
    ids = {op[key] for op in ops for key in ("user_id", "received_by") if op.get(key)}
    return query.filter(User.id.in_(ids) | (User.event_id == event_id))


_EVENT_FILTERS = {"event": lambda q, event_id, _ops: q.filter(Event.id == event_id),
                  "user": _users,
                  "entrant": lambda q, event_id, _ops: q.filter(Entrant.event_id == event_id),
                  "member": lambda q, event_id, _ops: q.join(Entrant).filter(Entrant.event_id == event_id),
                  "phase": lambda q, event_id, _ops: q.filter(Phase.event_id == event_id),
                  "bracket": lambda q, event_id, _ops: q.join(Phase).filter(Phase.event_id == event_id)}
