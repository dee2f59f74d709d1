"""A bracket's rows ⇄ the domain's Bracket: load (for a change, or to read for a page) and save."""
from sqlalchemy import select

from ...extensions import db
from ...models import BracketRow, MatchRow
from ...tournament import bracket as bracket_engine
from . import restarts

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
    changed = any(getattr(row, k) != v for k, v in values.items())
    for name, value in values.items():
        setattr(row, name, value)
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
            restarts.restart_if_players_changed(match_row, slots, walkover)  # I1: never carried over
            changed.append(match_row)
    return changed
