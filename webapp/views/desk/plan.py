"""Desk pages to start a phase, any event's: the preview (確認して開始), the draw, the check-in gate, the start."""
from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...database import write_transaction
from ...extensions import db
from ...models import Event, Phase
from ...services import ServiceError
from ...services.day import checkin
from ...services.matches import seeding
from ...services.players import signups
from ...services.setup import event_model, event_templates, kept_draw, phase_start, start_preview
from ...services.setup.rules import rules_for
from ...tournament.errors import N_
from ...tournament.play import MATCH_TYPES
from ...tournament.round_best_of import RULES as ROUND_RULES
from ...tournament.rulesets.summary import score_part, summary
from .. import render
from ..best_of_marks import best_of
from ..changes import run_change
from ..errors import problem_message
from .blueprints import desk_blueprint

bp = desk_blueprint("desk_plan", __name__)


@bp.route("/templates", methods=["GET", "POST"])
def new_from_template():
    """The old page that made an event from a template: the seed templates are the event builder's
    presets now, so it leads there (with the template's preset when it has one)."""
    return redirect(url_for("desk_builder.new", preset=_preset_of(request.values.get("template", ""))))


def _preset_of(template: str) -> str | None:
    """The builder's preset for a template the old page was asked for."""
    from ...services.setup.event_builder import presets
    return template if template in {p.key for p in presets()} else None


def _phase(phase_id: int) -> Phase:
    phase = db.session.get(Phase, phase_id)
    if phase is None:
        abort(404)
    return phase


@bp.route("/phase/<int:phase_id>/preview", methods=["GET", "POST"])
def preview(phase_id):
    """確認して開始: who enters and from where, the first round it will make, who has not checked in."""
    phase = _phase(phase_id)
    if request.method == "POST":
        names = [line.strip() for line in request.form.get("entrants", "").splitlines() if line.strip()]

        def change():
            event_templates.set_override_by_names(phase, names, current_user)
        if run_change(change):
            flash(_("The list of entrants was changed (logged)."), "ok")
            return redirect(url_for("desk_plan.preview", phase_id=phase_id))
    return preview_page(phase)


def preview_page(phase: Phase):
    """The preview of a phase (also the page a refused start comes back to)."""
    event_plan = event_model.of(phase.event)
    routed = [] if phase.seeding == "entry" else event_plan.routed(phase)
    names = {e.id: e for e in phase.event.entrants}
    routed_text = "\n".join(names[r.entrant_id].name for r in routed)
    pairing = event_templates.proposed_pairing(phase) if phase.format == "kgp_finals" and routed else []
    seed = kept_seed(phase)
    made, problem = start_preview.preview(phase, seed)
    absent = gate_list(phase)
    return render("desk/phase_preview.html", phase=phase, event=phase.event, event_plan=event_plan, routed=routed,
                  names=names, routed_text=routed_text, pairing=pairing, preview=made,
                  preview_problem=problem_message(problem) if problem else None,
                  preview_total=sum(len(b.entrant_ids) for b in made), play_words=play_words(phase),
                  rule_words=rule_words(phase),
                  absent=absent, nobody_came=bool(absent) and len(absent) == len([e for e in phase.event.entrants
                                                                                  if not e.dq]),
                  losers_side=[r.entrant_id for r in routed if r.tier == 1],
                  form=request.form, arranged=None if problem else start_preview.seeding_of(phase, seed),
                  separations=seeding.SEPARATIONS)


def kept_seed(phase: Phase) -> str | None:
    """The draw the preview shows, kept until the entrants or settings change (a first look keeps it)."""
    if phase.status != "draft":
        return None
    kept = kept_draw.still_kept(phase)
    if kept is not None:
        return kept
    # A page view that writes: the write lock from the start, so a result committed meanwhile makes it
    # wait its turn instead of refusing it (SQLite refuses a read turned into a write at once).
    with write_transaction(db.session):
        return kept_draw.seed(db.session.get(Phase, phase.id))


@bp.route("/phase/<int:phase_id>/draw-again", methods=["POST"])
def draw_again(phase_id):
    """組み合わせを引き直す: a new draw on purpose, shown before anything starts."""
    phase = _phase(phase_id)
    if run_change(lambda: kept_draw.draw_again(phase, current_user)):
        flash(_("Drawn again (logged): read the new pairings before you start."), "ok")
    return redirect(url_for("desk_plan.preview", phase_id=phase_id) + "#start-preview")


@bp.route("/phase/<int:phase_id>/separation", methods=["POST"])
def separation(phase_id):
    """Keep same-region or same-team entrants apart in round 1 (or not); the preview shows the moves."""
    phase = _phase(phase_id)
    if run_change(lambda: seeding.set_separation(phase, request.form.get("separate") or None, current_user)):
        flash(_("Round-1 separation saved (logged)."), "ok")
    return redirect(url_for("desk_plan.preview", phase_id=phase_id))


def rule_words(phase: Phase) -> str:
    """The rules this phase plays by, in a few words, for the desk to check before the start."""
    parts = summary(rules_for(phase.event, phase), phase.best_of)
    return " · ".join(_(msgid, **params) for msgid, params in parts)


def play_words(phase: Phase) -> str:
    """How a match of this phase is played, in words (never the raw match type)."""
    if getattr(MATCH_TYPES.get(phase.match_type), "winner_stays", False):
        return _("%(size)s-on-%(size)s kachinuki: the winner stays on", size=phase.event.team_size)
    if phase.match_type == "representative":
        return _("Representative match: each team names one member to play")
    msgid, params = score_part(rules_for(phase.event, phase))
    rounds = _(msgid, **params)
    if phase.match_type == "point_format":
        return _("%(size)s-on-%(size)s point format: each member plays one set, %(games)s",
                 size=phase.event.team_size, games=best_of(phase.best_of)) + " · " + rounds
    words = _("1-on-1, %(games)s", games=best_of(phase.best_of)) + " · " + rounds
    later = (phase.play_options or {}).get("best_of")
    if isinstance(later, dict) and later:
        words += " " + _("(deciding matches: %(games)s)", games=best_of(max(later.values())))
    by_round = (phase.options or {}).get("best_of_by_round")
    if by_round and by_round.get("from") in ROUND_RULES:
        words += " " + _("(%(rounds)s: %(games)s)", rounds=_(ROUND_RULES[by_round["from"]]).lower(),
                         games=best_of(int(by_round["best_of"])))
    return words


@bp.route("/phase/<int:phase_id>/start", methods=["POST"])
def start(phase_id):
    """Start a phase, a preset's or a built one, from the preview's one form (services/setup/phase_start)."""
    phase = _phase(phase_id)
    started = {}
    def go():
        target = started["phase"] = pass_gate(phase)
        phase_start.start(target, current_user, start_choices(request.form))
    if run_change(go):
        flash(_("Phase started."), "ok")
        return redirect(url_for("desk.phase", phase_id=started["phase"].id))
    return preview_page(_phase(phase_id)), 422


def start_choices(form) -> phase_start.StartChoices:
    """The start form's choices: the draw shown, a preset's group draw and pairing."""
    seed = form.get("draw_seed", "").strip()
    pairing = tuple((int(w), int(form[f"opponent-{w}"])) for w in form.getlist("winners_side")
                    if form.get(f"opponent-{w}", "").isdigit() and w.isdigit())
    return phase_start.StartChoices(seeding.clean_seed(form.get("unseeded_seed")),
                                    seed if seed or form.get("draw_groups") == "on" else None, pairing)


def gate_list(phase: Phase) -> list:
    """Who has not checked in, for a phase that takes the entry list (routed ones take placings)."""
    if phase.status != "draft" or phase.seeding != "entry":
        return []
    return checkin.not_checked_in(phase.event.entrants)


def pass_gate(phase: Phase) -> Phase:
    """The desk's answer to the check-in gate: drop the absent (the plan may be rebuilt) or start anyway."""
    choice = request.form.get("gate", "")
    if not gate_list(phase) or choice == "anyway":
        return phase
    if choice != "drop":
        raise ServiceError("checkin.gate", N_("%(count)s entrants have not checked in: drop them, start anyway, "
                                              "or wait."), count=len(gate_list(phase)))
    key, event = phase.key, phase.event
    checkin.drop_no_shows(event, current_user)
    signups.promote(event, current_user)  # each place freed goes to the first in line
    return phase if phase in event.phases else next(p for p in event.phases if p.key == key)


@bp.route("/e/<int:event_id>/schedule")
def schedule(event_id):
    """The timetable is the day page's, for every event (an old link lands there)."""
    event = db.session.get(Event, event_id) or abort(404)
    return redirect(url_for("desk_day.day", event_id=event.id) + "#timetable", 301)
