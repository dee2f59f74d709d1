"""Applying one raw operation from a batch: validate, submit, never lose it, never 500."""
import logging

from webapp.extensions import db
from webapp.i18n import translate_violation
from webapp.services import operations
from webapp.tournament.errors import N_

from .schemas import OperationSchema, ValidationError

log = logging.getLogger(__name__)


def present(outcome: operations.Outcome) -> dict:
    """The outcome as the phone reads it, its message in the reader's language."""
    data = outcome.to_dict()
    data["message"] = translate_violation(outcome) if outcome.message else None
    return data


def apply_one(raw: dict, device_id: str, user) -> dict:
    """Submit one operation; a malformed one or a server fault is kept as rejected, with a reason."""
    try:
        op = OperationSchema().load(raw)
    except ValidationError as problem:
        return present(_malformed(raw, device_id, problem, user))
    try:
        return present(operations.submit(op, user))
    except Exception:  # noqa: BLE001 - any fault is logged and kept for the desk, never a 500
        log.exception("operation %s failed", op["op_id"])
        db.session.rollback()
        return present(operations.record_failure(op, user, "server.error",
                                                 N_("The server could not apply this entry; the desk has it.")))


def _malformed(raw: dict, device_id: str, problem: ValidationError, user) -> operations.Outcome:
    op_id = raw.get("op_id") if isinstance(raw.get("op_id"), str) else ""
    fields = ", ".join(sorted(problem.normalized_messages()))
    if not 8 <= len(op_id) <= 64:
        return operations.Outcome(op_id or "", "rejected", "op.malformed",
                                  N_("This entry is malformed (%(fields)s) and has no usable id."),
                                  {"fields": fields})
    op = {"op_id": op_id, "device_id": device_id, "kind": str(raw.get("kind", ""))[:40],
          "payload": {"raw": str(raw)[:2000]}}
    return operations.record_failure(op, user, "op.malformed",
                                     N_("This entry is malformed: check %(fields)s."), fields=fields)
