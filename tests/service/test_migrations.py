"""The migrations build exactly the models' schema, and the undone flag is set for entries undone before it."""
import json

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from webapp import create_app
from webapp.extensions import db


def _fresh(tmp_path):
    return create_app({"TESTING": True, "SECRET_KEY": "test",
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'migrations.sqlite3'}"})


def test_the_migrated_schema_is_the_models_schema(app):
    with db.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert differences == []


def test_entries_undone_before_the_flag_existed_are_flagged_by_the_migration(tmp_path):
    other = _fresh(tmp_path)
    with other.app_context():
        upgrade(revision="026cbea6321a")
        undone = {"undone": {"code": "void.undone", "message": "Undone by a void.", "params": {}}}
        with db.engine.begin() as conn:
            for op_id, params in (("op-undone-1", undone), ("op-kept-1", {"x": 1})):
                conn.execute(text("INSERT INTO operation (op_id, device_id, seq, kind, payload, device_time, "
                                  "received_at, outcome, params) VALUES (:op_id, 'phone-1', 1, 'report_game', "
                                  "'{}', '', '2026-05-03 14:05:00', 'applied', :params)"),
                             {"op_id": op_id, "params": json.dumps(params)})
        upgrade()
        with db.engine.connect() as conn:
            flags = dict(conn.execute(text("SELECT op_id, undone FROM operation")).all())
        assert flags == {"op-undone-1": True, "op-kept-1": False}
        downgrade(revision="026cbea6321a")  # and back: the column and its index go
        with db.engine.connect() as conn:
            columns = [row[1] for row in conn.execute(text("PRAGMA table_info(operation)"))]
        assert "undone" not in columns
        db.session.remove()
        db.engine.dispose()
