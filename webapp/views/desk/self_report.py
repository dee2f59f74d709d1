"""The desk's side of self-report: the event's setting, and its decision on a player's report.

Reports waiting for the opponent and disputed ones are listed on the conflicts page
(templates/_partials/player_reports.html), both versions side by side: the reporter's games and
the opponent's words and, when they entered it, the opponent's own games (services/players/report_versions).
The desk applies the report or the opponent's version (it counts, as the opponent's confirmation
would), or discards both (the match is entered again, by a referee or the desk on the staff page, or
by a player).
"""
from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...database import write_transaction
from ...extensions import db
from ...models import Event, MatchRow, PlayerReport
from ...services import ServiceError
from ...services.matches import play
from ...services.players import report_versions, self_report
from ...services.reads.sheets import side_names
from ...tournament import play as domain_play
from ...web.i18n import translate_violation
from .blueprints import desk_blueprint

bp = desk_blueprint("desk_self_report", __name__, "/desk/self-report")


@bp.route("/e/<int:event_id>", methods=["POST"])
def save(event_id):
    """Self-report on or off, and the confirmation clock, for one event."""
    event = db.session.get(Event, event_id) or abort(404)
    try:
        self_report.save_settings(event, request.form.get("on") in ("on", "true", "1"),
                                  request.form.get("auto_minutes", ""), current_user)
        db.session.commit()
        flash(_("Saved."), "ok")
    except ServiceError as problem:
        db.session.rollback()
        flash(translate_violation(problem), "error")
    return redirect(url_for("desk_stations.board", event_id=event_id))


@bp.route("/<int:report_id>/apply", methods=["POST"])
def apply(report_id):
    """The desk says the player's report is what happened: it counts now."""
    def counts():
        self_report.apply_report(report_id, "desk", current_user)
        with write_transaction(db.session):
            report_versions.settle_version(report_id, current_user)
    return _decide(report_id, counts)


@bp.route("/<int:version_id>/apply-version", methods=["POST"])
def apply_version(version_id):
    """The desk says the opponent's version is what happened: it counts now, the report is discarded."""
    def version_counts():
        with write_transaction(db.session):
            report_versions.take_version(version_id, current_user)
        self_report.apply_report(version_id, "desk", current_user)
    return _decide(version_id, version_counts)


@bp.route("/<int:report_id>/discard", methods=["POST"])
def discard(report_id):
    """The desk throws the report out: the match is entered again."""
    def thrown_out():
        with write_transaction(db.session):
            self_report.discard(report_id, current_user)
            report_versions.settle_version(report_id, current_user)
    return _decide(report_id, thrown_out)


def _decide(report_id: int, decision) -> object:
    """Carry out the desk's decision on a report; its answer (or the refusal's words) on the conflicts page."""
    db.session.get(PlayerReport, report_id) or abort(404)
    try:
        decision()
        flash(_("Decision recorded."), "ok")
    except ServiceError as problem:
        flash(translate_violation(problem), "error")
    return redirect(url_for("conflicts.queue"))


def on_queue() -> list[dict]:
    """Every event's player reports waiting for the opponent or disputed, for the conflicts page."""
    items = []
    for event in db.session.query(Event).filter(Event.id.in_(
            db.session.query(PlayerReport.event_id).filter(PlayerReport.status.in_(("waiting", "disputed"))))):
        for report in self_report.event_reports(event):
            match = db.session.get(MatchRow, report.match_id)
            version = report_versions.version_of(report) if report.status == "disputed" else None
            items.append({"report": report, "match": match, "event": event, "games": _games(match, report),
                          "sides": side_names(match), "version": version,
                          "version_games": _games(match, version) if version is not None else []})
    return items


def _games(match: MatchRow, report: PlayerReport) -> list:
    """The games as this report has them (score, characters, stage), for the desk to read."""
    return domain_play.replay(play.setup_for(match), [e["action"] for e in report.entries]).games
