"""A player as one more author of the one push: their entries held in their report until confirmed (issue 36.1).

A staff phone's outbox, the desk taking entries from a shared phone and a player's own report all
come in the same way: `sync/push.apply_batch` reads the body into `Entry`s and hands them, with
their author, to the pipeline's `submit_many`. A staff entry is decided on the match at once; a
player's (author: a `Reporter`) is checked by the same rules and held in the player's report
(models/reports.py, self_report.add_entry): it changes nothing on the match until the opponent,
the desk or the event's clock confirms it, and then reaches the pipeline as the same `Entry`, with
the same op_id (self_report.apply_report), so a resend of any of them is answered once.

Every entry is answered, one outcome each, in one write transaction (one savepoint per entry, so a
refused one leaves nothing): held in the report ("applied", the match's version), or refused in words.
"""
from dataclasses import dataclass

from ...database import write_transaction
from ...extensions import db
from ...models import MatchRow
from ...tournament.errors import N_, RuleViolation
from .. import ServiceError
from ..entries.entry import Entry, Outcome
from . import report_versions, self_report


@dataclass(frozen=True)
class Reporter:
    """A player reporting their own matches: the entrant of their personal link, in its event."""

    entrant_id: int
    event_id: int
    is_desk = False  # read by checks that ask any author whether it is the desk


def hold(entries: list[Entry], reporter: Reporter, also=None) -> list[Outcome]:
    """Each entry held in the reporter's report or refused; one transaction, one outcome each."""
    with write_transaction(db.session):
        outcomes = [_held(entry, reporter) for entry in entries]
        if also is not None:
            also()
    return outcomes


def _held(entry: Entry, reporter: Reporter) -> Outcome:
    if entry.failure:
        code, message, params = entry.failure
        return Outcome(entry.op_id, "rejected", code, message, params)
    try:
        match = _own_match(entry, reporter)
        with db.session.begin_nested():  # a refused entry leaves nothing of itself
            report_versions.add_entry(match, reporter.entrant_id, entry.op_id, entry.kind, dict(entry.payload))
    except (ServiceError, RuleViolation) as problem:
        return Outcome(entry.op_id, "rejected", problem.code, problem.message, dict(problem.params or {}))
    return Outcome(entry.op_id, "applied", match_version=match.version)


def _own_match(entry: Entry, reporter: Reporter) -> MatchRow:
    """The entry's match, locked, when the reporter plays it in their event; else refused in words."""
    match = db.session.get(MatchRow, entry.match_id, with_for_update=True) if entry.on_match else None
    if match is None or match.bracket.phase.event_id != reporter.event_id \
            or reporter.entrant_id not in (match.slot_a, match.slot_b):
        raise ServiceError("report.not_yours", N_("You can report only your own match."))
    self_report.retire_outranked(match)  # a staff entry replaced the report: recorded, whatever follows
    return match

