"""Breaking a pool's tie that every tiebreak left standing: a playoff match, or a recorded draw.

The playoff is a match of the pool itself (side ``PO``): its winner is placed ahead (the
domain reads it as a decision on exactly those two players). A draw is taikai's verifiable
draw (tournament/draw.py) of exactly the tied players, kept in the pool's options with its seed
so anyone can check it. Both are refused once the next phase has started: its entrants came
from these places (the existing correction rules).
"""
from ...extensions import db
from ...models import BracketRow, MatchRow, Phase
from ...tournament import draw as draws
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from . import pool_tables


def _check_tie(row: BracketRow, entrants: list[int]) -> None:
    if row.format != "round_robin":
        raise ServiceError("pool.not_round_robin", N_("Only a round-robin pool breaks ties this way."))
    table = pool_tables.cross_table(row)
    if not table.finished:
        raise ServiceError("pool.not_finished",
                           N_("The pool still has matches to play: a tie is known only at its end."))
    if sorted(entrants) not in [sorted(t) for t in table.ties]:
        raise ServiceError("pool.not_tied", N_("These players are not level after every tiebreak."))
    _check_next_phase(row.phase)


def _check_next_phase(phase: Phase) -> None:
    later = [p for p in phase.event.phases if p.position > phase.position and p.status != "draft"]
    if later:
        raise ServiceError("pool.next_phase_started",
                           N_("%(phase)s has already started with these places; the tie can no longer "
                              "be broken here."), phase=later[0].name)


def add_playoff(row: BracketRow, entrants: list[int], user=None) -> MatchRow:
    """A playoff match between the two tied players, ready to call; the phase runs again."""
    _check_tie(row, entrants)
    if len(entrants) != 2 or (row.options or {}).get("tie_resolution", "playoff") != "playoff":
        raise ServiceError("pool.playoff_two", N_("A playoff match is for two tied players; draw the order of more."))
    number = 1 + sum(1 for m in row.matches if m.side == "PO")
    match = MatchRow(key=f"PO{number}", side="PO", round=number, index=1, slot_a=entrants[0],
                     slot_b=entrants[1], status="ready", version=1, actions=[])
    row.matches.append(match)
    row.phase.status = "running"
    db.session.flush()
    audit.record("pool.playoff", user, row.phase.event_id, bracket=row.id, entrants=entrants)
    return match


def record_draw(row: BracketRow, entrants: list[int], user=None, seed: str | None = None) -> list[int]:
    """Order the tied players by a recorded draw; returns the order, best first."""
    _check_tie(row, entrants)
    record = draws.make_draw(sorted(entrants), seed)
    options = dict(row.options or {})
    options["decisions"] = [*options.get("decisions", []), list(record.result)]
    options["draws"] = [*options.get("draws", []), {"seed": record.seed, "inputs": record.inputs,
                                                    "result": record.result}]
    row.options = options
    db.session.flush()
    audit.record("pool.draw", user, row.phase.event_id, bracket=row.id, seed=record.seed, result=record.result)
    return list(record.result)
