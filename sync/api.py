"""The /sync blueprint: phones send operations in batches and ask for lost replies."""
from flask import Blueprint, current_app, jsonify, render_template, request
from flask_login import current_user
from flask_wtf.csrf import validate_csrf
from wtforms.validators import ValidationError as WTFValidationError
from sqlalchemy.exc import OperationalError

from webapp.extensions import csrf, db
from webapp.models import Event, Operation
from webapp.services import offline_pack, operations
from webapp.views.match_titles import match_title

from . import apply as sync_apply
from .openapi import openapi_document
from .schemas import BadBody, BatchSchema, OutcomesQuerySchema, ValidationError, read_json

bp = Blueprint("sync", __name__, url_prefix="/sync")
# The page the service worker shows, offline, for a match this phone never opened.
shell_bp = Blueprint("offline_shell", __name__)
csrf.exempt(bp)  # checked in push() after the sign-in check


def _unauthorized():
    # A JSON 401, never a redirect to a sign-in page: the phone keeps its entries.
    return jsonify({"error": "auth", "message": "sign in to send"}), 401


@bp.route("/ops", methods=["POST"])
def push():
    """Apply a batch of operations; one outcome per operation, in order."""
    if not current_user.is_authenticated:
        return _unauthorized()
    try:
        # Checked here, after the sign-in: an expired session must read as 401, not as a bad token.
        if current_app.config.get("WTF_CSRF_ENABLED", True):
            validate_csrf(request.headers.get("X-CSRFToken", ""))
    except WTFValidationError:
        return jsonify({"error": "csrf", "message": "reload the page"}), 400
    try:
        batch = BatchSchema().load(read_json(request.get_data()))
    except BadBody as problem:
        return jsonify({"error": "json", "message": f"the body is not usable JSON: {problem}"}), 400
    except ValidationError as problem:
        return jsonify({"errors": problem.normalized_messages()}), 422
    user = current_user._get_current_object()  # the proxy costs a lookup per attribute read, per entry
    user_id = user.id
    # The batch's write transaction begins with a commit that expires every row read before
    # its lock (they must be read again under it); the signed-in person's row, read by the
    # sign-in check, need not be: kept apart from the session, it is not read a second time.
    if user in db.session:
        db.session.expunge(user)
    try:
        results = sync_apply.apply_batch(batch["ops"], batch["device_id"], user)
    except OperationalError:
        # The database is busy or gone: nothing was committed, the phone retries.
        db.session.rollback()
        return jsonify({"error": "busy", "message": "try again"}), 503
    # "undone": entries of this device that a void undid since (told on every sync; rare and small).
    return jsonify({"results": results, "undone": sync_apply.undone_for(batch["device_id"], user_id)})


@bp.route("/outcomes")
def outcomes():
    """Outcomes of this person's operations from one device (for replies lost on the way back)."""
    if not current_user.is_authenticated:
        return _unauthorized()
    try:
        query = OutcomesQuerySchema().load(request.args)
    except ValidationError as problem:
        return jsonify({"errors": problem.normalized_messages()}), 422
    device_id, since = query["device_id"], query["since_seq"]
    rows = (db.session.query(Operation).filter(Operation.user_id == current_user.id, Operation.device_id == device_id,
                                             Operation.seq >= since)
            .order_by(Operation.seq).limit(1000).all())
    return jsonify({"results": [sync_apply.present(operations.stored_outcome(r)) for r in rows]})


@bp.route("/pack")
def packs():
    """The offline packs of the events this person may enter results for (kept on the phone)."""
    if not current_user.is_authenticated:
        return _unauthorized()
    return jsonify({"events": [offline_pack.pack(e, match_title) for e in offline_pack.visible_events(current_user)]})


@bp.route("/pack/<int:event_id>")
def event_pack(event_id):
    """One event's offline pack, for its staff and the desk."""
    if not current_user.is_authenticated:
        return _unauthorized()
    event = db.session.get(Event, event_id)
    if event is None:
        return jsonify({"error": "not_found", "message": "no such event"}), 404
    if not offline_pack.may_keep(current_user, event):
        return jsonify({"error": "forbidden", "message": "staff of another event"}), 403
    return jsonify(offline_pack.pack(event, match_title))


@bp.route("/openapi.json")
def openapi():
    """The OpenAPI 3 description of the sync API."""
    return jsonify(openapi_document())


@shell_bp.route("/offline/match")
def offline_match_shell():
    """A match page without data: offline_pack.js fills it from the phone's offline pack."""
    return render_template("offline_match.html")
