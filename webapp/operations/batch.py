"""A batch: the state the entries of one write transaction share while it runs.

submit.py makes one per transaction (a sync batch, or one entry retried in its own
transaction) and passes it to the code of this package that reads or changes it.
"""
from dataclasses import dataclass, field

from ..extensions import db
from ..models import Operation
from ..services.entries.preloaded import current, running


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

    def write_log(self) -> None:
        """Write the waiting log rows now, in one statement (log.write_pending; restarts asks
        through services/entries/preloaded before it reads the log, deep inside an entry)."""
        if self.log_rows:  # Core's insert: the ORM's bulk insert costs more than the statement itself
            db.session.execute(Operation.__table__.insert(), self.log_rows)
            self.log_rows.clear()


# The batch under way is the services' unit of work (services/entries/preloaded owns the one context
# variable): inside this package the batch is passed explicitly.
__all__ = ["Batch", "current", "running"]
