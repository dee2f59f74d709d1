"""The /sync blueprint: phones send operations in batches and ask for lost replies."""
from flask import Blueprint, jsonify, render_template, request
from flask_login import current_user
from sqlalchemy.exc import OperationalError

from webapp.extensions import db
from webapp.models import Event
from webapp.operations import phone_sync
from webapp.operations.log import stored_outcome
from webapp.services.entries import access
from webapp.services.reads import offline_pack
from webapp.services.reads.round_names import match_title

from .openapi import openapi_document
from .push import apply_batch, bp, present, read_signed_in, unauthorized, undone_for
from .schemas import BatchSchema, OutcomesQuerySchema, SeenSchema, ValidationError

# The page the service worker shows, offline, for a match this phone never opened.
shell_bp = Blueprint("offline_shell", __name__)
_BATCH = BatchSchema()  # reused: building a schema costs more than loading a batch of ten


@bp.route("/ops", methods=["POST"])
def push():
    """Apply a batch of operations; one outcome per operation, in order."""
    batch, refusal = read_signed_in(_BATCH)
    if refusal:
        return refusal
    if access.entered_by_other(batch["ops"], current_user.id):
        # A shared phone never sends one person's entries under another's session.
        return jsonify({"error": "entered_by_other", "message": "entered by someone else on this phone"}), 409
    user = current_user._get_current_object()  # the proxy costs a lookup per attribute read, per entry
    user_id = user.id
    # The batch's write transaction begins with a commit that expires every row read before
    # its lock (they must be read again under it); the signed-in person's row, read by the
    # sign-in check, need not be: kept apart from the session, it is not read a second time.
    if user in db.session:
        db.session.expunge(user)
    undone: list[list[dict]] = []  # read in the transaction that committed, when it was
    try:
        results = apply_batch(batch["ops"], batch["device_id"], user,
                              also=_in_the_batch(batch, user, user_id, undone))
    except OperationalError:
        # The database is busy or gone: nothing was committed, the phone retries.
        db.session.rollback()
        return jsonify({"error": "busy", "message": "try again"}), 503
    # "undone": entries of this device that a void undid since (told on every sync; rare and small).
    if not undone:  # PostgreSQL's entry-by-entry retry could not make the batch's extra write: read now
        undone.append(undone_for(batch["device_id"], user_id))
    return jsonify({"results": results, "undone": undone[0]})


def _in_the_batch(batch: dict, user, user_id: int, undone: list):
    """What the batch's own transaction also does (one commit per sync, no read after it): the phone's sync
    noted, and the device's undone entries read into `undone` (again if the transaction runs again)."""
    def also():
        undone.clear()
        if batch.get("waiting") is not None:  # what the phone still holds after this batch: the venue page
            phone_sync.note(batch["device_id"], user, batch["waiting"] - len(batch["ops"]))
        undone.append(undone_for(batch["device_id"], user_id))
    return also


@bp.route("/seen", methods=["POST"])
def seen():
    """A phone checking in (after its pack refresh): entries waiting and its storage, for the desk."""
    body, refusal = read_signed_in(SeenSchema())
    if refusal:
        return refusal
    phone_sync.seen(body["device_id"], current_user, body["waiting"], body["persisted"])
    return jsonify({"ok": True})


@bp.route("/outcomes")
def outcomes():
    """Outcomes of this person's operations from one device, and of those the desk took there
    (lost replies, later decisions)."""
    if not current_user.is_authenticated:
        return unauthorized()
    try:
        query = OutcomesQuerySchema().load(request.args)
    except ValidationError as problem:
        return jsonify({"errors": problem.normalized_messages()}), 422
    device_id, since = query["device_id"], query["since_seq"]
    rows = access.outcomes_for(current_user, device_id, since)
    return jsonify({"results": [present(stored_outcome(r)) for r in rows]})


@bp.route("/pack")
def packs():
    """The offline packs of the events this person may enter results for (kept on the phone)."""
    if not current_user.is_authenticated:
        return unauthorized()
    return jsonify({"events": [offline_pack.pack(e, match_title) for e in offline_pack.visible_events(current_user)]})


@bp.route("/pack/<int:event_id>")
def event_pack(event_id):
    """One event's offline pack, for its staff and the desk."""
    if not current_user.is_authenticated:
        return unauthorized()
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
    from webapp.tournament.rulesets import RULESETS  # the event's penalties are shown, the others hidden
    return render_template("offline_match.html", rulesets=sorted(RULESETS.values(), key=lambda r: r.name))


