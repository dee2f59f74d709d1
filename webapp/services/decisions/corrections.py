"""What a correction or a disqualification would change, before the desk confirms it; a match's history."""
from dataclasses import dataclass

from ...extensions import db
from ...models import Entrant, MatchRow, Operation
from ...tournament import bracket_results
from ...tournament.entry_kinds import kinds
from ...tournament.errors import N_, RuleViolation
from .. import ServiceError
from ..accounts import audit
from ..matches import bracket_rows, brackets


@dataclass
class Preview:
    """The downstream effect of giving a decided match to another winner."""

    winner: int
    reopened: list[MatchRow]   # results cleared (pending again)
    played: list[MatchRow]     # of those, matches already played: their games are lost
    restarted: list[MatchRow] = None  # every match with entries (decided or in progress) that restarts (I1)


def preview(match: MatchRow, winner_id: int) -> Preview | None:
    """Dry-run the correction on a copy of the bracket; None when it is no change or not allowed."""
    if match.status != "done" or winner_id == match.winner_id or winner_id not in (match.slot_a, match.slot_b):
        return None
    after = bracket_rows.load(match.bracket)
    try:
        result = bracket_results.correct_result(after, match.key, winner_id, cascade=True)
    except RuleViolation:
        return None
    rows = {m.key: m for m in match.bracket.matches}
    return Preview(winner_id, [rows[k] for k in result.reopened], [rows[k] for k in result.played],
                   bracket_rows.restarted_by(rows, after))


def games_undone(match: MatchRow) -> list[dict]:
    """The games a restart of the match undoes, for the previews: number, winner, score."""
    games = [a for a in match.actions or [] if a.get("kind") == "report_game"]
    sides = {"a": match.slot_a, "b": match.slot_b}
    return [{"number": n, "winner": sides.get(g.get("winner")), "a": g.get("rounds_a"), "b": g.get("rounds_b")}
            for n, g in enumerate(games, start=1)]


def history(match: MatchRow) -> list[Operation]:
    """The entries that set or changed this match's result or station, oldest first."""
    return (db.session.query(Operation)
            .filter(Operation.match_id == match.id, Operation.kind.in_(kinds(in_history=True)))
            .order_by(Operation.id).all())


def dq_effect(entrant: Entrant) -> list[MatchRow]:
    """The entrant's matches that a disqualification decides now (given to the opponent)."""
    return [m for p in entrant.event.phases if p.status == "running" for b in p.brackets for m in b.matches
            if m.status == "ready" and entrant.id in (m.slot_a, m.slot_b)]


def dq_restarts(entrant: Entrant) -> list[MatchRow]:
    """The matches with entries a disqualification would restart (its walkovers, run on a copy)."""
    dq = brackets.disqualified(entrant.event_id) | {entrant.id}
    out = []
    for phase in entrant.event.phases:
        for row in phase.brackets:
            after = bracket_rows.load(row)
            brackets._walkovers(after, dq)  # noqa: SLF001 - the very walk disqualify() makes
            out += bracket_rows.restarted_by({m.key: m for m in row.matches}, after)
    return out


def undo_dq(entrant: Entrant, user=None) -> list[MatchRow]:
    """Lift a disqualification: the walkovers it gave are ready to play again (refused, changing
    nothing, when a match after one of them was really played)."""
    if not entrant.dq:
        raise ServiceError("dq.not_disqualified", N_("%(name)s is not disqualified."), name=entrant.name)
    entrant.dq = False
    changed = []
    for phase in entrant.event.phases:
        for row in phase.brackets:
            bracket = bracket_rows.load(row)
            keys = []
            for match in sorted(bracket.matches.values(), key=lambda m: (m.round, m.index)):
                if match.status == "done" and match.walkover and match.loser == entrant.id:
                    keys += bracket_results.undo_walkover(bracket, match.key)
            if keys:
                changed += bracket_rows.save(bracket, row, list(dict.fromkeys(keys)))
                phase.status = "running"
    for match in changed:  # as an undone walkover: off its station, back in the queue with no old call
        match.station, match.called_at = "", None
    audit.record("entrant.undo_dq", user, entrant.event_id, entrant=entrant.id,
                 matches=[m.id for m in changed])
    return changed
