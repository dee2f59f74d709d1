"""A "Bo5" mark on the rounds, calls and player pages where a phase's best-of by round plays
more (or fewer) games than the phase's usual matches: the bracket, projector, player page and
the printed bracket show it, as the match page says "first to 3"."""
from flask_babel import gettext as _

from ..services.matches import play, round_best_of


def games_mark(match, phase=None) -> str:
    """"Bo5" when this match's games differ from its phase's usual ones by the phase's best-of by
    round, else "". `match`: a match row, or a drawn place (side, round, bracket_id) with its phase."""
    if match is None:
        return ""
    phase = phase or match.bracket.phase
    if not (phase.options or {}).get("best_of_by_round") or phase.match_type != "best_of":
        return ""
    usual = play.best_of_in(phase, match.side)
    games = round_best_of.for_match(phase, match, usual)
    return _("Bo%(games)s", games=games) if games != usual else ""


def round_mark(phase, round_view) -> str:
    """The mark of a drawn round of the phase (read from its first match that is there)."""
    return games_mark(next((c.match for c in round_view.cells if c.match is not None), None), phase)
