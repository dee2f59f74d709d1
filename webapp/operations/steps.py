"""I2 — an entry is applied at the step its phone put it, or not at all.

A match entry carries `position`: the step of the match its phone put it at (the phone
counts the steps it knows, recorded or its own unsent ones). `decide_match` places it:

- a step already recorded: the same action is *confirmed*, another is a conflict;
- the next step: applied — unless the same phone's entry for the step before it was
  refused (rejected or a conflict) and nothing of that phone stands at that step: then the
  entry was made on a match that never was, and it becomes a conflict "follows a refused
  entry", shown with the refused one side by side (`follows_refused`);
- a later step: *held* until the steps before it are recorded (the same phone's earlier
  entries arrive after it, or another phone's), then decided again at its own step by
  `release.py`; if one of those earlier entries of the same phone is refused
  meanwhile, it becomes the "follows a refused entry" conflict. Never moved into a gap.

A corrected resend of the refused entry (a new entry at the refused one's step) is
applied at that step: the step before it stands.
"""
from sqlalchemy import select

from ..extensions import db
from ..models import Operation
from ..services.entries.entry import Entry, position_of
from ..tournament.errors import N_
from .preload import Batch

REFUSED = ("rejected", "conflict")
STANDING = ("applied", "confirmed")
AHEAD = N_("Waits for this match's earlier entries: it is applied by itself at its own step as soon as "
           "they are recorded.")


def note_refused(batch: Batch, device_id: str, match_id) -> None:
    """An entry of this phone for this match was just refused."""
    if isinstance(match_id, int):
        batch.refused.add((device_id or "", match_id))


def follows_refused(batch: Batch, op: Entry, match_id: int, position: int | None) -> dict | None:
    """The same phone's refused entry at the step before this one, when nothing of that phone
    stands at that step; else None."""
    device = op.device_id
    if not position or (device, match_id) not in batch.refused:
        return None
    before = [entry for entry in _phone_entries(batch, device, match_id) if entry["position"] == position - 1]
    if any(entry["outcome"] in STANDING for entry in before):
        return None
    refused = [entry for entry in before if entry["outcome"] in REFUSED]
    return refused[-1] if refused else None


def _phone_entries(batch: Batch, device: str, match_id: int) -> list[dict]:
    """This phone's entries for the match, oldest first (logged, then pending in this batch)."""
    rows = db.session.execute(select(Operation.op_id, Operation.payload, Operation.outcome).where(
        Operation.match_id == match_id, Operation.device_id == device).order_by(Operation.id))
    out = [{"op_id": op_id, "position": _logged_position(payload), "outcome": outcome}
           for op_id, payload, outcome in rows]
    out += [{"op_id": v["op_id"], "position": _logged_position(v["payload"]), "outcome": v["outcome"]}
            for v in (batch.log_rows or []) if v["match_id"] == match_id and v["device_id"] == device]
    return out


def _logged_position(payload) -> int | None:
    return position_of(payload.get("position")) if isinstance(payload, dict) else None


FOLLOWS = N_("This entry was made after your entry for step %(step)s of this match, which was refused: "
             "it is kept, not moved into that step's place. Enter step %(step)s again corrected, or the "
             "desk decides.")
