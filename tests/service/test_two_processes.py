"""The scale path: two app processes on one database and one Redis agree about a bracket.

Each process is a gunicorn serving wsgi:app with its own worker; the fragment cache is
Redis (REDIS_URL, or a redis-server this test starts). A result sent through one process
is seen through the other at once: no stale 304, no stale cached fragment.
"""
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest
import redis
from app_hosts import free_port, wait_until_up
from play_support import team_event
from redis_support import local_redis, redis_at  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]




@pytest.fixture(scope="module")
def redis_url():
    """The machine's Redis when it answers, else a private redis-server for this module."""
    with redis_at(local_redis(0)) as url:
        yield url


@pytest.fixture
def two_processes(app, redis_url):
    """Two gunicorn processes on the test database and one Redis; yields their URLs."""
    env = {**os.environ, "DATABASE_URL": os.environ.get("DATABASE_URL") or app.config["SQLALCHEMY_DATABASE_URI"],
           "REDIS_URL": redis_url, "SECRET_KEY": "two-processes"}
    processes, urls = [], []
    for _ in range(2):
        port = free_port()
        processes.append(subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "1", "-b", f"127.0.0.1:{port}",
                                           "--log-level", "warning", "wsgi:app"], cwd=ROOT, env=env))
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for url, process in zip(urls, processes, strict=True):
            wait_until_up(url + "/", process)
        yield urls
    finally:
        for process in processes:
            process.terminate()
            process.wait(10)


def _signed_in(url: str) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=url, follow_redirects=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/login").text).group(1)
    client.post("/login", data={"username": "desk", "password": "desk-pass-123", "csrf_token": token})
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/desk").text).group(1)
    return client, token


def test_a_result_sent_through_one_process_is_seen_through_the_other(app, desk_user, two_processes, redis_url):
    first, second = two_processes
    event, match = team_event("best_of", "kgp2025", size=1, best_of=3)
    path = f"/e/{event.slug}/phase/{match.bracket.phase_id}"
    poll = {"HX-Request": "true"}
    seen = httpx.get(second + path, headers=poll)  # the second process renders and caches
    etag = seen.headers["ETag"]
    assert 'class="slot winner' not in seen.text
    assert httpx.get(first + path, headers={**poll, "If-None-Match": etag}).status_code == 304

    desk, token = _signed_in(first)
    ops = [{"op_id": str(uuid.uuid4()), "device_id": "desk-phone", "seq": n, "kind": "report_game",
            "match_id": match.id, "base_version": match.version,
            "payload": {"winner": "a", "rounds_a": 2, "rounds_b": 0, "position": n}} for n in range(2)]
    answer = desk.post("/sync/ops", json={"device_id": "desk-phone", "ops": ops}, headers={"X-CSRFToken": token})
    assert [r["outcome"] for r in answer.json()["results"]] == ["applied", "applied"], answer.text

    after = httpx.get(second + path, headers={**poll, "If-None-Match": etag})
    assert after.status_code == 200 and after.headers["ETag"] != etag
    assert 'class="slot winner' in after.text
    again = httpx.get(first + path, headers={**poll, "If-None-Match": after.headers["ETag"]})
    assert again.status_code == 304  # both processes agree on the new version
    # The rendered bracket lives in the shared Redis, not in one process.
    assert redis.Redis.from_url(redis_url).keys("taikai:bracket:*")
