"""Mirror pages and API: the public desk issues tokens; the venue desk links and watches the push."""
from flask import Blueprint, abort, current_app, flash, jsonify, redirect, request, url_for
from flask_babel import gettext as _

from sync.schemas import BadBody, read_json

from ..extensions import csrf, db
from ..models import Event
from ..services.entries import access
from ..views import render
from ..views.changes import run_change
from ..web.auth import desk_required
from . import pusher, receiver
from .models import MirrorLink, MirrorTarget

api = Blueprint("mirror_api", __name__, url_prefix="/mirror/api")
csrf.exempt(api)  # no cookies here: a bearer token scoped to one mirrored event
desk = Blueprint("mirror", __name__, url_prefix="/desk")


def _link():
    header = request.headers.get("Authorization", "")
    token = header[7:] if header.startswith("Bearer ") else ""
    return receiver.link_for(token)


@api.errorhandler(receiver.Refused)
def _refused(problem: receiver.Refused):
    db.session.rollback()
    return jsonify({"error": problem.code, **problem.extra}), problem.status


@api.route("/status")
def api_status():
    """How far this site has the event (the venue resumes from `seq`)."""
    return jsonify(receiver.status(_link()))


@api.route("/push", methods=["POST"])
def api_push():
    """Take a batch of the venue's operations (and its state); idempotent."""
    link = _link()
    try:
        batch = read_json(request.get_data())
    except BadBody:
        return jsonify({"error": "json"}), 400  # not JSON, or nested absurdly deep
    if not isinstance(batch, dict) or not isinstance(batch.get("ops", []), list) or "event_id" not in batch:
        return jsonify({"error": "malformed"}), 422
    try:
        return jsonify(receiver.receive(link, batch))
    except (KeyError, TypeError, ValueError, AttributeError):
        db.session.rollback()  # nothing of a malformed batch is kept
        return jsonify({"error": "malformed"}), 422


@desk.before_request
@desk_required
def _desk_only():
    """Every mirror page needs a desk account."""
    return None


@desk.route("/mirrors", methods=["GET", "POST"])
def links():
    """Public site: mirror tokens for events run at a venue."""
    issued = {}
    if request.method == "POST":
        def make():
            issued["link"], issued["token"] = receiver.issue(request.form.get("slug", ""),
                                                             request.form.get("name", ""))
        run_change(make)
    rows = db.session.query(MirrorLink).order_by(MirrorLink.id.desc()).all()
    return render("desk/mirrors.html", links=rows, issued=issued, form=request.form)


@desk.route("/mirrors/<int:link_id>/<any(revoke, promote):action>", methods=["POST"])
def close_link(link_id: int, action: str):
    """Revoke a token, or make this site the event's writer (the venue laptop is gone)."""
    if run_change(lambda: receiver.set_status(link_id, "revoked" if action == "revoke" else "promoted")):
        access.forget_read_only_events()
        flash(_("The token is revoked: the venue can no longer push.") if action == "revoke" else
              _("This site now runs the event; the venue's copy becomes read-only."), "success")
    return redirect(url_for("mirror.links"))


def _event(event_id: int) -> Event:
    event = db.session.get(Event, event_id)
    if event is None:
        abort(404)
    return event


@desk.route("/e/<int:event_id>/mirror", methods=["GET", "POST"])
def target(event_id: int):
    """Venue: link the event to a public site, and see how the push is doing."""
    event = _event(event_id)
    if request.method == "POST" and run_change(
            lambda: pusher.link_event(event.id, request.form.get("url", ""), request.form.get("token", ""))):
        return redirect(url_for("mirror.target", event_id=event.id))
    return render("desk/mirror.html", "_partials/mirror_status.html", event=event, form=request.form,
                  **status_context(event.id))


@desk.route("/e/<int:event_id>/mirror/push", methods=["POST"])
def push_now(event_id: int):
    """Push at once (the background pusher does it anyway when the internet is there)."""
    row = db.session.query(MirrorTarget).filter_by(event_id=_event(event_id).id).first()
    if row is not None:
        pusher.push(row)
    return redirect(url_for("mirror.target", event_id=event_id))


def status_context(event_id: int) -> dict:
    """The target, operations waiting, and the catch-up progress for the status partial."""
    row = db.session.query(MirrorTarget).filter_by(event_id=event_id).first()
    waiting = (pusher.unpublished(row) if row.status == "promoted" else pusher.waiting(row)) if row else 0
    total = max(row.catchup_total if row else 0, waiting)
    return {"target": row, "waiting": waiting, "done": total - waiting, "total": total,
            "poll": current_app.config.get("POLL_SECONDS", 4)}
