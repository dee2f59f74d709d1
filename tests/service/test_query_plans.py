"""What SQLite's planner makes of the reads every sync batch makes, at any size of day.

Without statistics (taikai never runs ANALYZE during a day) SQLite picks an index by its shape: a read
of a bracket's matches by key ordered by id went through the bracket_id index, every match of the
bracket read to spare a sort (4,096 rows of a 2,048-player bracket, for each batch). The plans are
SQLite's whatever database the suite runs on, so they are read from a SQLite copy of the schema.
"""
from sqlalchemy import create_engine, event

from webapp.extensions import db
from webapp.operations import held
from webapp.services.entries import preloaded


def _plan(statement, params: dict) -> str:
    """The plan SQLite makes for the statement as SQLAlchemy sends it (its expanded IN list and all)."""
    engine = create_engine("sqlite://")
    db.metadata.create_all(engine)
    sent = []
    event.listen(engine, "before_cursor_execute",
                 lambda _conn, _cursor, sql, values, _context, _many: sent.append((sql, values)))
    with engine.connect() as connection:
        connection.execute(statement, params).all()
        sql, values = sent[-1]
        rows = connection.exec_driver_sql("EXPLAIN QUERY PLAN " + sql, values).fetchall()
    return " / ".join(row[-1] for row in rows)


def test_a_batch_reads_a_bracket_s_matches_by_key_through_the_bracket_key_index(app):
    with app.app_context():
        plan = _plan(preloaded.by_key_statement(lock=False), {"bracket": 1, "keys": ["W1-1", "L2-3"]})
    assert "(bracket_id=? AND key=?)" in plan, plan
    assert "TEMP B-TREE" not in plan, plan


def test_a_batch_reads_refusals_of_its_matches_only_through_the_match_id_index(app):
    """The held and refused read (held.new_batch): every part a search, the refused by match id, never a
    walk over every refused entry of the log through the outcome index."""
    with app.app_context():
        plan = _plan(held._HELD_OR_REFUSED, {"matches": [1, 2, 3]})  # noqa: SLF001
    assert "SCAN" not in plan, plan
    assert plan.count("ix_operation_match_id (match_id=?)") == 2, plan
