"""Desk: archive an event, or delete it (its operation log offered first, its name typed to confirm)."""
from flask import Response, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import Event
from ...operations import export as oplog_export
from ...services.setup import events, game_catalogue
from .. import render
from ..changes import run_change
from ..game_words import game_name
from .blueprints import desk_blueprint, event_or_404

bp = desk_blueprint("desk_events", __name__)


@bp.route("/e/<int:event_id>/archive", methods=["POST"])
def archive(event_id):
    """Archive (or bring back) an event: it leaves the lists, nothing in it changes."""
    event = event_or_404(event_id)
    archived = request.form.get("archived", "on") == "on"
    if run_change(lambda: events.set_archived(event, archived, current_user)):
        flash(_("%(name)s is archived.", name=event.name) if archived else
              _("%(name)s is back in the list of events.", name=event.name), "ok")
    return redirect(url_for("desk.home") if archived else url_for("desk.event", event_id=event_id))


@bp.route("/e/<int:event_id>/game", methods=["POST"])
def set_game(event_id):
    """Change the event's game: the roster, stages and usual rules its pages offer follow."""
    event = event_or_404(event_id)
    if run_change(lambda: game_catalogue.set_event_game(event, request.form.get("game", ""), current_user)):
        flash(_("The game is now %(game)s.", game=game_name(event)), "ok")
    return redirect(url_for("desk.event", event_id=event_id) + "#game")


@bp.route("/e/<int:event_id>/delete", methods=["GET", "POST"])
def delete(event_id):
    """Delete an event: first its log to download, then its name typed to confirm."""
    event = event_or_404(event_id)
    if request.method == "POST":
        name = event.name
        if run_change(lambda: events.delete_event(event, request.form.get("confirm_name", ""), current_user)):
            flash(_("%(name)s was deleted.", name=name), "ok")
            return redirect(url_for("desk.home"))
    status = 422 if request.method == "POST" else 200
    return render("desk/event_delete.html", event=db.session.get(Event, event_id) or abort(404)), status


@bp.route("/e/<int:event_id>/oplog.jsonl")
def oplog(event_id):
    """The event's operation log (JSON lines, the format `flask oplog replay` reads)."""
    event = event_or_404(event_id)
    response = Response(oplog_export.as_text(event.id), mimetype="application/x-ndjson")
    response.headers["Content-Disposition"] = f'attachment; filename="taikai-{event.slug}-oplog.jsonl"'
    response.headers["Cache-Control"] = "no-store"
    return response
