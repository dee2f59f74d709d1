"""A bracket's rows ⇄ the domain's Bracket: read (with the bracket's links read backwards), saved,
and restarted when their players change.

I1 — a game stays with the players who played it.

When the bracket changes who sits in a match that already has entries (a correction, a
DQ's walkover or its undo, a void ruling, a conflict decision upstream), or decides it by
walkover, the match's entries are never carried over to the new players: they are undone
(kept in the log as applied, flagged `undone` with the reason, so each phone is told on its
next sync), the match is flagged for the desk and starts again from nothing.

`restart_if_players_changed` is called by `save` for every match row it changes, so no code
path that moves players can skip it; `restarted_by` gives the previews the same answer before
the change is made.

Reading: `load` for a change, `load_to_read` for a page. A result reads only the matches around
it (brackets.around), and finding them needs the whole bracket's reverse links (`feeders_of`):
read once per bracket and kept per process, as its links never change after it is built. A sync
batch reads those of all its brackets in one query (`read_for`).
"""
import contextvars
from contextlib import contextmanager

from sqlalchemy import bindparam, select

from ... import json_text
from ...extensions import db
from ...lru import LRU
from ...models import BracketRow, MatchRow, Operation
from ...tournament import bracket as bracket_engine
from ...tournament.errors import N_
from ...tournament.play.actions import ACTIONS
from ..entries import preloaded

MATCH_FIELDS = ("key", "side", "round", "index", "winner_to", "loser_to", "winner", "loser",
                "status", "walkover", "conditional")


def load(row: BracketRow) -> bracket_engine.Bracket:
    """Rebuild the domain bracket from its rows."""
    entrants = {e["id"]: bracket_engine.Entrant(id=e["id"], seed=e["seed"], tier=e.get("tier", 0))
                for e in row.entrants}
    matches = {m.key: to_domain(m) for m in row.matches}
    return bracket_engine.Bracket(format=row.format, options=dict(row.options), entrants=entrants,
                          matches=matches, label=row.label)


# The columns to_domain reads, in the order of BracketRow.matches.
_DOMAIN_COLUMNS = (select(MatchRow.key, MatchRow.side, MatchRow.round, MatchRow.index, MatchRow.slot_a,
                          MatchRow.slot_b, MatchRow.winner_to, MatchRow.loser_to, MatchRow.winner_id,
                          MatchRow.loser_id, MatchRow.status, MatchRow.walkover, MatchRow.conditional)
                   .order_by(MatchRow.id))


def load_to_read(row: BracketRow) -> bracket_engine.Bracket:
    """load() for a page, which changes nothing: the matches' columns read as plain rows in one
    query (the session flushes first, so its unsaved changes are read too), not as ORM rows with
    every match's actions, which cost a big standings page most of its memory and time."""
    entrants = {e["id"]: bracket_engine.Entrant(id=e["id"], seed=e["seed"], tier=e.get("tier", 0))
                for e in row.entrants}
    matches = {m.key: to_domain(m) for m in db.session.execute(_DOMAIN_COLUMNS.where(MatchRow.bracket_id == row.id))}
    return bracket_engine.Bracket(format=row.format, options=dict(row.options), entrants=entrants,
                          matches=matches, label=row.label)


def to_domain(m: MatchRow) -> bracket_engine.Match:
    """The domain match of a row (or of a plain row with the same columns)."""
    return bracket_engine.Match(key=m.key, side=m.side, round=m.round, index=m.index,
                        slots=[m.slot_a, m.slot_b],
                        winner_to=tuple(m.winner_to) if m.winner_to else None,
                        loser_to=tuple(m.loser_to) if m.loser_to else None,
                        winner=m.winner_id, loser=m.loser_id, status=m.status,
                        walkover=m.walkover, conditional=m.conditional)


def copy_to_row(match: bracket_engine.Match, row: MatchRow) -> bool:
    """Copy the domain match onto its row; True when anything changed."""
    values = {"side": match.side, "round": match.round, "index": match.index,
              "slot_a": match.slots[0], "slot_b": match.slots[1],
              "winner_to": list(match.winner_to) if match.winner_to else None,
              "loser_to": list(match.loser_to) if match.loser_to else None,
              "winner_id": match.winner, "loser_id": match.loser, "status": match.status,
              "walkover": match.walkover, "conditional": match.conditional}
    changed = False
    for name, value in values.items():
        # Only what differs: setting a column to its own value still marks the row dirty, and the
        # flush (and the version hook) then inspects every column of every neighbour looked at.
        if getattr(row, name) != value:
            setattr(row, name, value)
            changed = True
    return changed


def save(bracket: bracket_engine.Bracket, row: BracketRow, keys=None, rows: dict | None = None) -> list[MatchRow]:
    """Write the domain's matches back (only `keys` when given); bump changed versions.

    `rows`: the rows by key when the caller holds them (not the bracket's whole list)."""
    rows = rows if rows is not None else {m.key: m for m in row.matches}
    changed = []
    for key in (keys if keys is not None else bracket.matches):
        match_row = rows[key]
        slots, walkover = (match_row.slot_a, match_row.slot_b), match_row.walkover
        if copy_to_row(bracket.matches[key], match_row):
            match_row.version += 1
            if slots != (match_row.slot_a, match_row.slot_b):
                match_row.slots_version = match_row.version
            restart_if_players_changed(match_row, slots, walkover)  # I1: never carried over
            changed.append(match_row)
    return changed


# Restarts (I1, the module's docstring).
RESTART_FLAG = "restarted"
RESTART_CODE = "match.restarted"
RESTART_MESSAGE = N_("The players of this match changed after an earlier result was changed (a correction, "
                     "a disqualification or its undo, or a desk ruling): this entry was undone and the match "
                     "starts again with its new players.")
WALKOVER_MESSAGE = N_("This match was given as a walkover: the entries made in it were undone.")
# Kinds whose entries make up a match's play (the phone's entries; desk results excluded).
PLAY_KINDS = tuple(ACTIONS)  # the match-play entry kinds: one per action of the domain


# The rows restarted within collect_restarts(), for the desk's answer (None outside it).
_collected: contextvars.ContextVar = contextvars.ContextVar("taikai_restarted", default=None)


@contextmanager
def collect_restarts():
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
    moved = (row.slot_a, row.slot_b) != tuple(slots_before)
    why = {"code": RESTART_CODE, "message": RESTART_MESSAGE if moved else WALKOVER_MESSAGE,
           "params": {"games": count_games(row.actions)}}
    row.actions = []
    row.flagged = RESTART_FLAG
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
        if ((row.params or {}).get("undone") or {}).get("code") == RESTART_CODE:
            continue  # undone by an earlier restart: its reason stays
        row.params = {**(row.params or {}), "undone": why}
        row.undone = True


def undone_by_restart(match: MatchRow) -> list[Operation]:
    """The entries a restart of this match undid, oldest first (none if it never restarted)."""
    if match.flagged != RESTART_FLAG:
        return []
    rows = (db.session.query(Operation).filter(Operation.match_id == match.id, Operation.undone.is_(True))
            .order_by(Operation.id).all())
    return [r for r in rows if ((r.params or {}).get("undone") or {}).get("code") == RESTART_CODE]


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


# A bracket's links read backwards (which match feeds which slot), kept per process.
_LINKS = select(MatchRow.key, MatchRow.winner_to, MatchRow.loser_to).where(
    MatchRow.bracket_id == bindparam("bracket"))  # built once
_LINKS_OF = select(MatchRow.bracket_id, MatchRow.key, MatchRow.winner_to, MatchRow.loser_to).where(
    MatchRow.bracket_id.in_(bindparam("brackets", expanding=True)))
_FEEDERS_KEPT = 4096
_FEEDERS = LRU(_FEEDERS_KEPT)


def feeders_of(row: BracketRow) -> dict:
    """The bracket's reverse links (bracket_engine.feeders_index), read once per process."""
    ident = _ident(row)
    if ident is None:  # not written yet
        return _feeders_from_rows(row)
    feeders = _FEEDERS.get(ident)
    if feeders is None:
        links = db.session.execute(_LINKS, {"bracket": row.id}).all()
        if not links:  # its matches not written yet
            return _feeders_from_rows(row)
        feeders = _keep_feeders(ident, links)
    return feeders


def read_for(rows) -> None:
    """Read the links of those of these brackets not known yet, in one query."""
    unknown = {row.id: ident for row in rows if (ident := _ident(row)) is not None and ident not in _FEEDERS}
    if not unknown:
        return
    links: dict[int, list] = {}
    for bracket_id, *link in db.session.execute(_LINKS_OF, {"brackets": sorted(unknown)}):
        links.setdefault(bracket_id, []).append(link)
    for bracket_id, bracket_links in links.items():
        _keep_feeders(unknown[bracket_id], bracket_links)


def _ident(row: BracketRow) -> tuple | None:
    # Keyed by more than the id: another database with a bracket under the same id (tests,
    # a database made again) differs in its phase's creation time or in the bracket's shape.
    phase = row.phase
    if row.id is None or phase is None or phase.created_at is None:
        return None
    return row.id, phase.id, phase.created_at, row.format, json_text.key_of(row.options), row.label


def _keep_feeders(ident: tuple, links) -> dict:
    feeders = bracket_engine.feeders_index(links)
    _FEEDERS.put(ident, feeders)
    return feeders


def _feeders_from_rows(row: BracketRow) -> dict:
    return bracket_engine.feeders_index((m.key, m.winner_to, m.loser_to) for m in row.matches)
