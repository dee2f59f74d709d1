"""A Redis for tests that need one: the given URL when it answers, else a private redis-server."""
import contextlib
import os
import socket
import subprocess
import time

import redis


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def local_redis(number: int) -> str:
    """The machine's Redis (TAIKAI_TEST_REDIS, else 127.0.0.1:6379), its database `number` (0-2) counted from
    TAIKAI_TEST_REDIS_FIRST_DB: two suites run at once (.ci/run) each keep their own three databases."""
    base = os.environ.get("TAIKAI_TEST_REDIS", "redis://127.0.0.1:6379").rstrip("/")
    return f"{base}/{int(os.environ.get('TAIKAI_TEST_REDIS_FIRST_DB', '0')) + number}"


@contextlib.contextmanager
def redis_at(url: str, flush: bool = False):
    """Yield `url` if a Redis answers there (emptied before and after when `flush`), else the URL
    of a redis-server started for the block, keeping nothing on disk."""
    try:
        client = redis.Redis.from_url(url, socket_timeout=1)
        client.flushdb() if flush else client.ping()
    except redis.RedisError:
        pass
    else:
        yield url
        if flush:
            redis.Redis.from_url(url).flushdb()
        return
    port = _free_port()
    server = subprocess.Popen(["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
                              stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(50):
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.RedisError:
            time.sleep(0.1)
    try:
        yield url
    finally:
        server.terminate()
        server.wait(10)


class PrivateRedis:
    """A redis-server of the test's own, on a port of its own, that the test stops and starts again
    (never the machine's shared one)."""

    def __init__(self):
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._server = None

    def start(self) -> None:
        self._server = subprocess.Popen(["redis-server", "--port", str(self.port), "--save", "", "--appendonly", "no"],
                                        stdout=subprocess.DEVNULL)
        for _ in range(100):
            try:
                redis.Redis.from_url(self.url).ping()
                return
            except redis.RedisError:
                time.sleep(0.05)
        raise AssertionError("the private redis-server did not start")

    def stop(self) -> None:
        if self._server is not None:
            self._server.terminate()
            self._server.wait(10)
            self._server = None
