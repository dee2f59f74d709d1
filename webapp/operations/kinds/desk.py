"""The desk's entries on a match: a result, a correction of a result or of one game's score, a
conflict decided, a walkover taken back. Each reads its own form; a result or correction made on
players who changed since the desk looked is a conflict (decide.stale)."""
from marshmallow import fields, validate

from ...services import ServiceError
from ...services.decisions import conflicts, game_corrections, no_shows
from ...services.entries.payloads import ROUNDS, SIDE, FormSchema
from ...services.matches import bracket_rows, brackets
from ...tournament.entry_kinds import ENTRY_KINDS, EntryKind
from ...tournament.errors import N_
from ..decide import conflict, stale
from ..log import Outcome


class WinnerForm(FormSchema):
    winner = fields.Integer(required=True)
    walkover = fields.Boolean(load_default=False)
    reason = fields.String(load_default="", validate=validate.Length(max=300))  # kept in the history


class CorrectionForm(WinnerForm):
    cascade = fields.Boolean(load_default=False)


class GameCorrectionForm(FormSchema):
    """One game's corrected score as the score chips give it, the reason; cascade as for a result."""

    game = fields.Integer(required=True, validate=validate.Range(min=1, max=99))
    winner = fields.String(load_default=None, allow_none=True, validate=SIDE)
    rounds_a = fields.Integer(required=True, validate=ROUNDS)
    rounds_b = fields.Integer(required=True, validate=ROUNDS)
    double_ko = fields.Boolean(load_default=False)
    reason = fields.String(load_default="", validate=validate.Length(max=300))
    cascade = fields.Boolean(load_default=False)


_WINNER = WinnerForm()


def _record_winner(batch, op, match, user):
    if stale(op, match):
        return conflict(op, match, "participants_changed")
    form = _WINNER.load(op.payload)
    if match.status == "done" and match.winner_id is not None:
        if match.winner_id == form["winner"]:
            return Outcome(op.op_id, "confirmed", match_version=match.version), None
        return conflict(op, match, "different_result")
    brackets.record_winner(match, form["winner"], user, walkover=form["walkover"])
    return Outcome(op.op_id, "applied", match_version=match.version), None


RESTARTED = N_("These matches restart with their new players; their entries were undone and each phone "
               "that made them is told: %(matches)s")


def _corrected(schema, change):
    """A correction's decider: the reason required, every match it restarts named to the desk (I1)."""
    form_of = schema()

    def decided(batch, op, match, user):
        if stale(op, match):
            return conflict(op, match, "participants_changed")
        form = form_of.load(op.payload)
        if not form["reason"].strip():
            raise ServiceError("correction.reason",
                               N_("Give the reason for the correction: it is kept in the match's history."))
        with bracket_rows.collect_restarts() as restarted:
            change(match, form, user)
        if not restarted:
            return Outcome(op.op_id, "applied", match_version=match.version), None
        keys = ", ".join(row.key for row in restarted)
        return Outcome(op.op_id, "applied", "bracket.restarted", RESTARTED, {"matches": keys},
                       match.version), None
    return decided


def _correct_result(match, form, user):
    brackets.correct_winner(match, form["winner"], user, form["cascade"], form["reason"])


def _correct_game(match, form, user):
    game_corrections.correct_game(match, form["game"], form, user, form["cascade"], form["reason"])


def _resolve_conflict(batch, op, match, user):
    params = conflicts.resolve(op.payload, user)
    return Outcome(op.op_id, "applied", params=params, match_version=match.version), None


def _undo_walkover(batch, op, match, user):
    if stale(op, match):
        return conflict(op, match, "participants_changed")
    no_shows.undo_walkover(match, user)
    return Outcome(op.op_id, "applied", match_version=match.version), None


def _desk(name, label, decider, schema=None, names_winner=False) -> EntryKind:
    """A desk entry on a match: it decides or changes the result, and the match's history lists it."""
    return EntryKind(name, label, decider, schema, desk_only=True, names_winner=names_winner,
                     changes_result=True, in_history=True)


for _kind in (_desk("record_winner", N_("Result"), _record_winner, WinnerForm, names_winner=True),
              _desk("correct_result", N_("Correction"), _corrected(CorrectionForm, _correct_result), CorrectionForm,
                    names_winner=True),
              _desk("correct_game", N_("Game score corrected"), _corrected(GameCorrectionForm, _correct_game),
                    GameCorrectionForm),
              _desk("resolve_conflict", N_("Desk decision"), _resolve_conflict),
              _desk("undo_walkover", N_("Walkover taken back"), _undo_walkover)):
    ENTRY_KINDS.register(_kind)
