"""A bracket's links read backwards (which match feeds which slot), kept per process.

A result reads only the matches around it (brackets.around), and finding them needs the
whole bracket's reverse links: read once per bracket, as its links never change after
it is built. A sync batch reads those of all its brackets in one query (read_for).
"""
import json

from sqlalchemy import bindparam, select

from ...extensions import db
from ...lru import LRU
from ...models import BracketRow, MatchRow
from ...tournament import bracket as bracket_engine

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
        return _from_rows(row)
    feeders = _FEEDERS.get(ident)
    if feeders is None:
        links = db.session.execute(_LINKS, {"bracket": row.id}).all()
        if not links:  # its matches not written yet
            return _from_rows(row)
        feeders = _keep(ident, links)
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
        _keep(unknown[bracket_id], bracket_links)


def _ident(row: BracketRow) -> tuple | None:
    # Keyed by more than the id: another database with a bracket under the same id (tests,
    # a database made again) differs in its phase's creation time or in the bracket's shape.
    phase = row.phase
    if row.id is None or phase is None or phase.created_at is None:
        return None
    return row.id, phase.id, phase.created_at, row.format, json.dumps(row.options, sort_keys=True), row.label


def _keep(ident: tuple, links) -> dict:
    feeders = bracket_engine.feeders_index(links)
    _FEEDERS.put(ident, feeders)
    return feeders


def _from_rows(row: BracketRow) -> dict:
    return bracket_engine.feeders_index((m.key, m.winner_to, m.loser_to) for m in row.matches)
