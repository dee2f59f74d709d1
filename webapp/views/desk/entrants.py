"""Desk pages for entrants: import a sheet with a preview (and undo it), add, edit, remove,
re-add, withdraw."""
from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import Entrant, Event
from ...operations.desk import submit_change
from ...services import ServiceError
from ...services.day import day_clock
from ...services.decisions import corrections
from ...services.entrants import entrant_edits, entrant_import, seed_copy
from ...services.entrants import entrant_lists as entrants
from ...services.players import signups
from ...services.reads import standings
from ...tournament.errors import N_
from .. import render
from ..changes import run_change
from ..errors import problem_message
from .blueprints import desk_blueprint, event_or_404
from .event_page import setup_page

bp = desk_blueprint("desk_entrants", __name__)


def _entrant(entrant_id: int) -> Entrant:
    return db.session.get(Entrant, entrant_id) or abort(404)


def _back(event_id: int):
    return redirect(url_for("desk.event", event_id=event_id) + "#entrants")


def sheet_text() -> tuple[str, str]:
    """The sheet as text (an uploaded file in UTF-8, UTF-8 with BOM or Shift_JIS, or pasted), its name."""
    upload = request.files.get("csv")
    if upload and upload.filename:
        return entrants.decode_csv(upload.read()), upload.filename
    text = request.form.get("entrants") or request.form.get("text", "")  # typed, or the preview's own copy
    if not text.strip():
        raise ServiceError("entrants.empty", N_("No entrants found: write one name per line."))
    return text, request.form.get("source", "")[:120]


def choices() -> dict[int, str]:
    """The desk's meaning for each column, by index ("column-3": "reading")."""
    return {int(k[7:]): v for k, v in request.form.items() if k.startswith("column-") and k[7:].isdigit()}


@bp.route("/e/<int:event_id>/import", methods=["POST"])
def import_preview(event_id):
    """How each column will be read, a sample of the rows and what needs a choice; nothing saved yet."""
    event = event_or_404(event_id)
    try:
        text, source = sheet_text()
        result = entrant_import.plan(event, text, choices())
    except ServiceError as problem:
        flash(problem_message(problem), "error")
        return setup_page(event, 422)
    return _preview_page(event, result, text, source)


def preview_context(result, text: str, source: str) -> dict:
    """What the import preview page needs besides where it posts."""
    return {"plan": result, "text": text, "source": source, "kinds": entrant_import.KINDS,
            "kind_labels": entrant_import.KIND_LABELS, "max_rows": entrant_import.MAX_IMPORT_ROWS}


def _preview_page(event: Event, result, text: str, source: str):
    back = url_for("desk.event", event_id=event.id) + "#entrants"
    return render("desk/import_preview.html", event_name=event.name, back_url=back, hidden={},
                  confirm_url=url_for("desk_entrants.import_confirm", event_id=event.id),
                  reread_url=url_for("desk_entrants.import_preview", event_id=event.id),
                  **preview_context(result, text, source))


@bp.route("/e/<int:event_id>/import/confirm", methods=["POST"])
def import_confirm(event_id):
    """Import every row of the previewed sheet, or none (one change, undoable while nothing started)."""
    event = event_or_404(event_id)
    text, source = request.form.get("text", ""), request.form.get("source", "")
    added = []

    def run():
        result = entrant_import.plan(event, text, choices())
        added.extend(entrant_import.apply(event, result, current_user, request.form.get("skip_duplicates") == "on",
                                          source))
    if run_change(run):
        flash(_("%(count)s entrants added.", count=len(added)), "ok")
        return _back(event_id)
    db.session.expire_all()
    try:
        result = entrant_import.plan(event, text, choices())
    except ServiceError:
        return setup_page(event, 422)
    return _preview_page(event, result, text, source), 422


@bp.route("/e/<int:event_id>/import/undo", methods=["POST"])
def import_undo(event_id):
    """Take back a whole import while nothing is played (started phases go back to not started)."""
    event = event_or_404(event_id)
    gone, started = {}, [p.name for p in event.phases if p.status != "draft"]
    if run_change(lambda: gone.update(n=entrant_import.undo(event, request.form.get("batch", ""), current_user))):
        flash(_("The import was undone: %(count)s entrants removed.", count=gone["n"]), "ok")
        if started:
            flash(_("%(phases)s went back to not started: start it again when the entrants are right.",
                    phases="、".join(started)), "ok")
    return _back(event_id)


def _row_from_form(event: Event) -> dict:
    """The entrant form: name, reading, seed, and (name, reading, character) per member."""
    seed = entrants.parse_seed(request.form.get("seed", ""), request.form.get("name", ""))
    size = max(event.team_size, 1)
    members = [(request.form.get(f"member-{i}", ""), request.form.get(f"member_reading-{i}", ""),
                request.form.get(f"character-{i}", "")) for i in range(1, size + 1)]
    return {"name": request.form.get("name", ""), "reading": request.form.get("reading", ""), "seed": seed,
            "members": members, "age_group": request.form.get("age_group", "")}


@bp.route("/e/<int:event_id>/entrant", methods=["POST"])
def add(event_id):
    """Add one entrant (a late entry joins the phases not started yet)."""
    event = event_or_404(event_id)

    if run_change(lambda: entrant_edits.add_one(event, _row_from_form(event), current_user)):
        flash(_("%(name)s is entered.", name=request.form.get("name", "").strip()), "ok")
        return _back(event_id)
    return setup_page(event, 422)


@bp.route("/entrant/<int:entrant_id>/edit", methods=["GET", "POST"])
def edit(entrant_id):
    """Name, reading, seed, members and their characters; remove, or withdraw once started."""
    entrant = _entrant(entrant_id)
    if request.method == "POST" and run_change(lambda: entrant_edits.update(entrant, _row_from_form(entrant.event),
                                                                              current_user)):
        flash(_("%(name)s is saved.", name=entrant.name), "ok")
        return _back(entrant.event_id)
    status = 422 if request.method == "POST" else 200
    return render("desk/entrant_edit.html", entrant=entrant, event=entrant.event, form=request.form,
                  fixed=entrant_edits.in_play(entrant), removable=entrant_edits.removable(entrant),
                  decided=corrections.dq_effect(entrant),
                  entrants=standings.names(entrant.event_id)), status


@bp.route("/entrant/<int:entrant_id>/remove", methods=["POST"])
def remove(entrant_id):
    """Take an entrant out before their phase starts (they can be re-added from the event page)."""
    entrant = _entrant(entrant_id)
    event, name = entrant.event, entrant.name
    moved = []

    def _remove():  # the place goes to the first on the sign-up waitlist
        signups.lock_places(event)  # the event's row first, as every change of places takes it
        entrant_edits.remove(entrant, current_user)
        moved.extend(signups.promote(event, current_user))
    if run_change(_remove):
        flash(_("%(name)s was removed. They can be re-added below.", name=name), "ok")
        for signup in moved:
            flash(_("%(name)s moved up from the waitlist.", name=signup.name), "ok")
    return _back(event.id)


@bp.route("/e/<int:event_id>/readd", methods=["POST"])
def readd(event_id):
    """Enter a removed entrant again as they were."""
    event = event_or_404(event_id)
    audit_id = request.form.get("removal", "")
    added = {}
    if run_change(lambda: added.update(e=entrant_edits.readd(event, int(audit_id) if audit_id.isdigit() else 0,
                                                             current_user))):
        flash(_("%(name)s is entered again.", name=added["e"].name), "ok")
    return _back(event_id)


@bp.route("/entrant/<int:entrant_id>/withdraw", methods=["POST"])
def withdraw(entrant_id):
    """A withdrawal after the start: every match left to them becomes a walkover."""
    entrant = _entrant(entrant_id)
    if run_change(lambda: submit_change("withdraw", entrant, current_user)):
        flash(_("%(name)s withdrew; their remaining matches are walkovers.", name=entrant.name), "ok")
    return _back(entrant.event_id)


@bp.route("/entrant/<int:entrant_id>/undo-withdraw", methods=["POST"])
def undo_withdraw(entrant_id):
    """Back in, while nothing after their walkovers was played."""
    entrant = _entrant(entrant_id)
    if run_change(lambda: submit_change("undo_withdraw", entrant, current_user)):
        flash(_("%(name)s is back in; their walkovers are matches to play again.", name=entrant.name), "ok")
    return _back(entrant.event_id)


@bp.route("/entrant/<int:entrant_id>/guardian", methods=["POST"])
def guardian(entrant_id):
    """保護者同伴: an under-16 here with a guardian may stay later (the curfew warnings read it)."""
    entrant = _entrant(entrant_id)
    chosen = request.form.get("with_guardian") == "1"
    if run_change(lambda: entrant_edits.set_guardian(entrant, chosen, current_user)):
        flash(_("%(name)s: with a guardian, may stay until %(hour)s.", name=entrant.name,
                hour=day_clock.curfews(entrant.event)["u16g"]) if chosen else
              _("%(name)s: without a guardian, out by %(hour)s.", name=entrant.name,
                hour=day_clock.curfews(entrant.event)["u16"]), "ok")
    return _back(entrant.event_id)


@bp.route("/e/<int:event_id>/seeds-from", methods=["GET", "POST"])
def seeds_from(event_id):
    """Seeds from an earlier event's final placements: pick the event, read who gets which seed, confirm."""
    event = event_or_404(event_id)
    source_id = request.values.get("source", type=int)
    source = db.session.get(Event, source_id) if source_id else None
    if request.method == "POST" and source is not None:
        if run_change(lambda: seed_copy.apply(event, source, current_user)):
            flash(_("Seeds copied from %(event)s (logged).", event=source.name), "ok")
            return _back(event_id)
    rows = seed_copy.plan(event, source) if source is not None else []
    return render("desk/seeds_from.html", event=event, sources=seed_copy.sources(event), source=source, rows=rows)
