"""What the desk did to a match, in the words the referee's online page uses, for the offline pack.

A phone that took its pack before the desk acted (a winner corrected or given, a match restarted
with new players, a game voided after later games, the desk's ruling on it, a referee's decision)
shows these next to the match once its pack is refreshed, as the online page shows them.
The words are made in the language of the person the pack is for (the request's).
"""
from flask_babel import gettext as _

from ...models import MatchRow
from ..matches import bracket_rows
from .bracket_view import agreeing_score


def restart_notice(match: MatchRow) -> dict | None:
    """A change upstream restarted this match (I1): the games entered before it that were undone
    ("game 1 (2–0)"); None when it never restarted."""
    undone = bracket_rows.undone_by_restart(match)
    if not undone:
        return None
    games = [op.payload or {} for op in undone if op.kind == "report_game" and op.outcome == "applied"]
    return {"games": [_("game %(n)s (%(a)s–%(b)s)", n=n, a=g.get("rounds_a"), b=g.get("rounds_b"))
                      for n, g in enumerate(games, start=1)], "entries": len(undone)}


def notes(match: MatchRow, state, names: dict) -> list[dict]:
    """[{"kind", "words"}], oldest move first; `state` the match's play (None when its players are not
    known), `names` the entrants' names by id."""
    out = _restarted(match)
    if state is not None:
        out += _in_play(state, {"a": names.get(match.slot_a, ""), "b": names.get(match.slot_b, "")})
        if agreeing_score(match, state.score) is None:
            out.append({"kind": "corrected", "words": _(
                "The desk corrected the winner: the games below are as they were entered.")})
    if match.walkover and match.winner_id:
        out.append({"kind": "walkover", "words": _("%(name)s wins by walkover", name=names.get(match.winner_id, ""))})
    return out


def _restarted(match: MatchRow) -> list[dict]:
    notice = restart_notice(match)
    if notice is None:
        return []
    words = _("This match starts again with its new players (an earlier result was changed at the desk): "
              "what was entered in it before is undone.")
    if notice["games"]:
        words += " " + _("Undone: %(games)s", games="、".join(notice["games"]))
    return [{"kind": "restarted", "words": words}]


def _in_play(state, sides: dict) -> list[dict]:
    """A void waiting for the desk, the desk's ruling on one, a referee's decision of the match."""
    out = []
    for act in state.history:
        if act.kind == "ruling":
            out.append({"kind": "ruled", "words": _RULED[act.choice]() + _reason(act.reason)})
        elif act.kind == "override":
            out.append({"kind": "override", "words": _("Referee's decision (override)") + ": "
                        + _("Winner: %(name)s", name=sides.get(act.winner, "")) + _reason(act.reason)})
    if state.ruling:
        games = ", ".join(str(g + 1) for g in state.ruling["games"])
        out.append({"kind": "ruling", "words": _(
            "Game %(game)d was voided after games %(games)s were played by someone who should have been out: "
            "the desk must rule first", game=state.ruling["game"] + 1, games=games)})
    return out


_RULED = {"replay": lambda: _(
    "The desk ruled on the voided game: play resumes from it, the games after it are undone."),
          "keep": lambda: _("The desk ruled on the voided game: the games after it stand as played.")}


def _reason(reason: str) -> str:
    return f" ({reason})" if reason else ""
