"""PostgreSQL restarts under several app hosts (issue 41.6): three hosts (gunicorn processes) on a
PostgreSQL of the test's own, a desk phone sending games through both. The server stops: a phone's
push is answered 503 "busy, send again" in JSON as /sync's document says, a page 503 in words, the
read API 503 in JSON — never a 500. It starts again: no host answers a 500 to anyone (no stale
pooled connection, the page gates' own reads included), and every game sent, resent through the
other host, is kept exactly once."""
import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import psycopg
import pytest
from app_hosts import free_port, wait_until_up
from postgres_support import PrivatePostgres

ROOT = Path(__file__).resolve().parents[2]
FLASK = str(Path(sys.executable).with_name("flask"))

SEED = """
import json
from webapp import create_app
from webapp.extensions import db
from webapp.services.accounts import users as accounts
from play_support import team_event
app = create_app()
with app.app_context():
    accounts.create_user("desk", "desk-pass-123", role="desk")
    event, _first = team_event("best_of", "kgp2025", size=1, teams=16, best_of=3)
    phase = event.phases[0]
    ready = [(m.id, m.version) for m in phase.brackets[0].matches if m.status == "ready"]
    print(json.dumps({"slug": event.slug, "phase": phase.id, "ready": ready}))
"""


@pytest.fixture
def day():
    """A private PostgreSQL with a started 16-player event, three hosts on it; yields (server, day, urls)."""
    server = PrivatePostgres()
    server.start()
    server.create_database()
    env = {**os.environ, "DATABASE_URL": server.url, "SECRET_KEY": "postgres-restarts", "REDIS_URL": "",
           "PYTHONPATH": str(ROOT / "tests" / "support")}
    subprocess.run([FLASK, "--app", "wsgi", "db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
    seeded = subprocess.run([sys.executable, "-c", SEED], cwd=ROOT, env=env, check=True, capture_output=True,
                            text=True)
    facts = json.loads(seeded.stdout.strip().splitlines()[-1])
    hosts, urls = [], []
    for _ in range(3):
        port = free_port()
        hosts.append(subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "1", "--threads", "4", "-b",
                                       f"127.0.0.1:{port}", "--log-level", "warning", "wsgi:app"], cwd=ROOT, env=env,
                                      stderr=subprocess.DEVNULL))
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for url, host in zip(urls, hosts, strict=True):
            wait_until_up(url + "/", host)
        yield server, facts, urls
    finally:
        for host in hosts:
            host.terminate()
            host.wait(10)
        server.remove()


def _desk(url: str) -> tuple[httpx.Client, str]:
    """The desk's phone signed in through one host (its session cookie holds on every host)."""
    phone = httpx.Client(follow_redirects=True, timeout=15)
    token = re.search(r'name="csrf-token" content="([^"]+)"', phone.get(url + "/login").text).group(1)
    phone.post(url + "/login", data={"username": "desk", "password": "desk-pass-123", "csrf_token": token})
    token = re.search(r'name="csrf-token" content="([^"]+)"', phone.get(url + "/desk/").text).group(1)
    return phone, token


def _games(ready: list) -> list[dict]:
    """Two games of each ready match, side a winning: each match ends 2-0."""
    return [{"op_id": str(uuid.uuid4()), "device_id": "desk-phone", "seq": 2 * n + g, "kind": "report_game",
             "match_id": match_id, "base_version": version,
             "payload": {"winner": "a", "rounds_a": 2, "rounds_b": 1, "position": g}}
            for n, (match_id, version) in enumerate(ready) for g in range(2)]


def _push(phone, token, url, ops) -> httpx.Response:
    return phone.post(url + "/sync/ops", json={"device_id": "desk-phone", "ops": ops},
                      headers={"X-CSRFToken": token})


def _everyone(url: str, facts: dict) -> dict[str, int]:
    paths = ["/", f"/e/{facts['slug']}", f"/e/{facts['slug']}/phase/{facts['phase']}",
             f"/e/{facts['slug']}/standings", "/api/v1/events", f"/api/v1/events/{facts['slug']}"]
    return {path: httpx.get(url + path, timeout=15).status_code for path in paths}


def test_two_hosts_live_through_a_postgres_restart(day):
    server, facts, hosts = day
    phone, token = _desk(hosts[0])
    ops = _games(facts["ready"])
    before, during = ops[:8], ops[8:12]
    for n in range(0, len(before), 2):
        answer = _push(phone, token, hosts[n // 2 % 3], before[n:n + 2])
        assert [r["outcome"] for r in answer.json()["results"]] == ["applied", "applied"], answer.text

    server.stop()
    for url in hosts:
        busy = _push(phone, token, url, during)
        assert busy.status_code == 503 and busy.json()["error"] == "busy", busy.text
        answers = _everyone(url, facts)
        assert set(answers.values()) == {503}, answers  # a page says so in words, the API in JSON
        page = httpx.get(url + f"/e/{facts['slug']}/phase/{facts['phase']}")
        assert "Nothing was lost" in page.text or "失われていません" in page.text

    server.start()
    for url in hosts:
        answers = [_everyone(url, facts) for _ in range(3)]
        assert all(set(a.values()) == {200} for a in answers), answers
    # The phone sends everything again, through other hosts: nothing doubled, nothing lost.
    for n in range(0, len(ops), 4):
        answer = _push(phone, token, hosts[(n // 4 + 1) % 3], ops[n:n + 4])
        assert answer.status_code == 200, answer.text
        assert {r["outcome"] for r in answer.json()["results"]} <= {"applied", "duplicate"}
    with psycopg.connect(server.url) as conn:
        kept = conn.execute("SELECT op_id, count(*) FROM operation WHERE kind = 'report_game' GROUP BY op_id").fetchall()
        done = conn.execute("SELECT count(*) FROM match WHERE id = ANY(%s) AND status = 'done'",
                            ([m for m, _v in facts["ready"]],)).fetchone()[0]
    assert sorted(op_id for op_id, _n in kept) == sorted(op["op_id"] for op in ops)
    assert {n for _op, n in kept} == {1}
    assert done == len(facts["ready"])

