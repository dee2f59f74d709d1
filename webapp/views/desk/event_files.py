"""Desk: an event's setup file to download, an event created from an uploaded file, an event copied."""
from flask import Response, abort, flash, redirect, request, session, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import Event
from ...services import ServiceError
from ...services.entrants import entrant_import
from ...services.entrants import entrant_lists as entrants
from ...services.setup import event_files, event_model
from ...tournament.errors import N_, RuleViolation
from .. import render
from ..errors import problem_message
from .blueprints import desk_blueprint, event_or_404

bp = desk_blueprint("desk_event_files", __name__)


@bp.route("/e/<int:event_id>/setup.toml")
def download(event_id):
    """The event's setup as an event file (no entrant, result, PIN or secret in it)."""
    event = event_or_404(event_id)
    return _file(event_files.to_toml(event_files.dump(event), _), f"taikai-{event.slug}.toml")


@bp.route("/presets/<key>.toml")
def preset_file(key):
    """A shipped preset as an event file, to edit and upload."""
    if key not in {p.key for p in event_files.presets()}:
        abort(404)
    return _file(event_files.to_toml(event_files.preset_spec(key), _), f"taikai-preset-{key}.toml")


def _file(text: str, filename: str) -> Response:
    response = Response(text, mimetype="application/toml")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _spec_text() -> str:
    """The uploaded event file's text: UTF-8, read no further than the largest event file."""
    upload = request.files.get("spec")
    if upload is None or not upload.filename:
        raise ServiceError("eventfile.no_file", N_("Choose an event file (.toml) to upload."))
    data = upload.stream.read(event_files.MAX_BYTES + 1)
    if len(data) > event_files.MAX_BYTES:
        raise ServiceError("eventfile.too_big", N_("The file is larger than %(kb)s KB: it cannot be an event file."),
                           kb=event_files.MAX_BYTES // 1024)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ServiceError("eventfile.encoding", N_("The event file must be UTF-8 text.")) from None


def _sheet_rows(team_size: int) -> list[dict]:
    """The optional sheet of entrants (UTF-8 or Shift_JIS), read as the template form reads it."""
    upload = request.files.get("entrants")
    text = entrants.decode_csv(upload.read()) if upload is not None and upload.filename else ""
    return entrant_import.sheet_rows(text, team_size) if text.strip() else []


@bp.route("/events/from-file", methods=["GET", "POST"])
def from_file():
    """Create an event from an uploaded event file (and an optional sheet of entrants); a refused
    file is named with its line and setting next to the form, which keeps what was chosen."""
    if request.method == "GET":
        return render("desk/event_from_file.html", refusal=None, presets=event_files.presets())
    try:
        text = _spec_text()
        spec = event_files.check(event_files.parse(text), text)
        event = event_files.create_event(spec, current_user, _sheet_rows(spec["team_size"]))
        db.session.commit()
    except (ServiceError, RuleViolation) as problem:
        db.session.rollback()
        return render("desk/event_from_file.html", refusal=problem_message(problem), presets=event_files.presets()), 422
    flash(_("Event created from the file."), "ok")
    return redirect(url_for("desk.event", event_id=event.id))


@bp.route("/e/<int:event_id>/copy", methods=["GET", "POST"])
def copy(event_id):
    """Copy the event: settings, phases, stations and rules under a new name and day, a new staff
    PIN (shown once), its entrants only when ticked; nothing of the day (results, log, sign-ins)."""
    event = event_or_404(event_id)
    form = request.form
    if request.method == "GET":
        return render("desk/event_copy.html", event=event, event_plan=event_model.of(event), form={"name": event.name},
                      refusal=None)
    try:
        made, pin = event_files.copy_event(event, form.get("name", "").strip(), form.get("day", "").strip() or None,
                                           form.get("entrants") == "on", current_user)
        db.session.commit()
    except (ServiceError, RuleViolation) as problem:
        db.session.rollback()
        return render("desk/event_copy.html", event=event, event_plan=event_model.of(event), form=form,
                      refusal=problem_message(problem)), 422
    return _copied(made, pin, _("Event copied: %(name)s.", name=made.name))


@bp.route("/e/<int:event_id>/next-week", methods=["POST"])
def next_week(event_id):
    """One tap: next week's event with everything set as this one, the number one up, a week later."""
    event = event_or_404(event_id)
    try:
        made, pin = event_files.next_week(event, current_user)
        db.session.commit()
    except (ServiceError, RuleViolation) as problem:
        db.session.rollback()
        flash(problem_message(problem), "error")
        return redirect(url_for("desk.event", event_id=event.id) + "#event-file")
    return _copied(made, pin, _("Next week's event is ready: %(name)s.", name=made.name))


def _copied(made: Event, pin: str, said: str):
    """Redirect to the new event's page (a reload makes no second copy); its page shows the new staff
    PIN once, in the dialog the PIN button shows (desk.event takes it from the session)."""
    flash(said, "ok")
    session["new_pin"] = {"event": made.id, "pin": pin}
    return redirect(url_for("desk.event", event_id=made.id))
