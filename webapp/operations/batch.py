"""A batch: the state the entries of one write transaction share while it runs.

submit.py makes one per transaction (a sync batch, or one entry retried in its own
transaction) and passes it to the code of this package that reads or changes it.
"""
import contextvars
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Batch:
    """What the entries of one transaction share (see the package docstring, "Speed")."""

    # Log rows waiting to be written together (log.write_pending); None: each is written at once.
    log_rows: list[dict] | None = None
    # Its matches are locked already: SQLite's BEGIN IMMEDIATE, PostgreSQL's lock of its brackets.
    locked: bool = False
    # The rows preloaded for it (preload.py): (model, id) -> row, and the reads kept under their keys.
    rows: dict = field(default_factory=dict)
    # Match id -> its version when its held entries were last tried (None: not tried yet), for the
    # matches with held entries (held.py).
    held: dict = field(default_factory=dict)
    # (device, match id) pairs with a refused entry (steps.py, I2).
    refused: set = field(default_factory=set)


# The batch under way, for the services deep in an entry's call chain that read what it preloaded
# (brackets.around, play's members, the disqualified entrants) or write its waiting log rows
# (restarts, before it reads the log). They run inside play.apply_action, bracket_rows.save and the
# like, which the desk's pages also call outside any batch: threading a batch through every one
# of them would change a dozen services' signatures for one cache. Inside this package the
# batch is passed explicitly; only this one variable stands for it further down.
_current: contextvars.ContextVar = contextvars.ContextVar("taikai_batch", default=None)


def current() -> Batch | None:
    """The batch under way in this context (None outside one)."""
    return _current.get()


@contextmanager
def running(batch: Batch):
    """Within the block, current() is this batch."""
    token = _current.set(batch)
    try:
        yield batch
    finally:
        _current.reset(token)
