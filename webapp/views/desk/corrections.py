"""Desk: a correction shows its downstream effect and needs a reason; a DQ is confirmed in the page."""

from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import Entrant, MatchRow
from ...operations.desk import submit_change
from ...operations.submit import submit
from ...services.decisions import corrections, game_corrections
from ...services.entries.entry import Entry
from ...services.reads import standings
from ...services.reads.sheets import match_sheet, translate_outcome
from ...tournament.entry_kinds import ENTRY_KINDS
from .. import render
from . import match_history
from .blueprints import desk_blueprint

bp = desk_blueprint("desk_corrections", __name__)


@bp.route("/match/<int:match_id>/correction")
def correction(match_id):
    """Choose the new winner, see what it reopens downstream, give the reason; the match's history."""
    match = db.session.get(MatchRow, match_id) or abort(404)
    history = corrections.history(match)
    names = standings.names(match.bracket.phase.event_id)
    winner = request.args.get("winner", type=int) or _default_choice(match, history)
    return render("desk/correction.html", match=match, event=match.bracket.phase.event,
                  preview=corrections.preview(match, winner) if winner else None,
                  history=match_history.lines(match, history, names), just_corrected=_just_corrected(history),
                  entrants=names, chosen=winner, games_undone=corrections.games_undone,
                  games=game_corrections.games(match), sheet=match_sheet(match))


@bp.route("/match/<int:match_id>/correct-game", methods=["POST"])
def correct_game(match_id):
    """One game's score corrected (score chips, reason): a logged desk entry, the rules re-checked."""
    from ..staff.matches import expand_score

    match = db.session.get(MatchRow, match_id) or abort(404)
    fields = request.form.to_dict()
    expand_score(fields)
    outcome = submit(Entry.from_form("correct_game", fields, f"desk-form-{current_user.id}", match.id), current_user)
    if outcome.outcome == "applied":
        flash(_("Game %(n)s corrected.", n=fields.get("game", "?")), "ok")
        if outcome.code:
            flash(translate_outcome(outcome, match), "ok")
    else:
        flash(translate_outcome(outcome, match), "error")
    return redirect(url_for("desk_corrections.correction", match_id=match.id) + "#history")


def _just_corrected(history: list):
    """The correction that made the current result, when it is the last result entry (else None)."""
    results = [op for op in history if ENTRY_KINDS[op.kind].changes_result and not op.undone]
    return results[-1] if results and results[-1].kind == "correct_result" else None


def _default_choice(match: MatchRow, history: list) -> int | None:
    """The other player, previewed at once, unless the result was just corrected to this one:
    correcting it straight back is offered only when the desk chooses it."""
    if _just_corrected(history) is not None:
        return None
    return match.slot_b if match.winner_id == match.slot_a else match.slot_a


@bp.route("/entrant/<int:entrant_id>/dq")
def disqualification(entrant_id):
    """Confirm a disqualification with its effect spelled out (no browser pop-up)."""
    entrant = db.session.get(Entrant, entrant_id) or abort(404)
    return render("desk/dq_confirm.html", entrant=entrant, event=entrant.event,
                  reason=request.args.get("reason", "")[:200],
                  decided=corrections.dq_effect(entrant), entrants=standings.names(entrant.event_id),
                  restarted=corrections.dq_restarts(entrant), games_undone=corrections.games_undone)


@bp.route("/entrant/<int:entrant_id>/undo-dq", methods=["POST"])
def undo_dq(entrant_id):
    """Lift a disqualification while nothing after its walkovers was played."""
    from ..changes import run_change

    entrant = db.session.get(Entrant, entrant_id) or abort(404)
    if run_change(lambda: submit_change("undo_dq", entrant, current_user)):
        flash(_("%(name)s is no longer disqualified; their walkovers are matches to play again.",
                name=entrant.name), "ok")
    return redirect(url_for("desk.event", event_id=entrant.event_id) + "#entrants")
