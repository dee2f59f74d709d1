"""The one in-process cache: what a worker keeps between requests, least recently used out first.

cachetools' LRUCache behind a lock: its reads reorder entries, so even a read must not run
beside another thread's write (an eviction between a look-up and the reorder raised KeyError
in the hand-rolled caches this replaces). Bounded by a count, or by a weight per value
(`weigh`: places, match names); one value heavier than the whole bound is still kept, alone.
"""
import threading
import weakref
from collections.abc import Callable, Hashable

from cachetools import LRUCache

_ALL: "weakref.WeakSet[LRU]" = weakref.WeakSet()


def forget_all() -> None:
    """Empty every cache of this process: a database made again (tests) reuses row ids, and a
    value kept for bracket 1 of the last database must not answer for this one's."""
    for cache in list(_ALL):
        cache.clear()


class LRU:
    """A bounded mapping safe under threads: get, put, contains, clear."""

    def __init__(self, maxsize: int, weigh: Callable[[object], int] | None = None):
        sizeof = (lambda value: min(max(weigh(value), 1), maxsize)) if weigh else None
        self._cache = LRUCache(maxsize, getsizeof=sizeof)
        self._lock = threading.Lock()
        _ALL.add(self)

    def get(self, key: Hashable, default=None):
        """The kept value (now the most recently used), or `default`."""
        with self._lock:
            return self._cache.get(key, default)

    def put(self, key: Hashable, value) -> None:
        """Keep the value, letting the least recently used go beyond the bound."""
        with self._lock:
            self._cache[key] = value

    def keep(self, key: Hashable, value):
        """Keep the value unless one is kept under the key already; answers the one kept
        (two threads drawing the same page keep one copy)."""
        with self._lock:
            kept = self._cache.get(key)
            if kept is None:
                self._cache[key] = kept = value
            return kept

    @property
    def weight(self) -> int:
        """The kept values' total weight (their count when nothing weighs them)."""
        with self._lock:
            return int(self._cache.currsize)

    def values(self) -> list:
        with self._lock:
            return list(self._cache.values())

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._cache

    def __len__(self) -> int:
        with self._lock:
            return len(self._cache)

    def clear(self) -> None:
        """Forget everything (tests: a database made again reuses row ids)."""
        with self._lock:
            self._cache.clear()
