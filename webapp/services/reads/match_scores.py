"""Games won in many matches at once: the scores a bracket page draws, thousands at a time.

Each score is the one play.state_of gives (the domain's replay of the match's actions, from the
same setup: the phase's match type and best-of, the event's rule set, both entrants' members and
day-long DQs), so the page says what the match page says. Only the reading differs: state_of
reads each entrant (and its members) by primary key and its day-long DQs twice, per match; at
4,096 players those look-ups and the ORM rows they built were much of drawing the bracket with
nothing cached. Here every entrant of the matches given is read in two queries of plain rows.
"""
from sqlalchemy import select

from ...extensions import db
from ...models import Entrant, Member
from ...tournament import play as domain
from ...tournament.errors import RuleViolation
from ..matches import play
from ..setup.rules import rules_for
from .bracket_view import agreeing_score


def scores(phase, matches: list) -> dict[int, tuple | None]:
    """Match id -> games won by each side, for the matches (rows with the columns of MatchRow:
    id, side, slots, winner, status, walkover, actions) whose play has started. None: a record the
    desk must look at (its replay refuses), or a score that says the other side won."""
    played = [m for m in matches if m.actions and not m.walkover]
    ids = sorted({e for m in played for e in (m.slot_a, m.slot_b) if e})
    if not ids:
        return {}
    members, infos = _members(ids), _infos(ids)
    ruleset = (phase.event.ruleset, rules_for(phase.event, phase))
    return {m.id: _score(m, phase, ruleset, members, infos) for m in played}


def _score(match, phase, ruleset: tuple, members: dict, infos: dict) -> tuple | None:
    day_dq = play.day_dq_from(match.id, [infos.get(match.slot_a), infos.get(match.slot_b)])
    state = play.kept_state(match, day_dq)  # a match this worker played lately: no replay
    try:
        if state is None:
            setup = domain.MatchSetup(match_type=phase.match_type, ruleset=ruleset[0], rules=ruleset[1],
                                      best_of=play.best_of_by_round(phase, match, play.best_of_in(phase, match.side)),
                                      side_a=_side(members, match.slot_a), side_b=_side(members, match.slot_b),
                                      day_dq=day_dq)
            state = domain.replay(setup, match.actions)
    except RuleViolation:  # as bracket_view._score: no score rather than a failed page
        return None
    return agreeing_score(match, tuple(state.score))


def _side(members: dict, entrant_id: int | None) -> list:
    """Fresh Member objects, as play.setup_for makes them for each match."""
    return [domain.Member(id=i, name=n, character=c, change_declared=d) for i, n, c, d in members.get(entrant_id, ())]


def _members(ids: list[int]) -> dict[int, list[tuple]]:
    """Entrant id -> its members' (id, name, character, change_declared), in the entrant's order."""
    query = (select(Member.entrant_id, Member.id, Member.name, Member.character, Member.change_declared)
             .where(Member.entrant_id.in_(ids)).order_by(Member.entrant_id, Member.position, Member.id))
    out: dict[int, list[tuple]] = {}
    for entrant_id, *member in db.session.execute(query):
        out.setdefault(entrant_id, []).append(member)
    return out


def _infos(ids: list[int]) -> dict[int, dict]:
    """Entrant id -> its info column (where day-long DQs are kept)."""
    return {i: info for i, info in db.session.execute(select(Entrant.id, Entrant.info).where(Entrant.id.in_(ids)))}
