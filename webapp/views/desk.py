"""Desk (本部) pages: events, entrants, seeds, phases, results and corrections."""
import uuid

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ..auth import desk_required
from ..extensions import db
from ..models import Entrant, Event, MatchRow, Phase
from ..schemas import (EventForm, PasteForm, PhaseForm, load_form)
from ..services import (accounts, brackets, entrants, event_templates, events, operations, play,
                        rulings, run_table, standings, stations)
from ..services.sheets import translate_outcome
from . import render
from .errors import problem_message

bp = Blueprint("desk", __name__, url_prefix="/desk")


@bp.before_request
@desk_required
def _guard():
    """Every desk page needs a desk account."""
    return None


def _event(event_id: int) -> Event:
    event = db.session.get(Event, event_id)
    if event is None:
        abort(404)
    return event


def _setup_page(event: Event, status: int = 200, **extra):
    context = {"event": event, "form": request.form, "rulings": rulings.pending(event),
               "day_dqs": play.day_dqs(event),
               "entrant_list": entrants.seeded_order(event.entrants),
               "routing_changes": event_templates.routing_changes(event) if event.template else [], **extra}
    return render("desk/event.html", **context), status


def run_change(action):
    """Run a change in one transaction: commit and True, or roll back, flash why and False."""
    try:
        action()
        db.session.commit()
        return True
    except Exception as problem:  # noqa: BLE001 - only the known kinds are shown; others re-raise
        db.session.rollback()
        message = problem_message(problem)
        if message is None:
            raise
        flash(message, "error")
        return False


@bp.route("/", methods=["GET", "POST"])
def home():
    """Events, and the form to create one."""
    if request.method == "POST":
        created = {}

        def create():
            form = load_form(EventForm(), request.form)
            created["event"] = events.create_event(user=current_user, **form)
        if run_change(create):
            return redirect(url_for("desk.event", event_id=created["event"].id))
    all_events = db.session.query(Event).order_by(Event.id.desc()).all()
    status = 422 if request.method == "POST" else 200  # the form came back with a problem
    return render("desk/home.html", events=all_events, form=request.form), status


@bp.route("/e/<int:event_id>")
def event(event_id):
    """Set an event up: entrants, seeds, phases, staff PIN."""
    return _setup_page(_event(event_id))


@bp.route("/e/<int:event_id>/entrants", methods=["POST"])
def add_entrants(event_id):
    """Add entrants from a pasted list or an uploaded CSV; all or nothing."""
    event = _event(event_id)

    def add():
        upload = request.files.get("csv")
        if upload and upload.filename:
            text = entrants.decode_csv(upload.read())
        else:
            text = load_form(PasteForm(), request.form)["entrants"]
        entrants.add_entrants(event, entrants.parse_rows(text, event.team_size))
        if event.template and all(p.status == "draft" for p in event.phases):
            db.session.flush()
            event_templates.replan(event)  # groups and later phases follow the new count
    if run_change(add):
        flash(_("Entrants added."), "ok")
        return redirect(url_for("desk.event", event_id=event_id))
    return _setup_page(event, 422)


@bp.route("/e/<int:event_id>/seeds", methods=["POST"])
def set_seeds(event_id):
    """Save the seed column."""
    event = _event(event_id)

    def save():
        seeds = {}
        for entrant in event.entrants:
            raw = request.form.get(f"seed-{entrant.id}", "").strip()
            seeds[entrant.id] = entrants.parse_seed(raw, entrant.name)
        entrants.set_seeds(event, seeds)
    if run_change(save):
        flash(_("Seeds saved."), "ok")
        return redirect(url_for("desk.event", event_id=event_id))
    return _setup_page(event, 422)


@bp.route("/e/<int:event_id>/phases", methods=["POST"])
def add_phase(event_id):
    """Add a phase (format, match type, groups)."""
    event = _event(event_id)

    def add():
        form = load_form(PhaseForm(), request.form)
        grand_final, third_place = form.pop("grand_final"), form.pop("third_place")
        options = {}
        if form["format"] == "double_elimination":
            options["grand_final"] = grand_final
        if form["format"] == "single_elimination" and third_place:
            options["third_place"] = True
        events.add_phase(event, **form, **options)
    if run_change(add):
        return redirect(url_for("desk.event", event_id=event_id))
    return _setup_page(event, 422)


@bp.route("/e/<int:event_id>/pin", methods=["POST"])
def staff_pin(event_id):
    """Set the staff PIN (generated unless the desk types one); it is shown this once only."""
    event = _event(event_id)
    chosen = {}
    if run_change(lambda: chosen.update(pin=accounts.set_staff_pin(event, request.form.get("pin", "")))):
        page, status = _setup_page(event, new_pin=chosen["pin"])
        return page, status, {"Cache-Control": "no-store"}
    return _setup_page(event, 422)


@bp.route("/phase/<int:phase_id>/start", methods=["POST"])
def start_phase(phase_id):
    """Generate the brackets of a phase from the event's entrants."""
    phase = db.session.get(Phase, phase_id) or abort(404)
    if phase.event.template:
        return redirect(url_for("desk_plan.preview", phase_id=phase_id))
    if run_change(lambda: brackets.start_phase(phase, phase.event.entrants, current_user)):
        flash(_("Phase started."), "ok")
        return redirect(url_for("desk.phase", phase_id=phase_id))
    return _setup_page(phase.event, 422)


@bp.route("/phase/<int:phase_id>")
def phase(phase_id):
    """Run a phase: ready matches with winner buttons, decided ones with corrections."""
    phase = db.session.get(Phase, phase_id) or abort(404)
    names = standings.names(phase.event_id)
    chosen = run_table.RunFilter.from_args(request.args)
    rulings_needed = frozenset(r["match"].id for r in rulings.pending(phase.event))
    return render("desk/phase.html", "_partials/desk_matches.html", phase=phase, event=phase.event,
                  rows=run_table.rows(phase, chosen, names, rulings_needed), filters=chosen,
                  rounds=run_table.rounds(phase), stations=stations.event_stations(phase.event), entrants=names,
                  limit=stations.calling(phase)["no_show_minutes"], rulings_needed=rulings_needed)


def _submit(match: MatchRow, kind: str, back: str | None = None):
    """The no-script path of a desk entry: the same operation the outbox would send."""
    fields = {k: v for k, v in request.form.items() if k not in ("csrf_token", "base_version")}
    base = request.form.get("base_version", "")
    op = {"op_id": str(uuid.uuid4()), "device_id": f"desk-form-{current_user.id}", "kind": kind, "match_id": match.id,
          "base_version": int(base) if base.isdigit() else None, "payload": fields}
    outcome = operations.submit(op, current_user)
    if outcome.outcome in ("applied", "confirmed", "duplicate"):
        flash(translate_outcome(outcome, match) or _("Result recorded."), "ok")
    else:
        flash(translate_outcome(outcome, match), "error")
    asked = request.args.get("next", "")
    if not back and asked.startswith("/desk/") and "//" not in asked:  # only back to a desk page of this site
        back = asked
    return redirect(back or url_for("desk.phase", phase_id=match.bracket.phase_id) + f"#match-{match.id}")


@bp.route("/match/<int:match_id>/winner", methods=["POST"])
def record_winner(match_id):
    """Record a match's winner (detailed games are entered on the staff pages)."""
    return _submit(db.session.get(MatchRow, match_id) or abort(404), "record_winner")


@bp.route("/match/<int:match_id>/correct", methods=["POST"])
def correct(match_id):
    """Change a decided match's winner; played matches downstream need an explicit cascade."""
    return _submit(db.session.get(MatchRow, match_id) or abort(404), "correct_result")


@bp.route("/match/<int:match_id>/ruling", methods=["POST"])
def ruling(match_id):
    """The desk's ruling on a void: replay from it, or keep the later results with a reason."""
    match = db.session.get(MatchRow, match_id) or abort(404)
    back = url_for("desk.event", event_id=match.bracket.phase.event_id)
    return _submit(match, "ruling", back=back + "#desk-rulings")


@bp.route("/match/<int:match_id>/station", methods=["POST"])
def set_station(match_id):
    """Assign a match to a station (shown to staff and players)."""
    return _submit(db.session.get(MatchRow, match_id) or abort(404), "set_station")


@bp.route("/entrant/<int:entrant_id>/dq", methods=["POST"])
def disqualify(entrant_id):
    """Disqualify an entrant for the rest of the event (their matches become walkovers)."""
    entrant = db.session.get(Entrant, entrant_id) or abort(404)
    if run_change(lambda: brackets.disqualify(entrant, current_user, request.form.get("reason", ""))):
        flash(_("%(name)s is disqualified; their matches are walkovers.", name=entrant.name), "ok")
    return redirect(url_for("desk.event", event_id=entrant.event_id) + "#entrants")
