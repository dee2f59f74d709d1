"""A player reports their own match and confirms their opponent's report (issue 30).

The page is the referee's match form (templates/_partials/play_next.html and play_forms.html),
drawn from the player's report instead of the match, its forms posting here. Every route runs
only for the entrant of the player's own link (web/player.player_required), and only for a
match that entrant plays; the rules and refusals are the service's (services/players/self_report.py).
"""
import uuid

from flask import Blueprint, abort, flash, g, redirect, request, url_for
from flask_babel import gettext as _

from ...database import write_transaction
from ...extensions import db
from ...models import MatchRow
from ...operations.outcomes import Outcome
from ...services import ServiceError
from ...services.players import report_versions, self_report
from ...services.reads.sheets import match_sheet, side_names
from ...tournament.errors import N_, RuleViolation
from ...web.i18n import translate_violation
from ...web.player import player_required
from .. import render
from ..staff.matches import expand_score

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
    if self_report.confirm_due(g.player_event):
        db.session.expire_all()
    return _page(_own_match(match_id))


@bp.route("/e/<slug>/me/match/<int:match_id>/op", methods=["POST"])
@player_required
def enter(slug, match_id):
    """One entry of my report (the same fields a referee's form posts)."""
    fields = {k: v for k, v in request.form.items() if k not in ("csrf_token", "base_version")}
    kind, op_id = fields.pop("kind", ""), fields.pop("op_id", "")[:64] or str(uuid.uuid4())
    typed = dict(fields)
    expand_score(fields)
    return _changed(match_id, lambda match: report_versions.add_entry(match, g.player.id, op_id, kind, fields),
                    typed=typed)


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


def _changed(match_id: int, change, typed=None, done=None):
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
        return _page(match, 422, problem=translate_violation(problem, side_names(match)), typed=typed or {})
    flash(done or _("Recorded."), "ok")
    return redirect(url_for("self_report.page", slug=g.player_event.slug, match_id=match_id))


# What the referee's form adds around an entry's fields (the outbox sends the form as it is).
_FORM_FIELDS = ("kind", "base_version", "position", "op_id", "csrf_token")


@bp.route("/e/<slug>/me/sync", methods=["POST"])
@player_required
def sync(slug):
    """My report's entries from the phone's outbox (made online or offline), in order, one answer
    each. An entry goes after the ones before it: a page left offline shows the same step again."""
    body = request.get_json(silent=True)
    ops = body.get("ops") if isinstance(body, dict) and isinstance(body.get("ops"), list) else []
    return {"results": [_answer(op) for op in ops[:50] if isinstance(op, dict)]}


def _answer(op: dict) -> dict:
    op_id = op.get("op_id") if isinstance(op.get("op_id"), str) and 8 <= len(op["op_id"]) <= 64 else ""
    fields = {k: v for k, v in (op.get("payload") or {}).items() if k not in _FORM_FIELDS} \
        if isinstance(op.get("payload"), dict) else {}
    try:
        with write_transaction(db.session):
            match = _reported_match(op.get("match_id"), op_id)
            report_versions.add_entry(match, g.player.id, op_id, str(op.get("kind") or ""), fields)
        outcome = Outcome(op_id, "applied", match_version=match.version)
    except (ServiceError, RuleViolation) as problem:
        outcome = Outcome(op_id, "rejected", problem.code, problem.message, problem.params)
    data = outcome.to_dict()
    data["message"] = translate_violation(outcome) if outcome.message else None
    return data


def _reported_match(match_id, op_id: str) -> MatchRow:
    """The entry's match, when it is mine in this event (a refusal in words otherwise)."""
    match = db.session.get(MatchRow, match_id) if isinstance(match_id, int) else None
    if not op_id or match is None or match.bracket.phase.event_id != g.player_event.id or g.player is None \
            or g.player.id not in (match.slot_a, match.slot_b):
        raise ServiceError("report.not_yours", N_("You can report only your own match."))
    self_report.retire_outranked(match)
    return match
