"""A Swiss bracket's next round, paired in the transaction of the result that ends the round.

The pairing is the domain's (formats/swiss.py: within score groups, no rematch, the bye to the
lowest-ranked player without one, reproducible from the seed kept in the bracket's options);
here the new matches become rows, ready for the calls (auto-call takes them from there). Players
disqualified from the event are left out of every later round (kept in ``options["dropped"]``).
"""
from sqlalchemy import func, select

from ...extensions import db
from ...models import BracketRow, MatchRow
from ...tournament.formats import swiss
from ...tournament.swiss_standings import standings as domain_standings
from . import bracket_rows

OPEN = ("pending", "ready")


def pair_next_if_due(row: BracketRow, dq: set[int]) -> list[MatchRow]:
    """The next round's new rows when every match of the bracket is decided (none otherwise)."""
    if row.format != "swiss":
        return []
    _drop(row, dq)
    if _open_count(row) or _last_round(row) >= int(row.options.get("rounds", 0)):
        return []
    bracket = bracket_rows.load(row)
    keys = swiss.next_round(bracket)
    added = []
    for key in keys:
        match_row = MatchRow(key=key, version=1, actions=[])
        bracket_rows.copy_to_row(bracket.matches[key], match_row)
        row.matches.append(match_row)
        added.append(match_row)
    return added


def _drop(row: BracketRow, dq: set[int]) -> None:
    """Keep the event's disqualified players of this bracket in ``dropped`` as soon as they are out
    (in the last round too): the standings and placements put them last."""
    ids = {e["id"] for e in row.entrants}
    dropped = sorted(set(row.options.get("dropped") or ()) | (dq & ids))
    if dropped != list(row.options.get("dropped") or ()):
        row.options = {**row.options, "dropped": dropped}


def _open_count(row: BracketRow) -> int:
    pending = [m for m in db.session.new | db.session.dirty if isinstance(m, MatchRow) and m.bracket is row]
    if any(m.status in OPEN for m in pending):
        return 1
    held = {m.id for m in pending if m.id is not None}
    query = select(func.count()).select_from(MatchRow).where(MatchRow.bracket_id == row.id,
                                                              MatchRow.status.in_(OPEN))
    if held:
        query = query.where(MatchRow.id.not_in(held))
    return db.session.scalar(query) or 0


def _last_round(row: BracketRow) -> int:
    return db.session.scalar(select(func.max(MatchRow.round)).where(MatchRow.bracket_id == row.id)) or 0


def table(row: BracketRow) -> list:
    """The Swiss standings so far, best first (domain rows: score, Buchholz...); the players out of
    the event last, with the sets they played."""
    bracket = bracket_rows.load_to_read(row)
    out = set(bracket.options.get("dropped") or ())
    return domain_standings(list(bracket.entrants), list(bracket.matches.values()),
                            bracket.options.get("tiebreaks"), out=out)


def tables(phase, rows: list | None = None, most: int = 16) -> dict:
    """Label -> standings for the Swiss brackets of a phase (or those given)."""
    return {row.label: table(row) for row in (phase.brackets if rows is None else rows)[:most]
            if row.format == "swiss"}


def of_matches(matches: list, most: int = 2) -> list[tuple]:
    """(bracket row, standings) of the Swiss brackets the given matches are played in (a phone's)."""
    rows = list({m.bracket.id: m.bracket for m in matches if m.bracket.format == "swiss"}.values())
    return [(row, table(row)) for row in rows[:most]]
