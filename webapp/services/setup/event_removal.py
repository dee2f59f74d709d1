"""Deleting an event removes every row of it: each table that refers to the event, directly or
through its phases, brackets, matches, entrants, sign-ups, links, users or reports.

The rows are found from the tables' own foreign keys (a table added later is covered without a
list to keep), and deleted children first, so no database refuses a parent still referred to.
A foreign key that sets NULL on delete (a mirror link's event) does not make its row the event's:
the database empties that column. The operation log has no foreign keys and stays."""
from sqlalchemy import delete, or_, select

from ...extensions import db
from ...models import Event


def _owning_keys(table) -> list:
    """The foreign keys that make a row belong to its parent (all but those that set NULL)."""
    return [fk for fk in table.foreign_keys if (fk.ondelete or "").upper() != "SET NULL"
            and fk.column.table is not table]


def _owned_tables(root) -> list:
    """The tables whose rows belong to a row of root, children before their parents."""
    owned = {root}
    grown = True
    while grown:
        found = {t for t in db.metadata.tables.values() if t not in owned
                 and any(fk.column.table in owned for fk in _owning_keys(t))}
        owned |= found
        grown = bool(found)
    return [t for t in reversed(db.metadata.sorted_tables) if t in owned and t is not root]


def _belongs(table, root, event_id: int, depth: int = 0):
    """A condition: this table's row belongs to the event (through any owning key)."""
    if table is root:
        return root.c.id == event_id
    ways = [fk.parent.in_(select(fk.column).where(_belongs(fk.column.table, root, event_id, depth + 1)))
            for fk in _owning_keys(table) if depth < 8 and _reaches(fk.column.table, root)]
    return or_(*ways)


def _reaches(table, root) -> bool:
    return table is root or table in _owned_tables(root)


def remove(event: Event) -> None:
    """Delete the event and all its rows (the caller commits)."""
    root, event_id = Event.__table__, event.id
    db.session.flush()
    for table in _owned_tables(root):
        db.session.execute(delete(table).where(_belongs(table, root, event_id)))
    db.session.execute(delete(root).where(root.c.id == event_id))
    db.session.expunge(event)  # gone: what the caller still reads of it (its name, id) stays as it was
    db.session.expire_all()
