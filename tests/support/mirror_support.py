"""Two real taikai servers on loopback for the mirror tests and bench: a venue (SQLite) and a
public site (PostgreSQL, its own database, made here if missing), each a gunicorn process."""
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))


def postgres_url() -> str:
    """The public site's database: on CI's PostgreSQL server if DATABASE_URL names one, else 127.0.0.1."""
    name = os.environ.get("MIRROR_TEST_DATABASE", "taikai_mirror_test")
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith(("postgres://", "postgresql://")):
        base = "postgresql://postgres@127.0.0.1:5432/postgres"
    server = base.rsplit("/", 1)[0]
    _create_database(server + "/postgres", name)
    return f"{server}/{name}"


def _create_database(admin_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def migrated_app(url: str):
    """An app on `url` with a fresh schema (PostgreSQL's public schema is dropped first)."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    from webapp import create_app
    from webapp.config import database_url
    from webapp.extensions import db

    os.environ["DATABASE_URL"], saved = url, os.environ.get("DATABASE_URL")
    try:
        uri = database_url("")
    finally:
        _restore("DATABASE_URL", saved)
    app = create_app({"TESTING": True, "SECRET_KEY": "mirror-test", "SQLALCHEMY_DATABASE_URI": uri,
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            with db.engine.begin() as conn:
                conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
                conn.execute(text("CREATE SCHEMA public"))
        upgrade()
        db.session.remove()
    return app


def _restore(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """taikai under gunicorn on 127.0.0.1; start(), kill() (SIGKILL: a real cut) and start() again."""

    def __init__(self, database_url: str, workers: int = 2):
        self.port, self.database_url, self.workers, self.process = free_port(), database_url, workers, None

    @property
    def url(self) -> str:
        """The base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "Server":
        """Start and wait until it answers."""
        env = {**os.environ, "DATABASE_URL": self.database_url, "SECRET_KEY": "mirror-test",
               "TAIKAI_MIRROR_PUSH": "0",
               "REDIS_URL": ""}  # per-process fragment cache: Redis would outlive the reset database
        self.process = subprocess.Popen(
            [GUNICORN, "-b", f"127.0.0.1:{self.port}", "-w", str(self.workers), "--graceful-timeout", "1",
             "wsgi:app"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/", timeout=2).status_code < 500:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """Kill the server and its workers at once, as a power cut or a pulled cable would."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def page_text(html: str) -> str:
    """The visible text of a page's <main>, spaces collapsed (ids live in links, not in text)."""
    main = re.search(r"<main[^>]*>(.*)</main>", html, re.S)
    body = main.group(1) if main else html
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return re.sub(r"\s+", " ", body).strip()
