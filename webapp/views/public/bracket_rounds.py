"""A bracket page assembled from blocks of its rounds, each block drawn once per content.

A result changes one match (and the one or two it feeds), so of a 4,096-player bracket's two
hundred-odd blocks (bracket_outline.BLOCK places each) one to three are drawn again; the others
come from the fragment cache, keyed by what the database says of the block's rows (their count,
latest update and versions: bracket_outline.block_stamps, one aggregate query for the phase), the
bracket's shape (its names and lines), the block's places and lines, and the event's
entrants_version (bumped with any change to its entrants or members: versions.py). What is not in
the key cannot change the block. Only the blocks drawn again read their matches (as plain rows)
and their scores (services/reads/match_scores.py), a few hundred at a time, so an empty cache does not
hold the whole bracket's rows at once.
"""
import hashlib
from dataclasses import dataclass

from flask import render_template, request
from markupsafe import Markup
from sqlalchemy import select

from ...extensions import db
from ...models import Entrant, Event, MatchRow
from ...polling import fragments
from ...services.reads import bracket_outline, match_scores
from ...services.reads.bracket_view import Cell, _state
from ...services.reads.round_names import for_bracket, shape

CHUNK = 128  # matches read (and held) at once while blocks are drawn: a worker's memory stays low


def renderer(phase, stamp: tuple, drawings: list, rows: list):
    """round_html(round) for _partials/bracket.html: a round's places from their blocks,
    the blocks missing from the cache drawn first (their matches read in a few queries)."""
    people, who = entrants(phase.event_id)
    keys = _block_keys(phase, stamp, drawings, who, rows)
    found = {key: fragments.lookup_utf8("bracket-block", key) for key, _cells in keys.values()}
    missing = [(key, cells) for key, cells in keys.values() if found[key] is None]
    if missing:  # seeds and match names once per bracket drawn, not once per chunk
        table = {b.id: ({e["id"]: e["seed"] for e in b.entrants}, for_bracket(b).matches) for b in rows}
        for chunk in _chunks(missing):
            found.update(_draw(phase, chunk, table, people))

    def round_html(round_view) -> Markup:
        # The kept UTF-8 joined and decoded once, then marked safe once: Markup.join copies each
        # block twice more (the blocks are our own drawing), and a 4,096-player page is 5 million
        # characters of them; the worker keeps them as UTF-8 (fragments._Utf8), not as text.
        return Markup(b"".join(found[keys[id(block[0])][0]] for block, _static in _blocks(round_view)).decode())
    return round_html


def _blocks(round_view) -> list[tuple[list[Cell], str]]:
    """The round's blocks of places, each with a digest of what the outline fixes of it (its
    matches' ids, lines and empty places), kept on the round: an outline's rounds are shared by
    every request of its shape."""
    kept = getattr(round_view, "_taikai_blocks", None)
    if kept is None:
        blocks: dict[int, list[Cell]] = {}
        for cell in round_view.cells:
            blocks.setdefault(bracket_outline.block_of(cell.match), []).append(cell)
        # What the outline fixes of a block is hashed once per outline, not on every page.
        kept = [(cells, hashlib.sha1(repr(tuple((c.match.id, c.join, c.fed, bool(c.state)) for c in cells))
                                     .encode()).hexdigest()) for cells in blocks.values()]
        round_view._taikai_blocks = kept  # noqa: SLF001
    return kept


def entrants(event_id: int) -> tuple["_People", str]:
    """The event's entrants' names and readings (read when a block or the names list is drawn, not
    on every page), and what says they changed: the event's creation time and its
    entrants_version, in one indexed read. versions.py adds one to entrants_version in the flush
    that adds, removes or changes any entrant or member of the event (a test renames one and sees
    the page change), so a key holding it changes whenever a name does, or a member a score
    replays with; reading and hashing every name instead cost a big bracket's page on every request."""
    kept = request.environ.get("taikai.entrants")  # once a request (g can outlive one: tests)
    if kept is None or kept[0] != event_id:
        created, version = db.session.execute(select(Event.created_at, Event.entrants_version)
                                              .where(Event.id == event_id)).one()
        kept = request.environ["taikai.entrants"] = (event_id, _People(event_id), f"{created}:{version}")
    return kept[1], kept[2]


class _People:
    """The event's entrants (id, name, reading, dq), read when something is drawn: the names list reads
    them all, a block only those its matches name (one game draws a block of 32 matches: reading a
    4,096-player event's names for it cost more than drawing it)."""

    def __init__(self, event_id: int):
        self._event_id = event_id

    def among(self, ids: set) -> dict:
        """The named entrants by id."""
        query = self._query().where(Entrant.id.in_(sorted(ids)))
        return {row[0]: _Person(*row) for row in db.session.execute(query)} if ids else {}

    def values(self) -> list:
        """Every entrant, as rows with the same attributes (a 9,000-entrant list makes no objects)."""
        return db.session.execute(self._query().order_by(Entrant.id)).all()

    def _query(self):
        return select(Entrant.id, Entrant.name, Entrant.reading, Entrant.dq).where(Entrant.event_id == self._event_id)


@dataclass(slots=True)
class _Person:
    id: int
    name: str
    reading: str
    dq: bool  # shown beside the name: the slot's matches become walkovers


def entrant_options(event_id: int) -> Markup:
    """The "find me" list of the event's names, drawn again only when a name changes."""
    people, who = entrants(event_id)
    return fragments.cached("entrant-options", ("entrants", event_id, who),
                            lambda: render_template("_partials/entrant_options.html", names=people))


def _block_keys(phase, stamp: tuple, drawings: list, who: str, rows: list) -> dict:
    """id(first cell of a block) -> (cache key, its cells), for every block of the drawings."""
    stamps = bracket_outline.block_stamps(phase, rows)
    shapes = {row.id: shape(row) for row in rows}
    keys = {}
    for drawing in drawings:
        for side in drawing.sides:
            for round_view in side.rounds:
                for cells, static in _blocks(round_view):
                    first = cells[0].match
                    where = (first.bracket_id, first.side, first.round, bracket_outline.block_of(first))
                    content = (where, stamps.get(where), shapes[first.bracket_id], who, static)
                    digest = hashlib.sha1(repr(content).encode()).hexdigest()
                    keys[id(cells[0])] = (("block", phase.id, stamp[2], digest), cells)
    return keys


def _chunks(missing: list) -> list[list]:
    """The missing blocks in runs of about CHUNK places (a pool's round is a block of a few)."""
    chunks, current, size = [], [], 0
    for key, cells in missing:
        if current and size + len(cells) > CHUNK:
            chunks.append(current)
            current, size = [], 0
        current.append((key, cells))
        size += len(cells)
    return chunks + [current] if current else chunks


# The columns a drawn match shows (and its score replays), read as plain rows: ORM objects for
# thousands of matches cost more to build than the blocks cost to draw.
_DRAWN = select(MatchRow.id, MatchRow.key, MatchRow.bracket_id, MatchRow.side, MatchRow.round, MatchRow.index,
                MatchRow.slot_a, MatchRow.slot_b, MatchRow.winner_id, MatchRow.status, MatchRow.walkover,
                MatchRow.station, MatchRow.actions)


def _draw(phase, missing: list, table: dict, people) -> dict:
    """The missing blocks drawn and kept: their matches read in one query, their scores in two more."""
    ids = [c.match.id for _key, cells in missing for c in cells if c.state]
    rows = {m.id: m for m in db.session.execute(_DRAWN.where(MatchRow.id.in_(ids)))} if ids else {}
    scores = match_scores.scores(phase, list(rows.values()))
    names = people.among({e for m in rows.values() for e in (m.slot_a, m.slot_b) if e})
    drawn = {}
    for key, cells in missing:
        seeds, titles = table[cells[0].match.bracket_id]
        html = render_template("_partials/bracket_block.html", cells=[_cell(c, rows, seeds, scores) for c in cells],
                               names=names, titles=titles)
        drawn[key] = fragments.keep_utf8("bracket-block", key, html)
    return drawn


@dataclass(slots=True)
class _Drawn:
    """A place as _partials/bracket_block.html draws it (bracket_view.Cell with its score read)."""

    match: object
    join: str
    fed: bool
    state: str
    seeds: tuple
    score: tuple | None


def _cell(outlined: Cell, rows: dict, seeds: dict, scores: dict):
    if not outlined.state:
        return outlined
    match = rows[outlined.match.id]
    return _Drawn(match, outlined.join, outlined.fed, _state(match), (seeds.get(match.slot_a), seeds.get(match.slot_b)),
                  scores.get(match.id))
