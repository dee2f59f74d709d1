"""What the staff page shows before the next game."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Optional

from webapp.tournament.play.sides import SIDES, other


@dataclass
class Prompt:
    """The next game's setting: players, who names, stage, characters, score."""

    game: int                          # 1-based number of the next game
    rounds_to_win: int
    games_to_win: Optional[int]        # best of N only
    players: dict                      # side -> member id, None if the side must name
    must_name: list                    # sides that name a player next
    blind_select: bool                 # those names are given blind (start, double K.O.)
    members_in: dict                   # side -> member ids not out
    absent: dict                       # side -> member ids not arrived (play last)
    stage_picker: Optional[str]        # side that picks the stage, None: agreement
    side_a: str                        # "1P"/"2P" fixed by the toss, "" if free
    may_change_character: list         # sides whose player may change character
    characters: dict                   # side -> character the current player must use
    replay: Optional[dict]             # same characters and stage, when a game is replayed
    awarded_rounds: dict               # side -> rounds it holds by penalty in this game
    needs_coin_toss: bool
    penalties: list = field(default_factory=list)
    day_dq: dict = field(default_factory=dict)   # side -> member ids out for the whole day
    ruling: Optional[dict] = None      # a void waiting for the desk's ruling
    undone: list = field(default_factory=list)   # entries a void undid, with the reason
    score: tuple = (0, 0)
    finished: bool = False
    winner: Optional[str] = None

    def to_dict(self) -> dict:
        """A JSON-able form."""
        return asdict(self)


def stage_picker(state) -> Optional[str]:
    """Tekken: the toss's stage holder, then the previous game's loser ("loser_picks": from game 2)."""
    if state.rules.stage_rule == "loser_picks" and state.replay_of is None:
        return state.games[-1].loser if state.games else None
    if state.rules.stage_rule != "toss_then_loser" or state.replay_of is not None:
        return None
    if not state.games:
        toss = state.toss
        if toss is None:
            return None
        return toss.winner if toss.choice == "stage" else other(toss.winner)
    return state.games[-1].loser   # None after a double K.O.: agree or toss again


def _character(state, side) -> str:
    """The character the side's current player is held to (Tekken), else ""."""
    s = state.side(side)
    if s.current is None or not state.rules.character_lock:
        return ""
    return s.permitted.get(s.current) or state.member(side, s.current).character


def _replay(state) -> Optional[dict]:
    """The conditions of a game to replay."""
    if state.replay_of is None:
        return None
    g = state.games[state.replay_of]
    return {"game": g.index, "char_a": g.char_a, "char_b": g.char_b, "stage": g.stage}


def build_prompt(state) -> Prompt:
    """Everything the staff need before entering the next game."""
    mt, rules = state.mtype, state.rules
    return Prompt(
        game=len(state.games) + 1, rounds_to_win=rules.rounds_to_win,
        games_to_win=mt.games_to_win(state) if mt.name in ("best_of", "point_format") else None,
        players={s: state.side(s).current for s in SIDES}, must_name=mt.must_name(state),
        blind_select=state.blind and bool(mt.must_name(state)) and mt.name != "best_of",
        members_in={s: mt.nameable(state, s) for s in SIDES},
        absent={s: sorted(state.side(s).absent) for s in SIDES},
        stage_picker=stage_picker(state), side_a=state.fixed_side_a or "",
        may_change_character=rules.may_change(state),
        characters={s: _character(state, s) for s in SIDES}, replay=_replay(state),
        awarded_rounds={s: state.side(s).awarded for s in SIDES},
        needs_coin_toss=state.toss is None and state.setup.match_type in rules.coin_toss_required,
        penalties=list(state.penalties), score=state.score, finished=state.finished,
        winner=state.winner, ruling=state.ruling, undone=list(state.undone),
        day_dq={s: [m.id for m in state.setup.members(s) if m.id in state.setup.day_dq]
                for s in SIDES})
