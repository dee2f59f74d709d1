"""Applying a batch of raw operations: validate each, submit all, never lose one, never 500."""
from webapp.operations.log import Outcome, undone_entries
from webapp.operations.submit import submit_many
from webapp.services.entries.entry import Entry
from webapp.tournament.errors import N_
from webapp.web.i18n import translate_violation

from .schemas import ValidationError, load_operation


def present(outcome: Outcome) -> dict:
    """The outcome as the phone reads it, its message in the reader's language."""
    data = outcome.to_dict()
    data["message"] = translate_violation(outcome) if outcome.message else None
    if outcome.undone:   # a later void undid this entry: the reason in the reader's language
        data["undone"] = {**outcome.undone, "message": translate_violation(_Said(outcome.undone))}
    return data


class _Said:
    """A stored {code, message, params} read like a violation for translation."""

    def __init__(self, said: dict):
        self.message, self.params = said.get("message") or "", said.get("params") or {}


def undone_for(device_id: str, user_id: int) -> list[dict]:
    """This person's entries from the device that a later void undid (each with the reason), for its next sync.
    Read inside a sync batch's transaction too (log.undone_entries flushes what it undid)."""
    return [present(outcome) for outcome in undone_entries(device_id, user_id)]


def apply_batch(raws: list, device_id: str, user, also=None) -> list[dict]:
    """One outcome per raw operation, in order; malformed ones are logged as rejected.
    `also`: a write made in the batch's transaction (the phone's sync noted)."""
    ops, answers = [], []
    for raw in raws:
        op, answer = _load(raw, device_id)
        answers.append(answer)
        if op is not None:
            ops.append(op)
    outcomes = iter(submit_many(ops, user, also=also))
    return [present(answer or next(outcomes)) for answer in answers]


def _load(raw, device_id: str) -> tuple[Entry | None, Outcome | None]:
    """(the entry to submit, None), or (None, an outcome given without touching the log)."""
    raw = raw if isinstance(raw, dict) else {"value": raw}
    try:
        return Entry.from_wire(load_operation(raw)), None
    except ValidationError as problem:
        fields = ", ".join(sorted(map(str, problem.normalized_messages())))
    op_id = raw.get("op_id") if isinstance(raw.get("op_id"), str) else ""
    if not 8 <= len(op_id) <= 64 or not op_id.isprintable():
        return None, Outcome(op_id[:64], "rejected", "op.malformed",
                                        N_("This entry is malformed (%(fields)s) and has no usable id."),
                                        {"fields": fields})
    kind = raw.get("kind") if isinstance(raw.get("kind"), str) and raw["kind"].isprintable() else ""
    failure = ("op.malformed", N_("This entry is malformed: check %(fields)s."), {"fields": fields})
    # ascii(): escapes NUL and the like
    return Entry(op_id=op_id, kind=kind[:40] or "?", device_id=device_id, payload={"raw": ascii(raw)[:2000]},
                 failure=failure), None
