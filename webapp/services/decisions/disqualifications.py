"""Disqualification, withdrawal and their undo, as logged desk entries.

They change who plays the event's matches (walkovers given or taken back), so they are
entries of the operation log like a correction: decided by operations/decide.py under the
batch's write lock (the desk page submits them with operations/desk.submit_change), exported
and replayed by operations/export.py, pushed to a mirror (I4).
"""
from marshmallow import EXCLUDE, Schema, fields
from sqlalchemy import func

from ...extensions import db
from ...models import BracketRow, Entrant, MatchRow, Phase
from ...tournament.entry_kinds import ENTRY_KINDS
from ...tournament.errors import N_
from .. import ServiceError
from ..entrants import entrant_edits
from ..entries import access, pipeline, preloaded
from ..entries.entry import Entry, Outcome
from ..matches import bracket_rows, brackets
from . import corrections

KINDS = ("disqualify", "undo_dq", "withdraw", "undo_withdraw")


class EntrantChangeSchema(Schema):
    """{"entrant_id": 12, "reason": "..."}"""

    class Meta:
        unknown = EXCLUDE

    entrant_id = fields.Integer(required=True, strict=True)
    reason = fields.String(load_default="")


_LOADER = EntrantChangeSchema()
_CHANGES = {"disqualify": lambda e, user, reason: brackets.disqualify(e, user, reason),
            "undo_dq": lambda e, user, reason: corrections.undo_dq(e, user),
            "withdraw": lambda e, user, reason: entrant_edits.withdraw(e, user),
            "undo_withdraw": lambda e, user, reason: entrant_edits.undo_withdraw(e, user)}
MESSAGES = {"disqualify": N_("Disqualified: %(name)s."), "undo_dq": N_("Disqualification lifted: %(name)s."),
            "withdraw": N_("Withdrawn: %(name)s."), "undo_withdraw": N_("Back in the event: %(name)s.")}


def apply(op: Entry, user) -> Outcome:
    """Make the change the entry names; raises (refused, nothing changed) when it cannot be made."""
    form = _LOADER.load(op.payload)
    entrant = db.session.get(Entrant, form["entrant_id"])
    if entrant is None:
        raise ServiceError("entrants.unknown", N_("This entrant does not exist."))
    access.check_event(user, entrant.event_id)
    if ENTRY_KINDS[op.kind].desk_only:  # a withdrawal may also come from the gate's "drop them"
        access.check_desk(user)
    preloaded.forget_disqualified(entrant.event_id)  # the change reads them after its own flush
    with bracket_rows.collect_restarts() as restarted:  # I1: matches whose players change start again
        _CHANGES[op.kind](entrant, user, form["reason"])
    db.session.flush()
    preloaded.forget_disqualified(entrant.event_id)  # later entries of the batch see the change
    params = {"name": entrant.name}
    if restarted:
        params["matches"] = ", ".join(row.key for row in restarted)
    return Outcome(op.op_id, "applied", f"entrant.{op.kind}", MESSAGES[op.kind], params)


def entry(kind: str, entrant: Entrant, reason: str = "") -> Entry:
    """The desk's entry for this change (event_id: the mirror and the export find it by it)."""
    return Entry.by_server(kind, "desk", None, {"entrant_id": entrant.id, "reason": reason}, prefix="desk-",
                           event_id=entrant.event_id)


def logged_with_event(op: Entry) -> Entry:
    """An applied DQ or withdrawal is logged with its entrant's event (the mirror and the export
    find it by it); other entries as they are."""
    if op.kind not in KINDS or op.event_id is not None:
        return op
    entrant_id = op.payload.get("entrant_id")
    entrant = db.session.get(Entrant, entrant_id) if type(entrant_id) is int else None
    return op.with_event(entrant.event_id if entrant else None)


def log_now(kind: str, entrant: Entrant, user) -> Outcome:
    """Within the caller's transaction (the gate's "drop them"): make the change and log it."""
    op = entry(kind, entrant)
    return pipeline.record(op, user, apply(op, user), None)


def matches_to_lock(ops: list[Entry]) -> set[int]:
    """PostgreSQL: one match of each bracket of the events these entries change (the batch
    locks those brackets, so no result is decided there while the walkovers are made)."""
    ids = {op.payload.get("entrant_id") for op in ops if op.kind in KINDS}
    ids = {i for i in ids if isinstance(i, int) and not isinstance(i, bool)}
    if not ids:
        return set()
    events = db.session.query(Entrant.event_id).filter(Entrant.id.in_(ids))
    rows = (db.session.query(func.min(MatchRow.id)).join(BracketRow).join(Phase)
            .filter(Phase.event_id.in_(events)).group_by(BracketRow.id))
    return {i for (i,) in rows}
