"""Database engine set-up: SQLite pragmas for power-cut safety, write locking."""
import contextvars
from contextlib import contextmanager

from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.routing import IntegerConverter

# The largest number an INTEGER column holds on PostgreSQL (2^31 itself is out of range there).
DB_INT_MAX = 2**31 - 1

_begin_mode = contextvars.ContextVar("taikai_begin_mode", default="")


def configure_sqlite(engine: Engine) -> None:
    """WAL, synchronous=FULL, foreign keys and a busy timeout on every SQLite connection."""
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record):
        # Let us issue BEGIN ourselves so a writer can ask for BEGIN IMMEDIATE.
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=15000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql(f"BEGIN {_begin_mode.get()}".strip())


@contextmanager
def write_transaction(session):
    """Run the block in one transaction that holds the write lock from its start.

    SQLite: BEGIN IMMEDIATE, so two writers never both read-then-write the same
    match. PostgreSQL: callers add SELECT ... FOR UPDATE on the rows they change.
    Commits on success, rolls back on any exception.
    """
    session.commit()  # close any read transaction so the next BEGIN is ours
    token = _begin_mode.set("IMMEDIATE")
    try:
        session.connection()
    finally:
        _begin_mode.reset(token)
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise


class RowIdConverter(IntegerConverter):
    """`<int:…>` in a route: at most DB_INT_MAX, so a larger id is a 404 rather than a database error."""

    def __init__(self, url_map, *args, **kwargs):
        kwargs.setdefault("max", DB_INT_MAX)
        super().__init__(url_map, *args, **kwargs)
