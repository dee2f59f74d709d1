"""Several app hosts started together on an empty PostgreSQL database (issue 41): each runs the
migrations as `make serve` does; one migrates, the others wait for it and find the schema current —
none exits with a duplicate-table or unique-violation error."""
import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from mirror_support import postgres_url

ROOT = Path(__file__).resolve().parents[2]
FLASK = str(Path(sys.executable).with_name("flask"))


# Its own database per test process: two suites on one PostgreSQL server (parallel worktrees) do not
# drop each other's while it migrates.
NAME = f"taikai_hosts_together_{os.getpid()}"


def _database(action: str) -> None:
    with psycopg.connect(postgres_url().rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{NAME}" WITH (FORCE)')
        if action == "create":
            conn.execute(f'CREATE DATABASE "{NAME}"')


@pytest.fixture
def empty_database():
    _database("create")
    yield postgres_url().rsplit("/", 1)[0] + f"/{NAME}"
    _database("drop")


def test_three_hosts_migrating_at_once_all_come_up(tmp_path, empty_database):
    url = empty_database
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "hosts-test", "REDIS_URL": ""}
    hosts = [subprocess.Popen([FLASK, "--app", "wsgi", "db", "upgrade"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for _ in range(3)]
    outputs = [host.communicate(timeout=240)[0] for host in hosts]
    assert [host.returncode for host in hosts] == [0, 0, 0], "\n---\n".join(o[-1500:] for o in outputs)
    with psycopg.connect(url) as conn:
        heads = conn.execute("SELECT version_num FROM alembic_version").fetchall()
    assert len(heads) == 1
