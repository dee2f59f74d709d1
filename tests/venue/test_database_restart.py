"""After the database server drops every connection (a PostgreSQL restart), the next public page,
poll and API read answer from new connections, never 500 from a stale pooled one (the main engine
pings before use; the stamps' own pool reconnects once). On SQLite no server drops a connection:
the same pages are read again and answer alike."""
from play_support import team_event
from sqlalchemy import create_engine, text

from webapp.extensions import db


def _drop_every_connection() -> None:
    """What a restart does to this database's connections (only this test database's)."""
    if db.engine.dialect.name != "postgresql":
        return
    other = create_engine(db.engine.url, isolation_level="AUTOCOMMIT", poolclass=None)
    with other.connect() as conn:
        conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = current_database() AND pid <> pg_backend_pid()"))
    other.dispose()


def test_pages_and_reads_answer_after_every_connection_is_dropped(app, client):
    event, _ = team_event("best_of", "kgp2025", size=1, teams=4)
    phase = event.phases[0]
    paths = [f"/e/{event.slug}", f"/e/{event.slug}/phase/{phase.id}", f"/api/v1/events/{event.slug}",
             f"/api/v1/events/{event.slug}/phases/{phase.id}"]
    db.session.commit()
    assert [client.get(p).status_code for p in paths] == [200] * len(paths)
    db.session.remove()
    _drop_every_connection()
    assert [client.get(p).status_code for p in paths] == [200] * len(paths)
