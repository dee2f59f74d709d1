"""A game's own shape in a reported game: stocks as the score, several characters a side in order,
no 1P/2P where the game has none, and the stage struck, banned and picked by the rules.

Pure: the rule set and the reported game in, nothing or a RuleViolation out.
"""
from __future__ import annotations

from webapp.tournament import stage_striking
from webapp.tournament.errors import N_, RuleViolation

TEAM_SEPARATOR = " / "  # between the characters of one side, in order ("草薙京 / 八神庵 / テリー")


def team(value: str) -> tuple[str, ...]:
    """The characters of one side as a game stores them, in order."""
    return tuple(c.strip() for c in (value or "").split(TEAM_SEPARATOR) if c.strip())


def team_value(characters) -> str:
    """Characters in order as one side's stored value."""
    return TEAM_SEPARATOR.join(c.strip() for c in characters if c and c.strip())


def check_stocks(rules, act) -> None:
    """The winner has 1 to the stocks left, the loser none (a K.O.) or no more than the winner (a timeout:
    more stocks wins, equal stocks the lower percent)."""
    s, ra, rb = rules.stocks, act.rounds_a, act.rounds_b
    if act.winner not in ("a", "b"):
        raise RuleViolation("score.winner_required", N_("Say who won the game"))
    won, lost = (ra, rb) if act.winner == "a" else (rb, ra)
    if not 1 <= won <= s or not 0 <= lost <= won:
        raise RuleViolation("score.stocks_impossible", N_(
            "Stocks %(a)d-%(b)d are impossible: a game is %(s)d stocks, so the winner has 1 to %(s)d left and "
            "the loser none (or, at a timeout, no more than the winner)"), a=ra, b=rb, s=s)


def check_characters(rules, act) -> None:
    """Each named side has exactly the game's characters, none twice."""
    need = rules.characters_per_side
    for side, value in (("a", act.char_a), ("b", act.char_b)):
        chars = team(value)
        if not chars:
            continue
        if len(chars) != need:
            raise RuleViolation("characters.team_size", N_(
                "This game is played with %(need)d characters a side (in order); side %(side)s named %(n)d"),
                need=need, side=side, n=len(chars))
        if len(set(chars)) != len(chars):
            raise RuleViolation("characters.team_twice", N_(
                "Side %(side)s named the same character twice"), side=side)


def check_side(rules, act) -> None:
    """No 1P/2P in a game that has none (Smash: ports are no side)."""
    if act.side_a and not rules.sides:
        raise RuleViolation("play.no_sides", N_("This game has no 1P/2P side: leave the side empty"))


def check_stage(state, act) -> None:
    """Striking rules (best of N): game 1 from the starters by the strikes, later games by bans and the
    stage clause; a stage is required."""
    rules = state.rules.stage_striking
    if state.rules.stage_rule != "striking" or rules is None or state.setup.match_type != "best_of":
        return
    if not act.stage:
        raise RuleViolation("stage.required", N_("Say which stage the game was played on"))
    played = [stage_striking.PlayedGame(g.stage, g.winner) for g in state.games if g.counted]
    stage_striking.check_stage(rules, played, stage_striking.split(act.struck), stage_striking.split(act.banned),
                               act.stage)


def check_game(state, act) -> None:
    """Everything the game's shape asks of a reported game."""
    check_characters(state.rules, act)
    check_side(state.rules, act)
    check_stage(state, act)
