"""Shared fixtures: one app per test session on SQLite or on DATABASE_URL (PostgreSQL).

The schema is built with the Alembic migrations, as in production, and every
table is emptied after each test.
"""
import os

import pytest
from empty_tables import empty_tables
from sqlalchemy import text

from webapp import create_app
from webapp.extensions import db


def _test_config(tmp_path_factory) -> dict:
    # Fragments kept in a folder outlive the run; each test session starts with an empty one.
    config = {"TESTING": True, "SECRET_KEY": "test", "SERVER_NAME": None,
              "CACHE_DIR": str(tmp_path_factory.mktemp("fragments"))}
    if not os.environ.get("DATABASE_URL"):
        path = tmp_path_factory.mktemp("db") / "taikai-test.sqlite3"
        config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{path}"
    return config


def _reset_postgres() -> None:
    with db.engine.begin() as conn:
        conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))


@pytest.fixture(scope="session")
def _app(tmp_path_factory):
    from flask_migrate import upgrade

    app = create_app(_test_config(tmp_path_factory))
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            _reset_postgres()
        upgrade()
    yield app


@pytest.fixture
def app(_app):
    """The app with empty tables, inside an app context."""
    with _app.app_context():
        yield _app
        empty_tables()


@pytest.fixture
def client(app):
    """A test client with CSRF checks switched off (one test checks them on)."""
    app.config["WTF_CSRF_ENABLED"] = False
    yield app.test_client()
    app.config["WTF_CSRF_ENABLED"] = True


@pytest.fixture
def desk_user(app):
    """A desk account: desk / desk-pass-123."""
    from webapp.services.accounts import users as accounts

    user = accounts.create_user("desk", "desk-pass-123", role="desk")
    db.session.commit()
    return user


@pytest.fixture
def desk_client(client, desk_user):
    """A test client signed in as the desk."""
    response = client.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    assert response.status_code == 302
    return client


BROWSER_FOLDERS = ("browser", "rehearsal")


def pytest_collection_modifyitems(items):
    """Every test under tests/browser and tests/rehearsal drives Chromium: it carries the `browser`
    marker whether its file says so or not, so `-m "not browser"` starts no browser (issue 36.6)."""
    import pytest as _pytest
    for item in items:
        if any(part in BROWSER_FOLDERS for part in item.path.parts[-3:-1]):
            item.add_marker(_pytest.mark.browser)
