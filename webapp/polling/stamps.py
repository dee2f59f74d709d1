"""A page's stamp: (what, id, created, version) of the phase or event it shows, in one indexed read.

Every public page view and every poll starts here, so the read skips SQLAlchemy's Connection
(its begin/commit events and result wrapping were most of a poll's time): one pooled DBAPI
connection, one pre-compiled statement. It stays as safe as the ORM's read:
SQLite connections come from the engine's own pool and are in autocommit (database.py); on
PostgreSQL a pool of this process's own in autocommit (one round trip instead of BEGIN, SELECT,
ROLLBACK). Either way nothing is held between reads, so every read sees the last commit.
"""
import os
import re
from datetime import datetime

from sqlalchemy import bindparam, create_engine, select
from sqlalchemy.exc import OperationalError

from ..database import DB_ID_MAX
from ..extensions import db
from ..models import Event, Phase

_P, _E = Phase.__table__.c, Event.__table__.c
_PHASE = (select(_P.id, _P.created_at, _P.version).join(Event.__table__, _E.id == _P.event_id)
          .where(_P.id == bindparam("phase_id"), _E.slug == bindparam("slug")))
_EVENT = select(_E.id, _E.created_at, _E.version).where(_E.slug == bindparam("slug"))
_compiled: dict = {}
_readers: dict = {}
# The phase page's address (its slug and phase id): the poll and page gates read the stamp from it.
POLL_PATH = re.compile(r"^/e/([^/]+)/phase/(\d+)$")


def phase_stamp(slug: str, phase_id: int, engine=None) -> tuple | None:
    """("phase", id, created, version) of an event's phase; None if absent."""
    if not (_askable(slug) and 0 < phase_id <= DB_ID_MAX):
        return None
    row = _first(engine or db.engine, _PHASE, {"phase_id": phase_id, "slug": slug})
    return ("phase", row[0], moment(row[1]), row[2]) if row else None


def event_stamp(slug: str, engine=None) -> tuple | None:
    """("event", id, created, version) of an event; None if absent."""
    if not _askable(slug):
        return None
    row = _first(engine or db.engine, _EVENT, {"slug": slug})
    return ("event", row[0], moment(row[1]), row[2]) if row else None


def _askable(slug: str) -> bool:
    """Whether the database can be asked about this slug at all: a stranger's address may hold
    a NUL (PostgreSQL refuses it in text) or an id past the largest row id (the driver refuses
    it); no event has either, so the answer is "absent" (404), never an error."""
    return "\x00" not in slug


def moment(value) -> str:
    """A creation time as digits (SQLite's driver gives text, PostgreSQL's a datetime)."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value.strftime("%Y%m%d%H%M%S%f") if value else ""


def _first(engine, statement, values: dict):
    engine = _reader(engine)
    sql, order = _statement(engine, statement)
    params = [values[name] for name in order] if order is not None else values
    try:
        return _read(engine, sql, params)
    except engine.dialect.dbapi.OperationalError as error:
        if engine.dialect.name == "sqlite":  # a busy file, not a closed connection: nothing to reconnect
            raise OperationalError(sql, params, error) from error
    # A connection the server closed (it restarted): the pool's connections are all stale.
    # Dropped, and the read asked once more on a new one (no ping per read: one round trip).
    engine.dispose()
    try:
        return _read(engine, sql, params)
    except engine.dialect.dbapi.OperationalError as error:
        # The server is away: SQLAlchemy's error, which the pages and gates answer with a 503.
        raise OperationalError(sql, params, error) from error


def _read(engine, sql: str, params):
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute(sql, params)
        row = cursor.fetchone()
        cursor.close()
        return row
    finally:
        connection.close()  # back to the pool


def _reader(engine):
    """On a database server, an engine of this process's own in autocommit: the read is one round
    trip, where the shared pool's connection wraps it in BEGIN and ROLLBACK (three)."""
    if engine.dialect.name == "sqlite":
        return engine  # autocommit already (database.py)
    key = (os.getpid(), id(engine))
    reader = _readers.get(key)
    if reader is None:
        reader = _readers.setdefault(key, create_engine(engine.url, isolation_level="AUTOCOMMIT",
                                                        pool_size=2, max_overflow=6))
    return reader


def _statement(engine, statement) -> tuple[str, list | None]:
    """The statement in the driver's own SQL and parameter order, compiled once per engine kind."""
    key = (engine.dialect.name, engine.dialect.driver, id(statement))
    if key not in _compiled:
        compiled = statement.compile(dialect=engine.dialect)
        order = list(compiled.positiontup) if compiled.positional else None
        _compiled[key] = (compiled.string, order)
    return _compiled[key]
