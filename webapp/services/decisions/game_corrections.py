"""The desk corrects one game's score: the match is replayed with that game changed, the rules
checking it again; when its winner changes, the bracket follows as for a corrected result."""
from ...extensions import db
from ...models import MatchRow
from ...tournament import play as domain_play
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from ..matches import brackets, play

SCORE_FIELDS = ("winner", "rounds_a", "rounds_b", "double_ko")


def game_indexes(match: MatchRow) -> list[int]:
    """Where each game (report_game) sits among the match's actions; game N is at [N - 1]."""
    return [i for i, a in enumerate(match.actions or []) if a.get("kind") == "report_game"]


def games(match: MatchRow) -> list[dict]:
    """The match's games, numbered from 1, with their scores: for the correction page."""
    actions = match.actions or []
    return [{"number": n, **{k: actions[i].get(k) for k in SCORE_FIELDS}}
            for n, i in enumerate(game_indexes(match), start=1)]


def corrected_actions(match: MatchRow, number: int, score: dict) -> list[dict]:
    """The match's actions with game `number` given this score (winner, rounds, double K.O.)."""
    where = game_indexes(match)
    if not 1 <= number <= len(where):
        raise ServiceError("correction.no_game", N_("This match has no game %(n)s."), n=number)
    actions = [dict(a) for a in match.actions or []]
    old = actions[where[number - 1]]
    new = {**old, **{k: score.get(k) for k in SCORE_FIELDS}, "double_ko": bool(score.get("double_ko"))}
    if all(old.get(k) == new.get(k) for k in ("winner", "rounds_a", "rounds_b")):
        raise ServiceError("correction.same_score", N_("Game %(n)s already has this score."), n=number)
    actions[where[number - 1]] = new
    return actions


def replayed(match: MatchRow, actions: list[dict]) -> domain_play.MatchState:
    """The match played again with these actions: a RuleViolation (in words) when the rules refuse it."""
    return domain_play.replay(play.setup_for(match), actions)


def correct_game(match: MatchRow, number: int, score: dict, user=None, cascade=False, reason="") -> int | None:
    """Give game `number` this score; returns the match's winner after it. Refused, changing
    nothing, when the rules refuse the match so played, when it would leave a finished match
    without a winner, or (as a corrected result) when matches downstream were played."""
    actions = corrected_actions(match, number, score)
    state = replayed(match, actions)
    winner = play.decided_winner(match, state)
    if match.status == "done" and winner is None:
        raise ServiceError("correction.no_winner", N_(
            "With this score nobody has won the match yet: correct the result or enter the games "
            "still missing on the match page."))
    before = [g for g in games(match) if g["number"] == number][0]
    if match.status == "done" and winner != match.winner_id:
        brackets.correct_winner(match, winner, user, cascade, reason)  # I1: the usual downstream handling
    match.actions = [domain_play.action_from_dict(a).to_dict() for a in actions]
    match.version += 1
    if match.status == "ready" and winner is not None:
        brackets.record_winner(match, winner, user)
    audit.record("match.correct_game", user, match.bracket.phase.event_id, match=match.id, game=number,
                 before=[before["rounds_a"], before["rounds_b"]], after=[score.get("rounds_a"), score.get("rounds_b")],
                 reason=reason)
    db.session.flush()
    return winner
