"""Redis is a cache and a counter, never a part that stops the day (issue 41.6).

With REDIS_URL set, every host counts sign-in failures, the API's and the searches' windows and the
sign-up gate in Redis, and keeps rendered pages there. When Redis stops answering, each call that
needed it is answered by this host alone instead of a 500: counters count in this host's memory
(`Windows`), the page cache is a miss and the page is drawn (polling/fragments.py, through
`shielded`). The first failure is written to the log, and the desk's home page says the limits are
counted per host (`down`). Redis is asked again after RETRY_SECONDS; when it answers, everything is
shared again, and the log says so. What a host counted alone is not carried over: a window is minutes
long, and a limit per host is still a limit.

A stopped Redis refuses at once; one that hangs costs at most its timeouts (`with_timeouts`), once per
RETRY_SECONDS per host, since no call goes to it in between.
"""
import logging
import os
import sys
import threading
import time
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import current_app
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

RETRY_SECONDS = float(os.environ.get("TAIKAI_REDIS_RETRY_SECONDS") or 10)  # how long a host counts alone before asking
TIMEOUT_SECONDS = "0.5"  # a venue's Redis answers in a millisecond; a hung one must not hold a request
_log = logging.getLogger(__name__)


class _Outage:
    """Whether this host is counting alone, since when, and when it asks Redis again."""

    def __init__(self):
        self.since: float | None = None
        self._retry_at = 0.0
        self._lock = threading.Lock()

    def asking(self) -> bool:
        return time.monotonic() >= self._retry_at

    def failed(self, problem: Exception) -> None:
        with self._lock:
            self._retry_at = time.monotonic() + RETRY_SECONDS
            if self.since is None:
                self.since = time.time()
                _log.warning("Redis does not answer (%s): limits are counted by this host alone and pages "
                             "are drawn uncached until it answers again", problem)

    def answered(self) -> None:
        if self.since is None:
            return
        with self._lock:
            if self.since is not None:
                self.since = None
                _log.warning("Redis answers again: limits and pages are shared by every host")


OUTAGE = _Outage()


def down() -> bool:
    """This host could not reach Redis on its last try (it counts alone)."""
    return OUTAGE.since is not None


def _failures() -> tuple:
    """What a call to Redis raises when Redis is away. Read from the loaded module: a host without REDIS_URL
    never loads redis (7 MB in every worker), and then no call can raise its errors."""
    exceptions = sys.modules.get("redis.exceptions")
    return (exceptions.RedisError, OSError) if exceptions else (OSError,)


def shielded(call, fallback):
    """call() against Redis; fallback() when it fails, and without asking while it is known away."""
    if OUTAGE.asking():
        try:
            value = call()
        except _failures() as problem:
            OUTAGE.failed(problem)
        else:
            OUTAGE.answered()
            return value
    return fallback()


class Windows:
    """The limits' moving windows: shared through the configured storage, this host's own while it is away."""

    def __init__(self, shared):
        self._shared, self._own = shared, MovingWindowRateLimiter(MemoryStorage())

    def hit(self, *args, **kwargs) -> bool:
        return self._either("hit", args, kwargs)

    def test(self, *args, **kwargs) -> bool:
        return self._either("test", args, kwargs)

    def get_window_stats(self, *args, **kwargs):
        return self._either("get_window_stats", args, kwargs)

    def clear(self, *args, **kwargs) -> None:
        return self._either("clear", args, kwargs)

    def _either(self, name: str, args, kwargs):
        return shielded(lambda: getattr(self._shared, name)(*args, **kwargs),
                        lambda: getattr(self._own, name)(*args, **kwargs))


def windows() -> Windows:
    """This app's windows (web/throttle.py made them with the limiter)."""
    return current_app.extensions["taikai_windows"]


def with_timeouts(url: str | None) -> str | None:
    """A Redis URL whose connections give up after TIMEOUT_SECONDS (unless the URL sets its own)."""
    if not url or not url.startswith(("redis://", "rediss://")):
        return url
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    query.setdefault("socket_timeout", TIMEOUT_SECONDS)
    query.setdefault("socket_connect_timeout", TIMEOUT_SECONDS)
    return urlunsplit(parts._replace(query=urlencode(query)))
