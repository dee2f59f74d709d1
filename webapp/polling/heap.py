"""Memory a long request freed, handed back to the system when it ends.

glibc keeps the memory Python frees for the process's next allocations: after the 4,096-player
pages a worker held megabytes it no longer used, for good. After a request that worked long (30 ms
of this thread's CPU: other threads and processes do not inflate it) malloc_trim returns the
heap's free pages: a small cost after a long request, nothing on other requests. It is set up in create_app, so every
way of running has it (`flask serve` and `flask venue serve` build the app, then run gunicorn in
that process; tests and the benches build it too); an environment variable (MALLOC_MMAP_THRESHOLD_)
would have to be set before each process starts, and that one also slowed a big bracket's cold
page (its multi-megabyte page mapped and unmapped afresh) for the same memory (figures in
docs/benchmarks.md).
Where the C library has no malloc_trim (musl, macOS), nothing is done.
"""
import ctypes
import time

from flask import Flask, request

LONG_REQUEST = 0.03  # seconds of this thread's CPU after which the request's freed memory is returned


def _malloc_trim():
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


_TRIM = _malloc_trim()


def init_heap(app: Flask) -> None:
    """After a long request, the heap's free pages returned to the system."""
    if _TRIM is not None:
        app.before_request(_started)
        app.teardown_request(_release_after_long)


def _started() -> None:
    request.environ["taikai.cpu"] = time.thread_time()


def _release_after_long(_error) -> None:
    started = request.environ.get("taikai.cpu")
    if started is not None and time.thread_time() - started >= LONG_REQUEST:
        _TRIM(0)
