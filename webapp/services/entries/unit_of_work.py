"""The unit of work under way: what the entries of one write transaction share, as the services see it.

The pipeline (webapp/operations/submit) opens one per write transaction — its Batch — and fills
it; the services deep in an entry's call chain read what it preloaded (services/entries/preloaded) and
ask it to write its waiting log rows (restarts, before it reads the log). They run inside
play.apply_action, bracket_rows.save and the like, which the desk's pages also call outside any
batch: threading the batch through every one of them would change a dozen services' signatures
for one cache. So the services own this small interface and the one context variable, and never
import the pipeline.
"""
import contextvars
from contextlib import contextmanager
from typing import Protocol


class Work(Protocol):
    """What a service may ask of the unit of work under way."""

    # (model, id) -> row, and the reads kept under their keys (services/entries/preloaded).
    rows: dict

    def write_log(self) -> None:
        """Write the log rows waiting in memory now."""


_current: contextvars.ContextVar = contextvars.ContextVar("taikai_batch", default=None)


def current() -> Work | None:
    """The unit of work under way in this context (None outside one)."""
    return _current.get()


@contextmanager
def running(work: Work):
    """Within the block, current() is this unit of work."""
    token = _current.set(work)
    try:
        yield work
    finally:
        _current.reset(token)


def write_log() -> None:
    """Entries applied earlier in the unit of work under way go into the log now (none outside one)."""
    work = current()
    if work is not None:
        work.write_log()
