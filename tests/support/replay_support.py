"""A second app on its own empty SQLite file, migrated like production: where a download is replayed."""
from webapp import create_app
from webapp.extensions import db


def empty_app(tmp_path):
    """The app a replay goes into (its own SQLite file under tmp_path)."""
    from flask_migrate import upgrade

    other = create_app({"TESTING": True, "SECRET_KEY": "test",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'replay.sqlite3'}"})
    with other.app_context():
        upgrade()
        db.session.remove()
    return other
