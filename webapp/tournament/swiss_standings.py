"""Swiss standings: score (a bye counts as a win), then Buchholz, median Buchholz, opponents' win
rate and head-to-head among exactly the tied players, in the order the phase chooses.

- Buchholz: the sum of the opponents' scores (a bye has no opponent and adds nothing);
- median Buchholz: the same without the best and the worst opponent (with three or more);
- opponents' win rate: the mean of each opponent's wins per match played, in thousandths;
- head-to-head: wins against the other tied players, as for a round-robin pool.
A player out of the event (disqualified or withdrawn, the bracket's ``dropped``) keeps the sets he
played, for his own line and his opponents' Buchholz, and is placed below every player still in.
Pure stdlib.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import N_, BracketError

TIEBREAKS = ("buchholz", "median_buchholz", "opponents_win", "head_to_head")
TIEBREAK_LABELS = {"buchholz": N_("Buchholz (opponents' scores)"),
                   "median_buchholz": N_("Median Buchholz"),
                   "opponents_win": N_("Opponents' win rate"), "head_to_head": N_("Head-to-head")}


@dataclass
class SwissRow:
    """One player's line of the Swiss standings."""

    entrant: int
    wins: int = 0
    losses: int = 0
    byes: int = 0
    opponents: list = field(default_factory=list)
    beaten: list = field(default_factory=list)
    buchholz: int = 0
    median_buchholz: int = 0
    opponents_win: int = 0
    rank: int = 0
    rank_to: int = 0
    out: bool = False     # disqualified or withdrawn: placed last, shown as such

    @property
    def score(self) -> int:
        return self.wins + self.byes


def check_tiebreaks(tiebreaks) -> None:
    """Refuse an unknown or repeated tiebreak name."""
    if tiebreaks is None:
        return
    if len(set(tiebreaks)) != len(tiebreaks) or any(t not in TIEBREAKS for t in tiebreaks):
        raise BracketError("bracket.bad_tiebreaks",
                           N_("Tiebreaks must be chosen from %(known)s, each at most once."),
                           known=", ".join(TIEBREAKS))


def tally(entrants: list, matches) -> dict[int, SwissRow]:
    """Records from the decided matches (``matches``: the bracket's, with slots and winners); a
    player dropped from later rounds still has a row, for their opponents' Buchholz."""
    matches = list(matches)
    rows = {e: SwissRow(e) for e in entrants}
    for m in matches:
        for p in (m.winner, m.loser):
            if p is not None and p not in rows:
                rows[p] = SwissRow(p)
    for m in matches:
        if m.status == "bye" and m.winner in rows:
            rows[m.winner].byes += 1
        elif m.status == "done" and m.winner is not None and m.loser is not None:
            rows[m.winner].wins += 1
            rows[m.winner].beaten.append(m.loser)
            rows[m.loser].losses += 1
            rows[m.winner].opponents.append(m.loser)
            rows[m.loser].opponents.append(m.winner)
    for r in rows.values():
        scores = sorted(rows[o].score for o in r.opponents)
        r.buchholz = sum(scores)
        r.median_buchholz = sum(scores[1:-1]) if len(scores) >= 3 else sum(scores)
        rates = [rows[o].wins / max(1, rows[o].wins + rows[o].losses) for o in r.opponents]
        r.opponents_win = round(1000 * sum(rates) / len(rates)) if rates else 0
    return rows


def _key(criterion: str, row: SwissRow, group: set) -> int:
    if criterion == "score":
        return row.score
    if criterion == "head_to_head":
        return sum(1 for o in row.beaten if o in group)
    return getattr(row, criterion)


def _order(group: list, criteria: list, rows: dict) -> list[list]:
    if len(group) <= 1:
        return [group]
    members = set(group)
    for criterion in criteria:
        keys = {p: _key(criterion, rows[p], members) for p in group}
        if len(set(keys.values())) > 1:
            levels = sorted(set(keys.values()), reverse=True)
            return [place for k in levels for place in _order([p for p in group if keys[p] == k], criteria, rows)]
    return [group]


def standings(entrants: list, matches, tiebreaks=None, out=()) -> list[SwissRow]:
    """Rows in place order; players level after every tiebreak share a place; the players ``out``
    (among ``entrants``) after everyone else, with their records."""
    gone = set(out)
    rows = tally(entrants, matches)
    criteria = ["score", *(TIEBREAKS if tiebreaks is None else tiebreaks)]
    places = []
    for group in ([e for e in entrants if e not in gone], [e for e in entrants if e in gone]):
        places += _order(sorted(group), criteria, rows) if group else []
    ranked, rank = [], 1
    for place in places:
        for p in place:
            rows[p].rank, rows[p].rank_to, rows[p].out = rank, rank + len(place) - 1, p in gone
            ranked.append(rows[p])
        rank += len(place)
    return ranked
