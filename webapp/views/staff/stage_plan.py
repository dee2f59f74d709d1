"""What the game form offers of a game's shape: the stage striking step (game 1's strikes, later games'
bans, the stages the stage clause bars) and the characters a side picks in order, recent ones first."""
from dataclasses import dataclass, field

from ...tournament import stage_striking
from ...tournament.play.report import team


@dataclass
class StagePlan:
    """The striking step of the next game ("" when the rules strike no stages)."""

    step: str = ""              # "strike" (game 1) | "ban" (later games) | ""
    choices: list = field(default_factory=list)   # the stages struck or banned from
    count: int = 0              # how many are struck or banned
    order: str = ""             # "1-2-1"
    banner: str = ""            # the side that bans (the previous winner)
    picker: str = ""            # the side that picks (the previous loser)
    barred: list = field(default_factory=list)    # the stages the stage clause bars for the picker
    stages: list = field(default_factory=list)    # every legal stage
    dsr: str = "off"


def stage_plan(state) -> StagePlan:
    """The strike or ban step before the next game of a best-of match under striking rules."""
    rules = state.rules.stage_striking
    if state.rules.stage_rule != "striking" or rules is None or state.setup.match_type != "best_of":
        return StagePlan()
    played = [stage_striking.PlayedGame(g.stage, g.winner) for g in state.games if g.counted]
    if not played:
        return StagePlan("strike", list(rules.starters), sum(rules.strike_order),
                         "-".join(map(str, rules.strike_order)), stages=list(rules.stages), dsr=rules.dsr)
    last = played[-1]
    picker = "b" if last.winner == "a" else "a" if last.winner == "b" else ""
    barred = sorted(stage_striking.forbidden_by_dsr(rules, played, picker)) if picker else []
    return StagePlan("ban", list(rules.stages), rules.bans, banner=last.winner or "", picker=picker,
                     barred=barred, stages=list(rules.stages), dsr=rules.dsr)


def team_slots(state, side: str, keep: str) -> dict:
    """A side's characters in order (the kept team's, one per slot) and the side's recent picks, newest first."""
    need = state.rules.characters_per_side
    kept = list(team(keep))[:need]
    recent = []
    for game in reversed(state.games):
        for char in team(game.char(side)):
            if char not in recent:
                recent.append(char)
    return {"need": need, "kept": kept + [""] * (need - len(kept)), "recent": recent}
