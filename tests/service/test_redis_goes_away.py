"""Redis is a cache and a counter (issue 41.6): two app hosts (gunicorn processes) on one database and
one Redis; Redis stops. Public pages, standings, the read API, a staff PIN sign-in and the desk's
sign-in answer as before (never a 500), wrong PINs are still limited (each host counting alone), the
desk is told; Redis comes back and the counts are shared again."""
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import redis
from app_hosts import free_port, wait_until_up
from play_support import team_event
from redis_support import PrivateRedis
from staff_phones import PIN

from webapp.extensions import db
from webapp.services.accounts import users as accounts

ROOT = Path(__file__).resolve().parents[2]




@pytest.fixture
def hosts(app):
    """A private Redis and two hosts on the test database; yields (redis, [host URLs])."""
    store = PrivateRedis()
    store.start()
    env = {**os.environ, "DATABASE_URL": os.environ.get("DATABASE_URL") or app.config["SQLALCHEMY_DATABASE_URI"],
           "REDIS_URL": store.url, "SECRET_KEY": "redis-goes-away", "TAIKAI_REDIS_RETRY_SECONDS": "0.2"}
    processes, urls = [], []
    for _ in range(2):
        port = free_port()
        processes.append(subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "1", "-b", f"127.0.0.1:{port}",
                                           "--log-level", "warning", "wsgi:app"], cwd=ROOT, env=env,
                                          stderr=subprocess.PIPE, text=True))
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for url, process in zip(urls, processes, strict=True):
            wait_until_up(url + "/", process)
        yield store, urls
    finally:
        store.stop()
        for process in processes:
            process.terminate()
            process.wait(10)


def _token(client: httpx.Client, path: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', client.get(path).text).group(1)


def _pin(url: str, slug: str, pin: str, name: str = "山田") -> httpx.Response:
    phone = httpx.Client(base_url=url)
    return phone.post(f"/e/{slug}/staff-login", data={"name": name, "pin": pin, "csrf_token": _token(phone, f"/e/{slug}/staff-login")})


def _everyone_reads(url: str, slug: str, phase_id: int) -> list[int]:
    paths = [f"/e/{slug}", f"/e/{slug}/phase/{phase_id}", f"/e/{slug}/standings", "/api/v1/events",
             f"/api/v1/events/{slug}", f"/api/v1/events/{slug}/standings"]
    return [httpx.get(url + path, headers={"HX-Request": "true"} if "phase" in path else {}).status_code
            for path in paths]


def test_two_hosts_live_through_redis_stopping_and_coming_back(app, desk_user, hosts):
    store, (first, second) = hosts
    event, match = team_event("best_of", "kgp2025", size=1, best_of=3)
    accounts.set_staff_pin(event, PIN)
    db.session.commit()
    slug, phase_id = event.slug, match.bracket.phase_id
    assert set(_everyone_reads(first, slug, phase_id)) == {200}

    store.stop()
    for url, name in ((first, "山田"), (second, "佐藤")):
        assert set(_everyone_reads(url, slug, phase_id)) == {200}, url
        signed_in = _pin(url, slug, PIN, name)
        assert signed_in.status_code == 302  # the right PIN signs in
        desk = httpx.Client(base_url=url)
        signed = desk.post("/login", data={"username": "desk", "password": "desk-pass-123",
                                           "csrf_token": _token(desk, "/login")})
        assert signed.status_code == 302
        assert 'data-testid="shared-store-down"' in desk.get("/desk/").text  # the desk is told
    # Guesses are still limited, each host counting its own.
    answers = [_pin(first, slug, "000000").status_code for _ in range(12)]
    assert 500 not in answers and answers[-1] == 429

    store.start()
    import time
    time.sleep(0.3)  # past the hosts' retry time
    assert _pin(second, slug, "111111").status_code == 200  # refused in words, counted in Redis again
    assert redis.Redis.from_url(store.url).keys("*staff*") or redis.Redis.from_url(store.url).dbsize() > 0
    desk = httpx.Client(base_url=second)
    desk.post("/login", data={"username": "desk", "password": "desk-pass-123", "csrf_token": _token(desk, "/login")})
    assert 'data-testid="shared-store-down"' not in desk.get("/desk/").text
