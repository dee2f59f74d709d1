"""The rows a sync batch reads, loaded together when it starts: a few queries per batch
instead of a few lazy loads per match (each costs more than applying the entry).

The batch keeps every row it loads in memory (operations._held_while_batch), so the
entries read these from the identity map: their matches with bracket, phase, event and
the event's phases, and the entrants playing in them with their members. Nothing here
decides anything: a row missing from the preload is simply loaded when it is read.
"""
from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload

from ..extensions import db
from ..models import BracketRow, Entrant, Event, MatchRow, Phase

# The rules read the match's phase and event; auto-call reads the event's phases.
_EVENT_OF_MATCH = joinedload(MatchRow.bracket).joinedload(BracketRow.phase).joinedload(Phase.event)


def preload(ops: list[dict]) -> None:
    """Load the batch's matches, the rows above them and their entrants, in four queries."""
    ids = {op["match_id"] for op in ops if isinstance(op.get("match_id"), int)}
    if not ids:
        return
    matches = db.session.scalars(select(MatchRow).where(MatchRow.id.in_(ids))
                                 .options(_EVENT_OF_MATCH.selectinload(Event.phases))).all()
    entrant_ids = {e for m in matches for e in (m.slot_a, m.slot_b) if e}
    if entrant_ids:
        db.session.scalars(select(Entrant).where(Entrant.id.in_(entrant_ids))
                           .options(selectinload(Entrant.members))).all()
