"""Desk (本部) pages: events, entrants, seeds, phases, results and corrections."""

from flask import abort, flash, redirect, request, session, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import BracketRow, Entrant, Event, MatchRow, Phase
from ...operations.desk import submit_change
from ...operations.submit import submit
from ...services.accounts import users as accounts
from ...services.day import run_table, stations
from ...services.decisions import rulings
from ...services.entrants import entrant_lists as entrants
from ...services.entries.entry import Entry
from ...services.matches import pool_tables, pool_ties, swiss_rounds
from ...services.reads.sheets import translate_outcome
from ...services.setup import events, progressions, setup_checks
from ...web import shared_store
from .. import render
from ..changes import run_change
from ..forms import SWISS_TIEBREAK_ORDERS, TIEBREAK_ORDERS, PasteForm, PhaseForm, load_form
from .blueprints import desk_blueprint
from .event_page import setup_page

bp = desk_blueprint("desk", __name__)


def _event(event_id: int) -> Event:
    event = db.session.get(Event, event_id)
    if event is None:
        abort(404)
    return event


@bp.route("/")
def home():
    """Events. New ones are made with the builder (desk_builder), from an event file or as a copy
    (desk_event_files): one way each, all through services/setup/event_files."""
    all_events = db.session.query(Event).order_by(Event.id.desc()).all()
    return render("desk/home.html", events=[e for e in all_events if not events.is_archived(e)],
                  archived=[e for e in all_events if events.is_archived(e)], counting_alone=shared_store.down())


@bp.route("/e/<int:event_id>")
def event(event_id):
    """Set an event up: entrants, seeds, phases, staff PIN (a copy's new PIN shown once, after its redirect)."""
    event = _event(event_id)
    fresh = session.get("new_pin") or {}
    if fresh.get("event") != event.id:
        return setup_page(event)
    session.pop("new_pin")
    from ...venue.views import qr_svg
    url = staff_sign_in_url(event)
    page, status = setup_page(event, new_pin=fresh["pin"], pin_url=url,
                              pin_qr=qr_svg(url, _("Staff sign-in: %(event)s", event=event.name)))
    return page, status, {"Cache-Control": "no-store"}


@bp.route("/e/<int:event_id>/entrants", methods=["POST"])
def add_entrants(event_id):
    """Add entrants from a pasted list or an uploaded CSV at once, all or nothing (the page's forms
    preview first: desk_entrants.import_preview)."""
    event = _event(event_id)

    def add():
        from ...services.entrants import entrant_import
        upload = request.files.get("csv")
        if upload and upload.filename:
            text = entrants.decode_csv(upload.read())
        else:
            text = load_form(PasteForm(), request.form)["entrants"]
        entrant_import.apply(event, entrant_import.plan(event, text), current_user)
    if run_change(add):
        flash(_("Entrants added."), "ok")
        return redirect(url_for("desk.event", event_id=event_id))
    return setup_page(event, 422)


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
    return setup_page(event, 422)


@bp.route("/e/<int:event_id>/phases", methods=["POST"])
def add_phase(event_id):
    """Add a phase (format, match type, groups)."""
    event = _event(event_id)

    def add():
        form = load_form(PhaseForm(), request.form)
        grand_final, third_place, top_cut = form.pop("grand_final"), form.pop("third_place"), form.pop("top_cut")
        later_from, later_best_of = form.pop("later_from"), form.pop("later_best_of")
        per_wave = form.pop("pools_per_wave")
        options = _pool_options(form)
        if per_wave and form["group_count"] > per_wave:  # the phase's own option: pools called wave by wave
            options["pools_per_wave"] = per_wave
        if later_from:  # the phase's own option (brackets.format_options leaves it out)
            options["best_of_by_round"] = {"from": later_from, "best_of": later_best_of}
        if form["format"] == "double_elimination":
            options["grand_final"] = grand_final
            if top_cut:  # pools played down to their top T, who go on keeping their side
                options["stop_at_top"] = top_cut
        if form["format"] == "single_elimination" and third_place:
            options["third_place"] = True
        setup_checks.check_phase(event, form["match_type"], form["best_of"])
        events.add_phase(event, **form, **options)
    if run_change(add):
        return redirect(url_for("desk.event", event_id=event_id))
    return setup_page(event, 422)


def _pool_options(form: dict) -> dict:
    """The round-robin and Swiss options of the phase form (taken off the form whatever the format)."""
    chosen = {name: form.pop(name) for name in ("double", "tiebreaks", "dq_policy", "tie_resolution",
                                                "swiss_rounds", "swiss_tiebreaks")}
    if form["format"] == "swiss":
        rounds = {"rounds": chosen["swiss_rounds"]} if chosen["swiss_rounds"] else {}
        return {**rounds, "tiebreaks": SWISS_TIEBREAK_ORDERS[chosen["swiss_tiebreaks"]]}
    if form["format"] != "round_robin":
        return {}
    return {"double": chosen["double"], "tiebreaks": TIEBREAK_ORDERS[chosen["tiebreaks"]],
            "dq_policy": chosen["dq_policy"], "tie_resolution": chosen["tie_resolution"]}


def _pool(bracket_id: int) -> BracketRow:
    return db.session.get(BracketRow, bracket_id) or abort(404)


def _break_tie(bracket_id: int, change, done: str):
    """A pool's tie the desk breaks (`change(row, tied, user)`), then back to the phase."""
    row = _pool(bracket_id)
    tied = [int(e) for e in request.form.getlist("entrant") if e.isdigit()]
    if run_change(lambda: change(row, tied, current_user)):
        flash(done, "ok")
    return redirect(url_for("desk.phase", phase_id=row.phase_id))


@bp.route("/pools/<int:bracket_id>/playoff", methods=["POST"])
def pool_playoff(bracket_id):
    """Add a playoff match between two players a pool's tiebreaks left level."""
    return _break_tie(bracket_id, pool_ties.add_playoff, _("Playoff match added: call it like any match."))


@bp.route("/pools/<int:bracket_id>/draw", methods=["POST"])
def pool_draw(bracket_id):
    """Order players a pool's tiebreaks left level by a recorded, verifiable draw."""
    return _break_tie(bracket_id, pool_ties.record_draw, _("The tie was broken by a recorded draw."))


@bp.route("/phase/<int:phase_id>/progression", methods=["POST"])
def set_progression(phase_id):
    """Who enters a phase of a custom event: everyone, the top K of each group or the best N."""
    phase = db.session.get(Phase, phase_id) or abort(404)
    mode = request.form.get("mode", "all")
    source = db.session.get(Phase, int(request.form.get("source", "0") or 0)) if mode != "all" else None
    count = request.form.get("count", "")
    if run_change(lambda: progressions.set_rule(phase, source, mode, int(count) if count.isdigit() else 0,
                                                current_user)):
        flash(_("Who enters %(phase)s was saved.", phase=phase.name), "ok")
    return redirect(url_for("desk.event", event_id=phase.event_id) + "#phases")


def staff_sign_in_url(event: Event) -> str:
    """The address staff open to sign in to an event: the one place to change when sign-in links change."""
    from ...venue.views import _base_url, _phone_hosts

    base, _host = _base_url(_phone_hosts())
    return base + url_for("auth.staff_pin", slug=event.slug)


@bp.route("/e/<int:event_id>/pin", methods=["POST"])
def staff_pin(event_id):
    """Set the staff PIN (generated unless the desk types one): shown once, in a dialog at the top,
    with a printable card (QR code of the sign-in address). A new one can be made at any time."""
    from ...venue.views import qr_svg

    event = _event(event_id)
    chosen = {}
    if run_change(lambda: chosen.update(pin=accounts.set_staff_pin(event, request.form.get("pin", "")))):
        url = staff_sign_in_url(event)
        page, status = setup_page(event, new_pin=chosen["pin"], pin_url=url,
                                   pin_qr=qr_svg(url, _("Staff sign-in: %(event)s", event=event.name)))
        return page, status, {"Cache-Control": "no-store"}
    return setup_page(event, 422)


@bp.route("/phase/<int:phase_id>")
def phase(phase_id):
    """Run a phase: ready matches with winner buttons, decided ones with corrections."""
    phase = db.session.get(Phase, phase_id) or abort(404)
    chosen = run_table.RunFilter.from_args(request.args)
    rulings_needed = frozenset(r["match"].id for r in rulings.pending(phase.event, phase))
    shown = run_table.page(phase, chosen, rulings_needed)
    return render("desk/phase.html", "_partials/desk_matches.html", phase=phase, event=phase.event,
                  rows=shown.rows, run_page=shown, filters=chosen, entrants=run_table.entrants_of(shown.rows),
                  rounds=run_table.rounds(phase), stations=stations.event_stations(phase.event),
                  limit=stations.calling(phase)["no_show_minutes"], rulings_needed=rulings_needed,
                  cross_tables=pool_tables.cross_tables(phase) if phase.status != "draft" else [],
                  swiss=swiss_rounds.tables(phase) if phase.status != "draft" else {})


def _submit(match: MatchRow, kind: str, back: str | None = None):
    """The no-script path of a desk entry: the same operation the outbox would send."""
    entry = Entry.from_form(kind, request.form.to_dict(), f"desk-form-{current_user.id}", match.id)
    outcome = submit(entry, current_user)
    if outcome.outcome in ("applied", "confirmed", "duplicate"):
        if kind == "correct_result":  # what changed first, then what it did downstream
            winner = db.session.get(Entrant, match.winner_id) if match.winner_id else None
            flash(_("Corrected: %(name)s won.", name=winner.name if winner else "—"), "ok")
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
    reason = request.form.get("reason", "")
    if run_change(lambda: submit_change("disqualify", entrant, current_user, reason)):
        flash(_("%(name)s is disqualified; their matches are walkovers.", name=entrant.name), "ok")
    return redirect(url_for("desk.event", event_id=entrant.event_id) + "#entrants")
