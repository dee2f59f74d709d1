"""The placements CSV: rank, name, reading, team members and the characters each entrant played.

For a rankings spreadsheet: one line per placed entrant, UTF-8 with a BOM and formula-safe
cells like the standings CSV (csv_export.csv_text). Characters are those recorded in the
entrant's games, in the order first played, in the file's language where the catalogue knows them.
"""
from ...models import Event, Phase
from ..reads import standings
from ..setup import game_catalogue
from . import csv_export, match_records
from .obf_export import character_name

HEADER = ("rank", "rank_to", "name", "reading", "members", "characters")


def _characters(event: Event, phases: list[Phase], lang: str) -> dict[int, list[str]]:
    entrants = standings.names(event.id)
    records = [match_records.record(m, entrants) for p in phases for row in p.brackets
               for m in match_records.played(row.matches) if m.actions]
    title = game_catalogue.event_title(event)
    return {i: [character_name(title, c, lang) for c in chars]
            for i, chars in match_records.characters_of(records).items()}


def rows(placed: list, chars: dict) -> list[list]:
    """A line per placed entrant."""
    return [[rank, rank_to, e.name, e.reading or "", " / ".join(m.name for m in e.members),
             " / ".join(chars.get(e.id, []))] for rank, rank_to, e in placed if e is not None]


def event_csv(event: Event, lang: str) -> str:
    """The event's final placements."""
    chars = _characters(event, list(event.phases), lang)
    return csv_export.csv_text(list(HEADER), rows(standings.event_standings(event), chars))


def phase_csv(phase: Phase, lang: str) -> str:
    """A phase's placements, bracket by bracket (a pool's places within the pool)."""
    chars = _characters(phase.event, [phase], lang)
    lines = []
    for label, placed in standings.phase_placements(phase):
        lines += [[label, *line] for line in rows(placed, chars)]
    return csv_export.csv_text(["group", *HEADER], lines)
