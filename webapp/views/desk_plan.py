"""Desk pages for template events: create from a template, routing preview, draws, timetable."""
from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ..auth import desk_required
from ..extensions import db
from ..models import Event, Phase
from ..schemas import TemplateEventForm, load_form
from ..services import entrants, event_templates, schedules
from . import render
from .desk import run_change

bp = Blueprint("desk_plan", __name__, url_prefix="/desk")


@bp.before_request
@desk_required
def _guard():
    """Every desk page needs a desk account."""
    return None


@bp.route("/templates", methods=["GET", "POST"])
def new_from_template():
    """One form creates a whole event (phases, routing, timetable) from a template."""
    created = {}

    def create():
        form = load_form(TemplateEventForm(), request.form)
        upload = request.files.get("csv")
        text = entrants.decode_csv(upload.read()) if upload and upload.filename else form["entrants"]
        team_size = 5 if form["template"] == "tekken7_hiza_5on5" else 1
        rows = entrants.parse_rows(text, team_size)
        created["event"] = event_templates.create_from_template(
            form["template"], form["name"], rows, current_user, day=form.get("day"))
    if request.method == "POST" and run_change(create):
        flash(_("Event created from the template."), "ok")
        return redirect(url_for("desk.event", event_id=created["event"].id))
    status = 422 if request.method == "POST" else 200
    return render("desk/template_new.html", form=request.form), status


def _phase(phase_id: int) -> Phase:
    phase = db.session.get(Phase, phase_id)
    if phase is None:
        abort(404)
    return phase


@bp.route("/phase/<int:phase_id>/preview", methods=["GET", "POST"])
def preview(phase_id):
    """Who will enter this phase and from where; the desk may change the list before it starts."""
    phase = _phase(phase_id)
    if request.method == "POST":
        names = [line.strip() for line in request.form.get("entrants", "").splitlines() if line.strip()]

        def change():
            event_templates.set_override_by_names(phase, names, current_user)
        if run_change(change):
            flash(_("The list of entrants was changed (logged)."), "ok")
            return redirect(url_for("desk_plan.preview", phase_id=phase_id))
    routed = event_templates.entrants_for(phase) if phase.seeding != "entry" else []
    names = {e.id: e for e in phase.event.entrants}
    routed_text = "\n".join(names[r.entrant_id].name for r in routed)
    pairing = event_templates.proposed_pairing(phase) if phase.format == "kgp_finals" and routed else []
    return render("desk/phase_preview.html", phase=phase, event=phase.event, routed=routed, names=names,
                  routed_text=routed_text, pairing=pairing,
                  losers_side=[r.entrant_id for r in routed if r.tier == 1], form=request.form)


@bp.route("/phase/<int:phase_id>/start-planned", methods=["POST"])
def start(phase_id):
    """Start a template phase (with a draw seed when it is drawn)."""
    phase = _phase(phase_id)
    seed = request.form.get("draw_seed", "").strip()
    draw_groups = request.form.get("draw_groups") == "on"
    pairing = [(int(w), int(request.form[f"opponent-{w}"])) for w in request.form.getlist("winners_side")
               if request.form.get(f"opponent-{w}", "").isdigit() and w.isdigit()]

    def go():
        event_templates.start(phase, current_user, draw_seed=seed or ("" if draw_groups else None),
                              draw_groups=draw_groups, pairing=pairing or None)
    if run_change(go):
        flash(_("Phase started."), "ok")
        return redirect(url_for("desk.phase", phase_id=phase_id))
    return redirect(url_for("desk_plan.preview", phase_id=phase_id))


@bp.route("/e/<int:event_id>/schedule", methods=["GET", "POST"])
def schedule(event_id):
    """Edit the day's timetable (start and end of each line)."""
    event = db.session.get(Event, event_id) or abort(404)
    if request.method == "POST" and run_change(lambda: schedules.update_times(event, request.form, current_user)):
        flash(_("Timetable saved."), "ok")
        return redirect(url_for("desk_plan.schedule", event_id=event_id))
    return render("desk/schedule.html", event=event, slots=schedules.slots(event), form=request.form)
