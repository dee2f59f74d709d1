"""POST /sync/received: the desk takes, on a shared phone, the entries another person made there."""
from flask import jsonify
from flask_login import current_user
from sqlalchemy.exc import OperationalError

from webapp.extensions import db
from webapp.services import ServiceError
from webapp.services.entries import access
from webapp.web.i18n import translate_violation

from .push import apply_batch, bp, read_signed_in
from .schemas import BatchSchema


@bp.route("/received", methods=["POST"])
def received():
    """Entries of one person (entered_by) applied as that person, with the desk noted as receiver."""
    batch, refusal = read_signed_in(BatchSchema())
    if refusal:
        return refusal
    desk = current_user._get_current_object()
    try:
        person = access.person_for_desk(desk, batch["ops"])
    except ServiceError as problem:
        return jsonify({"error": problem.code, "message": translate_violation(problem)}), 403
    try:
        results = apply_batch(batch["ops"], batch["device_id"], person)
    except OperationalError:
        # The database is busy or gone: nothing was committed, the desk takes them again.
        db.session.rollback()
        return jsonify({"error": "busy", "message": "try again"}), 503
    taken = [r["op_id"] for r in results if r.get("outcome") != "duplicate"]
    access.mark_received(taken, person, desk)
    return jsonify({"results": results})
