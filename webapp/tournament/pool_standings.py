"""A round-robin pool's standings: set record, game and round difference, tiebreaks, withdrawals.

Order (the FGC default, each step configurable in ``tiebreaks``): set wins, then for players
still level the head-to-head among exactly those players, then game difference, then round
difference. Whenever a step splits a level group, each smaller group starts again from the
first step, so a head-to-head is always read among exactly the players still tied. Players
level after every step share a place until the desk breaks the tie: the winner of a playoff
match in the pool (side ``PO``), or a recorded draw (the ``decisions`` option: an order of
exactly the tied players).

A withdrawn or disqualified player: with ``dq_policy="walkover"`` their remaining matches are
walkovers (results stand); with ``"removed"`` every match they played is taken out of the
others' records. Either way they are placed after everyone still in the pool.
A walkover counts as a set won and lost, with no games or rounds.
Pure stdlib.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import N_, BracketError

TIEBREAKS = ("head_to_head", "game_difference", "round_difference")
TIEBREAK_LABELS = {"head_to_head": N_("Head-to-head among the tied players"),
                   "game_difference": N_("Game difference"), "round_difference": N_("Round difference")}
DQ_POLICIES = ("walkover", "removed")


@dataclass(frozen=True)
class Result:
    """One decided pool match, the scores from slot ``a``'s side (None: not known)."""

    a: int
    b: int
    winner: int
    games: tuple | None = None
    rounds: tuple | None = None
    walkover: bool = False


@dataclass
class Row:
    """One player's line of the cross table."""

    entrant: int
    wins: int = 0
    losses: int = 0
    games_for: int = 0
    games_against: int = 0
    rounds_for: int = 0
    rounds_against: int = 0
    rank: int = 0
    rank_to: int = 0
    withdrawn: bool = False

    @property
    def game_difference(self) -> int:
        return self.games_for - self.games_against

    @property
    def round_difference(self) -> int:
        return self.rounds_for - self.rounds_against

    @property
    def tied(self) -> bool:
        """True while the place is shared: a playoff or a draw is due."""
        return self.rank_to > self.rank


def check_tiebreaks(tiebreaks) -> None:
    """Refuse an unknown or repeated tiebreak name."""
    if tiebreaks is None:
        return
    if len(set(tiebreaks)) != len(tiebreaks) or any(t not in TIEBREAKS for t in tiebreaks):
        raise BracketError("bracket.bad_tiebreaks",
                           N_("Tiebreaks must be chosen from %(known)s, each at most once."),
                           known=", ".join(TIEBREAKS))


def results_of(bracket, scores: dict) -> tuple[list[Result], list[list]]:
    """The pool's decided results and the desk's decisions (draws, playoff winners) from a bracket.

    ``scores``: match key -> (games a, games b, rounds a, rounds b), slot a's side first."""
    results, decisions = [], [list(d) for d in bracket.options.get("decisions") or []]
    for m in bracket.matches.values():
        if m.status != "done" or m.winner is None or None in m.slots:
            continue
        if m.side == "PO":
            decisions.append([m.winner, m.loser])
            continue
        s = None if m.walkover else scores.get(m.key)
        results.append(Result(m.slots[0], m.slots[1], m.winner, s[:2] if s else None,
                              s[2:4] if s and len(s) >= 4 else None, m.walkover))
    return results, decisions


def tally(entrants: list, results: list[Result], withdrawn=()) -> dict[int, Row]:
    """Each player's set record and game and round totals."""
    rows = {e: Row(e, withdrawn=e in withdrawn) for e in entrants}
    for r in results:
        loser = r.b if r.winner == r.a else r.a
        rows[r.winner].wins += 1
        rows[loser].losses += 1
        for field, pair in (("games", r.games), ("rounds", r.rounds)):
            if pair is None:
                continue
            for who, mine, theirs in ((r.a, pair[0], pair[1]), (r.b, pair[1], pair[0])):
                setattr(rows[who], f"{field}_for", getattr(rows[who], f"{field}_for") + mine)
                setattr(rows[who], f"{field}_against", getattr(rows[who], f"{field}_against") + theirs)
    return rows


def _key(criterion: str, player: int, group: list, rows: dict, results: list) -> int:
    if criterion == "wins":
        return rows[player].wins
    if criterion == "head_to_head":
        inside = set(group)
        return sum(1 for r in results if r.winner == player and r.a in inside and r.b in inside)
    return getattr(rows[player], criterion)


def order(group: list, criteria: list, rows: dict, results: list, decisions: list) -> list[list]:
    """The group as places, best first: a place holding several players is a tie left standing."""
    if len(group) <= 1:
        return [group]
    for criterion in criteria:
        keys = {p: _key(criterion, p, group, rows, results) for p in group}
        if len(set(keys.values())) > 1:
            levels = sorted(set(keys.values()), reverse=True)
            subgroups = [[p for p in group if keys[p] == k] for k in levels]
            return [place for sub in subgroups for place in order(sub, criteria, rows, results, decisions)]
    decided = next((d for d in decisions if sorted(d) == sorted(group)), None)
    return [[p] for p in decided] if decided else [group]


def pool_standings(entrants: list, found: tuple, options: dict, withdrawn=()) -> list[Row]:
    """The cross table's rows in place order, ranks set (``found``: ``results_of``'s answer)."""
    results, decisions = found
    if options.get("dq_policy", "walkover") == "removed":
        results = [r for r in results if r.a not in withdrawn and r.b not in withdrawn]
    rows = tally(entrants, results, withdrawn)
    chosen = options.get("tiebreaks")
    criteria = ["wins", *(TIEBREAKS if chosen is None else chosen)]  # [] is "no tiebreak", not the default
    places = []
    for group in ([e for e in entrants if e not in withdrawn], [e for e in entrants if e in withdrawn]):
        places += order(sorted(group), criteria, rows, results, decisions) if group else []
    out, rank = [], 1
    for place in places:
        for p in place:
            rows[p].rank, rows[p].rank_to = rank, rank + len(place) - 1
            out.append(rows[p])
        rank += len(place)
    return out
