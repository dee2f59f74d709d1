"""I1 — a game stays with the players who played it.

When the bracket changes who sits in a match that already has entries (a correction, a
DQ's walkover or its undo, a void ruling, a conflict decision upstream), or decides it by
walkover, the match's entries are never carried over to the new players: they are undone
(kept in the log as applied, flagged `undone` with the reason, so each phone is told on its
next sync), the match is flagged for the desk and starts again from nothing.

`restart_if_players_changed` is called by `bracket_rows.save` for every match row it changes,
so no code path that moves players can skip it; `restarted_by` gives the previews the
same answer before the change is made.
"""
import contextvars
from contextlib import contextmanager

from ...extensions import db
from ...models import MatchRow, Operation
from ...tournament.errors import N_
from ...tournament.play.actions import ACTIONS
from ..entries import preloaded

FLAG = "restarted"
CODE = "match.restarted"
MESSAGE = N_("The players of this match changed after an earlier result was changed (a correction, "
             "a disqualification or its undo, or a desk ruling): this entry was undone and the match "
             "starts again with its new players.")
WALKOVER = N_("This match was given as a walkover: the entries made in it were undone.")
# Kinds whose entries make up a match's play (the phone's entries; desk results excluded).
PLAY_KINDS = tuple(ACTIONS)  # the match-play entry kinds: one per action of the domain


# The rows restarted within collect(), for the desk's answer (None outside it).
_collected: contextvars.ContextVar = contextvars.ContextVar("taikai_restarted", default=None)


@contextmanager
def collect():
    """Yields the list of the match rows restarted inside the block (the desk is shown them)."""
    token = _collected.set([])
    try:
        yield _collected.get()
    finally:
        _collected.reset(token)


def must_restart(row: MatchRow, slots_before: tuple, walkover_before: bool) -> bool:
    """True when the row has entries and its players changed, or a walkover now decides it."""
    if not row.actions:
        return False
    return (row.slot_a, row.slot_b) != tuple(slots_before) or (row.walkover and not walkover_before)


def restart_if_players_changed(row: MatchRow, slots_before: tuple, walkover_before: bool) -> bool:
    """Undo the row's entries when its players changed (see the module's docstring)."""
    if not must_restart(row, slots_before, walkover_before):
        return False
    why = {"code": CODE, "message": MESSAGE if (row.slot_a, row.slot_b) != tuple(slots_before) else WALKOVER,
           "params": {"games": count_games(row.actions)}}
    row.actions = []
    row.flagged = FLAG
    _mark_entries_undone(row.id, why)
    if _collected.get() is not None:
        _collected.get().append(row)
    return True


def _mark_entries_undone(match_id: int, why: dict) -> None:
    """Every applied or confirmed play entry of the match is undone, with why: one a void undid
    before is gone with its game now too (the state machine found it still counted in the match)."""
    preloaded.write_log()  # entries applied earlier in this batch must be in the log to be marked
    db.session.flush()
    rows = db.session.query(Operation).filter(
        Operation.match_id == match_id, Operation.outcome.in_(("applied", "confirmed")),
        Operation.kind.in_(PLAY_KINDS))
    for row in rows:
        if ((row.params or {}).get("undone") or {}).get("code") == CODE:
            continue  # undone by an earlier restart: its reason stays
        row.params = {**(row.params or {}), "undone": why}
        row.undone = True


def undone_by_restart(match: MatchRow) -> list[Operation]:
    """The entries a restart of this match undid, oldest first (none if it never restarted)."""
    if match.flagged != FLAG:
        return []
    rows = (db.session.query(Operation).filter(Operation.match_id == match.id, Operation.undone.is_(True))
            .order_by(Operation.id).all())
    return [r for r in rows if ((r.params or {}).get("undone") or {}).get("code") == CODE]


def count_games(actions: list | None) -> int:
    return sum(1 for a in actions or [] if a.get("kind") == "report_game")


def restarted_by(rows: dict, after) -> list[MatchRow]:
    """The match rows (by key) that a change leaving the domain bracket `after` would restart."""
    out = []
    for key, match in after.matches.items():
        row = rows.get(key)
        if row is None or not row.actions:
            continue
        if tuple(match.slots) != (row.slot_a, row.slot_b) or (match.walkover and not row.walkover):
            out.append(row)
    return out
