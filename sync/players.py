"""POST /e/<slug>/me/sync: a player's own report from their phone's outbox, through the one push.

The same body as a staff phone's /sync/ops (BatchSchema: the device and its entries), read into
`Entry`s and answered one outcome each by the same `apply_batch`; the author is the player of the
personal link in the cookie (web/player.player_required), a `Reporter`, whose entries the pipeline
holds in their report until the opponent, the desk or the clock confirms it
(services/players/report_entries.py). A body over the batch limit is refused in words (422), never
cut short; the outbox then sends its entries one by one.
"""
from flask import Blueprint, g, jsonify
from flask_babel import gettext as _
from sqlalchemy.exc import OperationalError

from webapp.extensions import csrf, db
from webapp.services.players.report_entries import Reporter
from webapp.web.player import player_required

from .push import apply_batch, read_body
from .schemas import BatchSchema

bp = Blueprint("player_sync", __name__)
csrf.exempt(bp)  # checked in read_body, after the player's link


@bp.route("/e/<slug>/me/sync", methods=["POST"])
@player_required
def push(slug):
    """My report's entries, made online or offline, in order: one answer each."""
    if g.player is None:  # the sign-up still waits for a place: nothing of theirs to report yet
        return jsonify({"error": "auth", "message": _("You can report only your own match.")}), 403
    batch, refusal = read_body(BatchSchema())
    if refusal:
        return refusal
    try:
        results = apply_batch(batch["ops"], batch["device_id"], Reporter(g.player.id, g.player_event.id))
    except OperationalError:
        db.session.rollback()  # busy or gone: nothing was committed, the phone sends them again
        return jsonify({"error": "busy", "message": "try again"}), 503
    return jsonify({"results": results})
