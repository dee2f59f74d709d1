"""The desk's conflict queue (/desk/conflicts): both versions side by side, and a decision."""

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import Conflict, MatchRow, Operation, User
from ...operations import held
from ...operations.submit import submit
from ...services.decisions import conflicts, desk_requests
from ...services.entries.entry import Entry
from ...services.reads import standings
from ...services.reads.round_names import match_title
from ...services.reads.sheets import match_sheet, translate_outcome
from ...services.setup.rules import rules_for
from ...web.auth import desk_required
from .. import render
from ..staff.matches import expand_score
from . import self_report as desk_self_report
from .conflict_words import in_words

bp = Blueprint("conflicts", __name__, url_prefix="/desk/conflicts")


@bp.before_request
@desk_required
def _guard():
    """Only the desk decides conflicts."""
    return None


@bp.route("/")
def queue():
    """Open conflicts, oldest first, each with both versions."""
    items = [_with_forms(in_words(conflicts.describe(c))) for c in conflicts.open_conflicts()]
    names = {}
    for item in items:
        names.update(standings.names(item["match"].bracket.phase.event_id))
    clashed = _station_clashes()
    for event, _clashes in clashed:
        names.update(standings.names(event.id))
    return render("desk/conflicts.html", items=items, entrants=names, waiting=_waiting(), clashed=clashed,
                  requests=desk_requests.on_queue(standings.names, match_title),
                  player_reports=desk_self_report.on_queue())


def _with_forms(item: dict) -> dict:
    """What the third version's form needs: the match's rules (score chips, characters) and members."""
    match = item["match"]
    sheet = match_sheet(match)
    item["rules"] = sheet["rules"] or _rules(match)
    item["side_members"] = {side: list(entrant.members) if entrant else []
                            for side, entrant in (("a", sheet["a"]), ("b", sheet["b"]))}
    return item


def _rules(match: MatchRow):
    """The rules of the match's phase, when its recorded play no longer replays."""
    phase = match.bracket.phase
    return rules_for(phase.event, phase)


def _station_clashes() -> list[tuple]:
    """(event, {station: matches}) where a phone's claim and a call put two matches on one station."""
    from ...models import Event, Station
    from ...services.day import stations

    events = db.session.query(Event).filter(Event.id.in_(db.session.query(Station.event_id))).all()
    return [(event, found) for event in events if (found := stations.clashes(event))]


def _waiting() -> list[dict]:
    """Held entries grouped by match and device, oldest first, with the match's title."""
    groups: dict = {}
    for row in held.waiting_entries():
        group = groups.get((row.match_id, row.device_id))
        if group is None:
            match = db.session.get(MatchRow, row.match_id)
            user = db.session.get(User, row.user_id) if row.user_id else None
            group = groups[(row.match_id, row.device_id)] = {
                "match": match, "title": match_title(match), "count": 0, "named": conflicts.named_in(row),
                "author": (user.display_name or user.username) if user else "—"}
        group["count"] += 1
    return list(groups.values())


THIRD_FIELDS = ("score", "char_a", "char_b", "stage", "side_a", "winner", "choice", "side_of_winner", "player")


def _fields(form) -> dict:
    """The third version's fields as the referee's form gives them: the score chip becomes winner
    and rounds (as on the staff page), the player chip side and member."""
    out = {key: form[key].strip() for key in THIRD_FIELDS if form.get(key, "").strip()}
    expand_score(out)
    side, _sep, member = out.pop("player", "").partition("-")
    if member.isdigit():
        out.update(side=side, member_id=member)
    return out


@bp.route("/<int:conflict_id>", methods=["POST"])
def decide(conflict_id):
    """Keep the recorded version, take the conflicting one, or enter a third (an operation)."""
    conflict = db.session.get(Conflict, conflict_id) or abort(404)
    op = db.session.get(Operation, conflict.operation_id)
    payload = {"conflict_op": op.op_id, "decision": request.form.get("decision", ""),
               "cascade": request.form.get("cascade") in ("on", "true", "1")}
    if payload["decision"] == "third":
        payload["fields"] = _fields(request.form)
    outcome = submit(Entry.by_server("resolve_conflict", "desk", conflict.match_id, payload), current_user)
    if outcome.outcome == "applied":
        flash(_("Decision recorded."), "ok")
        if (outcome.params or {}).get("flagged"):
            flash(_("Matches already played were reopened and flagged: %(keys)s",
                    keys=outcome.params["flagged"]), "error")
    else:
        flash(translate_outcome(outcome) or outcome.outcome, "error")
    return redirect(url_for("conflicts.queue"))


@bp.route("/requests/<int:request_id>/done", methods=["POST"])
def request_done(request_id):
    """The desk dealt with a referee's request (walkover, DQ, the judge): it leaves the queue."""
    if desk_requests.mark_done(request_id, current_user) is None:
        abort(404)
    flash(_("Request marked done."), "ok")
    return redirect(url_for("conflicts.queue"))
