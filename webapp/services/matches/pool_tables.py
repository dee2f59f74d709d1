"""A round-robin pool's cross table (星取表) and the scores its standings read.

The domain's standings (tournament/pool_standings.py) need each match's games and rounds: they
come from the match's play, as the match page shows them (play.state_of, the same replay). A
pool is at most 12 players (66 matches, 132 for a double round robin), so it is read whole.
"""
from dataclasses import dataclass, field

from ...models import BracketRow, MatchRow
from ...tournament import formats
from ...tournament import pool_standings as domain
from ...tournament.errors import RuleViolation
from . import bracket_rows, brackets, play


@dataclass
class Meeting:
    """One match between a row's player and a column's, from the row's side."""

    match: MatchRow
    kind: str            # won | lost | walkover_won | walkover_lost | open
    score: tuple | None  # games (mine, theirs), once played
    removed: bool = False  # its result no longer counts (the opponent withdrew, "results removed")


@dataclass
class CrossRow:
    """A player's line: their standing and one cell (a list of meetings) per column."""

    standing: domain.Row
    cells: list = field(default_factory=list)


@dataclass
class CrossTable:
    label: str
    row: BracketRow
    order: list            # entrant ids, row and column order (the seeds)
    rows: list             # CrossRow in place order
    finished: bool
    policy: str            # the rules' DQ policy: walkover | removed
    tiebreaks: list
    ties: list             # groups of entrant ids still level once every match is decided

    @property
    def by_draw(self) -> list:
        """The rows in the columns' order (the seeds): the diagonal runs corner to corner."""
        return sorted(self.rows, key=lambda r: self.order.index(r.standing.entrant))


def scores(row: BracketRow) -> dict[str, tuple]:
    """Match key -> (games a, games b, rounds a, rounds b) for each played, decided match; read
    once for the matches' versions on the row (a page places the pool and draws its table)."""
    stamp = tuple((m.key, m.version, m.status, m.winner_id) for m in row.matches)
    kept = getattr(row, "_taikai_scores", None)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    out = _read_scores(row)
    row._taikai_scores = (stamp, out)  # noqa: SLF001
    return out


def _read_scores(row: BracketRow) -> dict[str, tuple]:
    out = {}
    for m in row.matches:
        if m.status != "done" or m.walkover or not m.actions:
            continue
        try:
            state = play.state_of(m)
        except RuleViolation:  # a record the desk must look at: it counts as a set only
            continue
        games = tuple(state.score)
        if _agrees(m, games):
            live = [g for g in state.games if not g.voided]
            out[m.key] = (*games, sum(g.rounds_a for g in live), sum(g.rounds_b for g in live))
    return out


def _agrees(m: MatchRow, games: tuple) -> bool:
    """False when the games say the other player won (a desk correction changed the winner and
    not the games, as bracket_view.agreeing_score says): such a match counts as a set only."""
    won, lost = games if m.winner_id == m.slot_a else games[::-1]
    return won >= lost


def withdrawn(row: BracketRow) -> set[int]:
    """The pool's players disqualified or withdrawn from the event."""
    ids = {e["id"] for e in row.entrants}
    return brackets.disqualified(row.phase.event_id) & ids


def placements(row: BracketRow, to_read: bool = False) -> list:
    """A bracket's placements; a pool's from its standings with the scores and withdrawals."""
    if not getattr(formats.FORMATS.get(row.format), "needs_scores", False):
        return brackets.placements(row, to_read=to_read)
    bracket = bracket_rows.load_to_read(row) if to_read else bracket_rows.load(row)
    places = formats.placements(bracket, scores=scores(row), withdrawn=withdrawn(row))
    return sorted(places, key=lambda p: (p.rank, p.entrant_id))


def standings(row: BracketRow, found: dict | None = None) -> list[domain.Row]:
    """The pool's rows in place order (while it runs too: the places so far)."""
    bracket = bracket_rows.load_to_read(row)
    results = domain.results_of(bracket, scores(row) if found is None else found)
    return domain.pool_standings(list(bracket.entrants), results, bracket.options, withdrawn(row))


def cross_table(row: BracketRow) -> CrossTable:
    """The pool's cross table: a row per player in place order, a column per player by seed."""
    options = row.options or {}
    found, out = scores(row), withdrawn(row)
    rows = standings(row, found)
    order = [e["id"] for e in sorted(row.entrants, key=lambda e: e["seed"])]
    meetings = _meetings(row, found, out if options.get("dq_policy") == "removed" else set())
    table = [CrossRow(r, [meetings.get((r.entrant, c), []) for c in order]) for r in rows]
    finished = all(m.status in ("done", "bye", "void") for m in row.matches)
    ties = _ties(rows) if finished else []
    return CrossTable(row.label, row, order, table, finished, options.get("dq_policy", "walkover"),
                      list(options.get("tiebreaks") or domain.TIEBREAKS), ties)


def _meetings(row: BracketRow, found: dict, removed: set) -> dict[tuple, list]:
    out: dict[tuple, list] = {}
    for m in sorted(row.matches, key=lambda m: (m.round, m.index)):
        if m.side != "RR" or None in (m.slot_a, m.slot_b):
            continue
        s = found.get(m.key)
        gone = bool({m.slot_a, m.slot_b} & removed)
        for me, them, mine in ((m.slot_a, m.slot_b, s[:2] if s else None),
                               (m.slot_b, m.slot_a, s[1::-1] if s else None)):
            out.setdefault((me, them), []).append(Meeting(m, _kind(m, me), mine, gone))
    return out


def _kind(m: MatchRow, me: int) -> str:
    if m.status != "done" or m.winner_id is None:
        return "open"
    won = "won" if m.winner_id == me else "lost"
    return f"walkover_{won}" if m.walkover else won


def _ties(rows: list[domain.Row]) -> list[list[int]]:
    groups: dict[int, list[int]] = {}
    for r in rows:
        if r.tied and not r.withdrawn:
            groups.setdefault(r.rank, []).append(r.entrant)
    return list(groups.values())


def cross_tables(phase, rows: list | None = None, most: int = 16) -> list[CrossTable]:
    """The pools of a round-robin phase (or those given), at most ``most`` of them (a page of
    pools; a phase of hundreds is read a page at a time); none for another format."""
    pools = [row for row in (phase.brackets if rows is None else rows) if row.format == "round_robin"]
    return [cross_table(row) for row in pools[:most]]


def of_matches(matches: list, most: int = 4) -> list[CrossTable]:
    """The pools the given matches are played in (a phone's next matches), at most ``most``."""
    rows = list({m.bracket.id: m.bracket for m in matches if m.bracket.format == "round_robin"}.values())
    return [cross_table(row) for row in rows[:most]]
