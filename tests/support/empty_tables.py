"""Every table emptied between tests (and what this process keeps by row id forgotten with them)."""
from sqlalchemy import text

from webapp.extensions import db


def empty_tables() -> None:
    from webapp import lru
    from webapp.services.entries import access

    # ids restart with the tables: what this process keeps by id must go too
    lru.forget_all()
    access.forget_read_only_events()
    db.session.remove()
    tables = [t for t in reversed(db.metadata.sorted_tables)]
    with db.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            names = ", ".join(f'"{t.name}"' for t in tables)
            conn.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        else:
            for table in tables:
                conn.execute(table.delete())
