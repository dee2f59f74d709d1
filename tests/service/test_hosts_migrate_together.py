"""Several app hosts started together on an empty PostgreSQL database (issue 41): each runs the
migrations as `make serve` does; one migrates, the others wait for it and find the schema current —
none exits with a duplicate-table or unique-violation error."""
import os
import subprocess
import sys
from pathlib import Path

import psycopg
from mirror_support import postgres_url

ROOT = Path(__file__).resolve().parents[2]
FLASK = str(Path(sys.executable).with_name("flask"))


def _fresh_database() -> str:
    url = postgres_url().rsplit("/", 1)[0] + "/taikai_hosts_together"
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute('DROP DATABASE IF EXISTS "taikai_hosts_together" WITH (FORCE)')
        conn.execute('CREATE DATABASE "taikai_hosts_together"')
    return url


def test_three_hosts_migrating_at_once_all_come_up(tmp_path):
    url = _fresh_database()
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "hosts-test", "REDIS_URL": ""}
    hosts = [subprocess.Popen([FLASK, "--app", "wsgi", "db", "upgrade"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for _ in range(3)]
    outputs = [host.communicate(timeout=240)[0] for host in hosts]
    assert [host.returncode for host in hosts] == [0, 0, 0], "\n---\n".join(o[-1500:] for o in outputs)
    with psycopg.connect(url) as conn:
        heads = conn.execute("SELECT version_num FROM alembic_version").fetchall()
    assert len(heads) == 1
