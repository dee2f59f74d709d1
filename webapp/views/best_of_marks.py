"""How many games a match is, in words (``best_of``: "2本先取", "Best of 3", the one wording of it), and that
mark on the rounds, calls and player pages where a phase's best-of by round plays more (or fewer) games than
the phase's usual matches: the bracket, projector, player page and the printed bracket show it."""
from flask_babel import gettext as _

from ..services.matches import play
from ..tournament.rulesets.summary import best_of_list, best_of_words


def best_of(n: int) -> str:
    """How many games a match is in the reader's language ("2本先取", "Best of 3"): the one wording of it."""
    return _(best_of_words(int(n)))


def best_of_choices(sizes) -> str:
    """Several sizes the rules allow, each worded as ``best_of`` ("2本先取 / 3本先取")."""
    return " / ".join(_(words) for words in best_of_list(sizes))


def games_mark(match, phase=None) -> str:
    """"Best of 5" when this match's games differ from its phase's usual ones by the phase's best-of by
    round, else "". `match`: a match row, or a drawn place (side, round, bracket_id) with its phase."""
    if match is None:
        return ""
    phase = phase or match.bracket.phase
    if not (phase.options or {}).get("best_of_by_round") or phase.match_type != "best_of":
        return ""
    usual = play.best_of_in(phase, match.side)
    games = play.best_of_by_round(phase, match, usual)
    return best_of(games) if games != usual else ""


def round_mark(phase, round_view) -> str:
    """The mark of a drawn round of the phase (read from its first match that is there)."""
    return games_mark(next((c.match for c in round_view.cells if c.match is not None), None), phase)
