"""A player reports their own match and confirms their opponent's report (issue 30).

The page is the referee's match form (templates/_partials/play_next.html and play_forms.html),
drawn from the player's report instead of the match, its forms posting here. Every route runs
only for the entrant of the player's own link (web/player.player_required), and only for a
match that entrant plays; the rules and refusals are the service's (services/players/self_report.py).
"""
from flask import Blueprint, abort, flash, g, redirect, request, url_for
from flask_babel import gettext as _

from ...database import write_transaction
from ...extensions import db
from ...models import MatchRow
from ...operations.submit import submit
from ...services import ServiceError
from ...services.entries.entry import Entry
from ...services.players import report_versions, self_report
from ...services.players.report_entries import Reporter
from ...services.reads.sheets import match_sheet, side_names
from ...tournament.errors import RuleViolation
from ...web.i18n import translate_violation
from ...web.player import player_required
from .. import render
from ..staff.matches import entry_fields, expand_score

bp = Blueprint("self_report", __name__)


def _own_match(match_id: int) -> MatchRow:
    """The match, when it is of this event and the player plays in it; else 404 or 403."""
    match = db.session.get(MatchRow, match_id)
    if match is None or match.bracket.phase.event_id != g.player_event.id:
        abort(404)
    if g.player is None or g.player.id not in (match.slot_a, match.slot_b):
        abort(403)
    return match


def _page(match: MatchRow, status: int = 200, **extra):
    report = self_report.live_report(match)
    sheet = match_sheet(match)
    disputed = report_versions.answering(match, g.player.id)  # mine to answer with my version
    version = report_versions.version_of(disputed)
    shown = version if disputed is not None else report
    if disputed is not None or (report is not None and sheet["state"] is not None):
        state = self_report.state_for(match, shown) if shown is not None else sheet["state"]
        if state is not None:
            sheet.update(state=state, prompt=state.prompt(), position=len(shown.entries) if shown else 0)
    extra.setdefault("version", version)
    extra.setdefault("answering", disputed is not None)
    g.play_action = url_for("self_report.enter", slug=g.player_event.slug, match_id=match.id)
    context = {"match": match, "event": g.player_event, "report": report, "me": g.player,
               "settings": self_report.settings(g.player_event), **sheet, **extra}
    return render("player/report.html", **context), status


@bp.route("/e/<slug>/me/match/<int:match_id>")
@player_required
def page(slug, match_id):
    """My match: report it game by game, or confirm (or dispute) my opponent's report."""
    return _page(_own_match(match_id))


@bp.route("/e/<slug>/me/match/<int:match_id>/op", methods=["POST"])
@player_required
def enter(slug, match_id):
    """One entry of my report (the same fields a referee's form posts), through the one push."""
    match = _own_match(match_id)
    fields = {k: v for k, v in entry_fields(request.form).items() if k != "csrf_token"}
    kind, op_id = fields.pop("kind", ""), fields.pop("op_id", "")[:64]
    typed = dict(fields)
    expand_score(fields)
    entry = Entry.from_form(kind, fields, f"player-form-{g.player.id}", match.id, op_id=op_id)
    outcome = submit(entry, Reporter(g.player.id, g.player_event.id))
    if outcome.outcome == "rejected":
        db.session.rollback()
        return _page(_own_match(match_id), 422, problem=translate_violation(outcome, side_names(match)), typed=typed)
    flash(_("Recorded."), "ok")
    return redirect(url_for("self_report.page", slug=slug, match_id=match_id))


@bp.route("/e/<slug>/me/match/<int:match_id>/confirm", methods=["POST"])
@player_required
def confirm(slug, match_id):
    """My opponent's report is what happened: it counts now."""
    match = _own_match(match_id)
    try:
        report = self_report.check_confirmer(self_report.live_report(match), match, g.player.id)
        self_report.apply_report(report.id, "opponent")
    except (ServiceError, RuleViolation) as problem:
        db.session.rollback()
        return _page(_own_match(match_id), 422, problem=translate_violation(problem, side_names(match)))
    flash(_("Confirmed: the result counts."), "ok")
    return redirect(url_for("self_report.page", slug=slug, match_id=match_id))


@bp.route("/e/<slug>/me/match/<int:match_id>/dispute", methods=["POST"])
@player_required
def dispute(slug, match_id):
    """My opponent's report is not what happened: the desk decides (I may then enter my version)."""
    note = request.form.get("note", "")
    return _changed(match_id, lambda match: self_report.dispute(match, g.player.id, note),
                    done=_("Sent to the desk: the desk decides the result."))


def _changed(match_id: int, change, done=None):
    """Run a change under the write lock; its refusal in words next to the form."""
    with write_transaction(db.session):  # a staff entry replaced the report: recorded, whatever follows
        self_report.retire_outranked(db.session.get(MatchRow, match_id) or abort(404))
    try:
        with write_transaction(db.session):
            match = db.session.get(MatchRow, match_id, with_for_update=True)
            _own_match(match_id)
            change(match)
    except (ServiceError, RuleViolation) as problem:
        match = _own_match(match_id)
        return _page(match, 422, problem=translate_violation(problem, side_names(match)))
    flash(done, "ok")
    return redirect(url_for("self_report.page", slug=g.player_event.slug, match_id=match_id))
