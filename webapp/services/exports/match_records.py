"""One match as results leave taikai: both entrants, the score, every game with who played whom.

The exports (OBF, the start.gg-shaped sets, the placements CSV), the read API and a player's
history all read a match through here, so they agree with the match page: the games come from
the same replay of the recorded actions (play.state_of). A team match (kachinuki, point format)
names the member of each side in every game. Only public words leave: names, readings,
characters, stages, scores; never a person's account, a device or a note to the desk.
"""
from dataclasses import dataclass, field

from ...models import Entrant, MatchRow
from ...tournament.errors import RuleViolation
from ..matches import play

UNPLAYED = ("bye", "void")


@dataclass
class GameLine:
    """One counted game: its number, who won it (a/b, None for a draw) and who played what."""

    number: int
    winner: str | None
    char_a: str
    char_b: str
    stage: str
    member_a: str
    member_b: str
    decided_by: str = ""
    rounds: tuple = (0, 0)


@dataclass
class MatchRecord:
    """A match with its entrants, score, games and how it was decided."""

    match: MatchRow
    a: Entrant | None
    b: Entrant | None
    score: tuple | None
    games: list[GameLine] = field(default_factory=list)
    how: str = ""            # "" | played | walkover | dq (the loser was disqualified) | forfeit (in play)
    decided_by: str = ""     # forfeit: how the play ended it (absent, a penalty, a day-long DQ)
    players_left: tuple | None = None  # kachinuki: members of each side not yet out
    score_unit: str = "rounds"  # what a game's rounds_a/rounds_b count: rounds, or the stocks left (Smash)

    def result(self, side: str) -> str | None:
        """win | lose | dq for a side of a decided match (OBF's words), None while it is open."""
        winner_id = self.match.winner_id
        if winner_id is None:
            return "draw" if self.match.status == "done" else None
        mine = self.match.slot_a if side == "a" else self.match.slot_b
        if mine == winner_id:
            return "win"
        return "dq" if self.not_played else "lose"

    @property
    def not_played(self) -> bool:
        """The loser did not play the set out: a walkover, a DQ, or a forfeit during play."""
        return self.how in ("walkover", "dq", "forfeit")


def record(match: MatchRow, entrants: dict) -> MatchRecord:
    """The record of one match (entrants: the event's entrants by id)."""
    out = MatchRecord(match, entrants.get(match.slot_a), entrants.get(match.slot_b), None)
    out.how = _how(match, entrants)
    if out.a is None or out.b is None or not match.actions:
        return out
    try:
        state = play.state_of(match)
    except RuleViolation:  # a record the desk must look at: named, without games
        return out
    members = {m.id: m.name for e in (out.a, out.b) for m in e.members}
    out.games = [_line(g, members, n) for n, g in enumerate((g for g in state.games if g.counted), start=1)]
    out.score = tuple(state.score)
    out.score_unit = state.rules.score_unit
    if match.winner_id is not None and state.result is not None and state.result[1] not in ("played", "override"):
        out.how, out.decided_by = "forfeit", state.result[1]
    if state.setup.match_type == "kachinuki":
        out.players_left = (len(state.members_in("a")), len(state.members_in("b")))
    return out


def _line(game, members: dict, number: int) -> GameLine:
    return GameLine(number, game.winner, game.char_a or "", game.char_b or "", game.stage or "",
                    members.get(game.member_a, ""), members.get(game.member_b, ""), game.decided_by or "",
                    (int(game.rounds_a or 0), int(game.rounds_b or 0)))


def _how(match: MatchRow, entrants: dict) -> str:
    if match.winner_id is None:
        return ""
    if not match.walkover:
        return "played"
    loser = entrants.get(match.loser_id)
    return "dq" if loser is not None and loser.dq else "walkover"


def played(matches) -> list[MatchRow]:
    """The matches two entrants meet in (byes and void resets are not sets), in playing order."""
    return sorted((m for m in matches if m.status not in UNPLAYED), key=lambda m: (m.round, m.index, m.id))


def characters_of(records: list[MatchRecord]) -> dict[int, list[str]]:
    """Entrant id -> the characters their side played, in order of first use."""
    out: dict[int, list[str]] = {}
    for rec in records:
        for side, entrant in (("a", rec.a), ("b", rec.b)):
            if entrant is None:
                continue
            chars = out.setdefault(entrant.id, [])
            for game in rec.games:
                char = game.char_a if side == "a" else game.char_b
                if char and char not in chars:
                    chars.append(char)
    return out
