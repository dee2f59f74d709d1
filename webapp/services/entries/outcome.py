"""What the server made of one entry (applied, confirmed, held, conflict, rejected, duplicate).

It lives with the services, which answer it when they decide an entry (check-in, DQ, a station
call, a request to the desk); the pipeline (webapp/operations/log.py) logs it and reads it
back, and imports it from here, so no service imports the pipeline for it.
"""
from dataclasses import dataclass


@dataclass
class Outcome:
    """What the server made of one operation."""

    op_id: str
    outcome: str
    code: str | None = None
    message: str | None = None
    params: dict | None = None
    match_version: int | None = None
    resolution: str | None = None  # the desk's decision on a conflict this entry was part of
    lost: bool | None = None       # True when that decision did not keep this entry
    undone: dict | None = None     # a later void undid this applied entry: {code, message, params}

    def to_dict(self) -> dict:
        """The JSON form returned to the phone (message translated by the caller)."""
        return {"op_id": self.op_id, "outcome": self.outcome, "code": self.code,
                "message": self.message, "params": self.params or {},
                "match_version": self.match_version, "resolution": self.resolution, "lost": self.lost,
                "undone": self.undone}
