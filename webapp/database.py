"""The database, as every layer shares it: the engine's set-up (SQLite pragmas for power-cut
safety), write locking, the range of its ids, and the columns every model shares (created_at,
now in UTC, JSON)."""
import contextvars
import os
import stat
from contextlib import contextmanager
from datetime import datetime, timezone

from sqlalchemy import JSON, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column, scoped_session
from werkzeug.routing import IntegerConverter

from .extensions import db

# The largest number an INTEGER column holds on PostgreSQL (2^31 itself is out of range there).
DB_INT_MAX = 2**31 - 1
# The largest row id: ids are BIGINT on PostgreSQL (models/__init__.py), SQLite's are 64-bit too.
DB_ID_MAX = 2**63 - 1

_begin_mode = contextvars.ContextVar("taikai_begin_mode", default="")


def configure_sqlite(engine: Engine) -> None:
    """WAL, synchronous=FULL, foreign keys and a busy timeout on every SQLite connection."""
    if engine.dialect.name != "sqlite":
        return
    private_file(engine.url.database)

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


# Requests that change things and manage no transaction of their own (desk and staff forms).
# The sync and mirror APIs take the write lock themselves (write_transaction), once per batch.
_OWN_TRANSACTIONS = ("sync.", "mirror_api.")
_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}


def immediate_writes(app) -> None:
    """On SQLite, a form that changes things holds the write lock from its first statement.

    A form reads (the signed-in person, the event) and then writes in the same transaction. In
    WAL mode, if another request commits in between, SQLite refuses that read-then-write at once
    ("database is locked": the busy timeout does not apply to a read turned into a write), and the
    person gets an error for a tap that did nothing wrong. BEGIN IMMEDIATE makes such a request
    wait its turn (busy_timeout) instead. Page views stay BEGIN (readers never wait in WAL)."""
    from flask import request

    @app.before_request
    def _writer_from_the_start():
        endpoint = request.endpoint or ""
        if request.method in _CHANGING and not endpoint.startswith(_OWN_TRANSACTIONS):
            db.session.commit()  # no transaction is open at a request's start; if one is, it ends here
            request.environ["taikai.begin_token"] = _begin_mode.set("IMMEDIATE")

    @app.teardown_request
    def _back_to_readers(_exc):
        token = request.environ.pop("taikai.begin_token", None)
        if token is not None:
            _begin_mode.reset(token)


def private_file(path: str | None) -> None:
    """The database file readable by its owner only (0600): it holds password hashes and every result.

    Made before SQLite opens it (SQLite gives its -wal and -shm files the same mode); a file
    made world-readable before is closed to others.
    """
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        mode = stat.S_IMODE(os.stat(path).st_mode)
        if mode & stat.S_IRWXO:
            os.chmod(path, mode & ~stat.S_IRWXO)


@contextmanager
def write_transaction(session, read_after: bool = True):
    """Run the block in one transaction that holds the write lock from its start.

    SQLite: BEGIN IMMEDIATE, so two writers never both read-then-write the same
    match. PostgreSQL: callers add SELECT ... FOR UPDATE on the rows they change.
    Commits on success, rolls back on any exception.
    `read_after=False`: the caller reads none of the block's rows after the commit (a push answers
    from its outcomes), so the commit leaves them as written rather than marking each one stale.
    """
    session.commit()  # close any read transaction so the next BEGIN is ours (rows read before: stale)
    token = _begin_mode.set("IMMEDIATE")
    try:
        session.connection()
    finally:
        _begin_mode.reset(token)
    try:
        yield session
        _commit(session() if isinstance(session, scoped_session) else session, expire=read_after)
    except BaseException:
        session.rollback()
        raise


def _commit(session, expire: bool) -> None:
    kept, session.expire_on_commit = session.expire_on_commit, expire and session.expire_on_commit
    try:
        session.commit()
    finally:
        session.expire_on_commit = kept


class RowIdConverter(IntegerConverter):
    """`<int:…>` in a route: at most DB_ID_MAX, so a larger id is a 404 rather than a database error."""

    def __init__(self, url_map, *args, **kwargs):
        kwargs.setdefault("max", DB_ID_MAX)
        super().__init__(url_map, *args, **kwargs)


# The columns every model shares.


def utcnow() -> datetime:
    """Timezone-aware now in UTC."""
    return datetime.now(timezone.utc)


def as_utc(moment: datetime) -> datetime:
    """A stored time made comparable with utcnow(): SQLite gives back naive datetimes (kept in UTC),
    PostgreSQL and a time set in this session aware ones."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


class Timestamped:
    """Adds created_at."""

    created_at: Mapped[datetime] = mapped_column(db.DateTime(timezone=True), default=utcnow)


JSONType = JSON
