"""Desk: the event's match rules (a preset and the organiser's settings) and a phase's overrides."""
from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import Event, Phase
from ...services.setup import rule_settings
from ...services.setup.rules import event_settings, phase_settings, preset_for, rules_for
from ...tournament.rulesets import RULESETS
from ...tournament.rulesets.build import BEST_OF, DOUBLE_KO, SIDE_RULES, STAGE_RULES, effects_for
from ...tournament.rulesets.characters import CHARACTER_RULES
from ...tournament.rulesets.summary import summary
from ...tournament.stage_striking import DSR
from .. import game_words, render
from ..changes import run_change
from .blueprints import desk_blueprint

bp = desk_blueprint("desk_rules", __name__)


def _choices(score: str) -> dict:
    """The page's choice lists: each value with its words (msgids, translated in the template); the penalty
    effects those the game's score has a place for (a stock game gives no round)."""
    return {"presets": list(RULESETS.values()), "best_of": BEST_OF, "characters": CHARACTER_RULES,
            "stages": STAGE_RULES, "sides": SIDE_RULES, "double_ko": DOUBLE_KO, "effects": effects_for(score),
            "dsr": DSR}


def _page(event: Event, phase: Phase | None, status: int = 200):
    rules = rules_for(event, phase)
    title = game_words.event_title(event)
    values = rule_settings.current_settings(event, phase)
    return render("desk/rules.html", event=event, phase=phase, rules=rules, preset=preset_for(event),
                  own=phase_settings(phase) if phase else event_settings(event), values=values,
                  choices=_choices(rules.score_unit), stage_lists=title.stage_rules, shape=title,
                  page_lang=game_words.lang(),
                  stage_list=rule_settings.stage_list_of(title, values.get("stage_striking")),
                  rule_words=" · ".join(_(m, **p) for m, p in summary(rules, max(rules.best_of))[1:])), status


def _saved(change) -> None:
    """Saved, and after the start what the change reaches."""
    if not change.after_start:
        flash(_("Rules saved."), "ok")
        return
    flash(_("Rules saved. Matches not yet begun, which play by them: %(new)d; begun ones, which keep the rules "
            "they began with: %(kept)d.", new=change.not_begun, kept=change.kept), "ok")


@bp.route("/e/<int:event_id>/rules", methods=["GET", "POST"])
def event_rules(event_id):
    """Choose the event's rules: a preset, then rounds, games, characters, stages, penalties, fee."""
    event = db.session.get(Event, event_id) or abort(404)
    if request.method == "POST":
        settings = rule_settings.form_settings(request.form, title=game_words.event_title(event))
        changes = []
        if run_change(lambda: changes.append(rule_settings.save_event_rules(event, request.form.get("preset", ""),
                                                                             settings, current_user))):
            _saved(changes[0])
            return redirect(url_for("desk_rules.event_rules", event_id=event_id))
        return _page(event, None, 422)
    return _page(event, None)


@bp.route("/phase/<int:phase_id>/rules", methods=["GET", "POST"])
def phase_rules(phase_id):
    """A phase's own rules where they differ from the event's (e.g. top 8 best of 5)."""
    phase = db.session.get(Phase, phase_id) or abort(404)
    if request.method == "POST":
        settings = rule_settings.form_settings(request.form, phase=True, title=game_words.event_title(phase.event))
        changes = []
        if run_change(lambda: changes.append(rule_settings.save_phase_rules(phase, settings, current_user))):
            _saved(changes[0])
            return redirect(url_for("desk_rules.phase_rules", phase_id=phase_id))
        return _page(phase.event, phase, 422)
    return _page(phase.event, phase)
