"""Reporting a game: the score, the characters, the stage and the side, in the game's own shape.

A game's own shape: stocks as the score, several characters a side in order (stored as one value,
`team` and `team_value`), no 1P/2P where the game has none, and the stage struck, banned and picked
by the rules. Pure: the rule set and the reported game in, nothing or a RuleViolation out.
"""
from __future__ import annotations

from dataclasses import replace

from webapp.tournament import stage_striking
from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.core import check_open, check_toss_done, record_game

TEAM_SEPARATOR = " / "  # between the characters of one side, in order ("草薙京 / 八神庵 / テリー")


def team(value: str) -> tuple[str, ...]:
    """The characters of one side as a game stores them, in order."""
    return tuple(c.strip() for c in (value or "").split(TEAM_SEPARATOR) if c.strip())


def team_value(characters) -> str:
    """Characters in order as one side's stored value."""
    return TEAM_SEPARATOR.join(c.strip() for c in characters if c and c.strip())


def check_rounds(rules, act) -> None:
    """Winner reached the target and the loser did not; a double K.O. only at full set."""
    t, ra, rb = rules.rounds_to_win, act.rounds_a, act.rounds_b
    if not (isinstance(ra, int) and isinstance(rb, int)) or ra < 0 or rb < 0:
        raise RuleViolation("score.impossible", N_("Round counts must be whole numbers"))
    if rules.score_unit == "stocks" and not act.double_ko:
        check_stocks(rules, act)
        return
    if act.double_ko:
        if not rules.double_ko:
            raise RuleViolation("score.double_ko_not_in_rules",
                                N_("%(ruleset)s has no double K.O. rule: report the game with "
                                   "its winner"), ruleset=rules.title)
        if act.winner is not None or (ra, rb) != (t - 1, t - 1):
            raise RuleViolation("score.double_ko_not_full_set",
                                N_("Double K.O.: it only counts in the full-set round "
                                   "(%(n)d-%(n)d) and has no winner"), n=t - 1)
        return
    if act.winner not in ("a", "b"):
        raise RuleViolation("score.winner_required", N_("Say who won the game"))
    won, lost = (ra, rb) if act.winner == "a" else (rb, ra)
    if won != t or lost >= t:
        raise RuleViolation("score.impossible",
                            N_("Rounds %(a)d-%(b)d are impossible: a game is first to %(t)d "
                               "rounds, so the winner has %(t)d and the loser fewer"),
                            a=ra, b=rb, t=t)


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


def _check_awarded(state, act) -> None:
    """Rounds a penalty awarded in this game must show in the reported score."""
    for side, rounds in (("a", act.rounds_a), ("b", act.rounds_b)):
        need = state.side(side).awarded
        if rounds < need:
            raise RuleViolation("score.awarded_round_missing",
                                N_("A penalty gave side %(side)s a round in this game: its "
                                   "score must be at least %(n)d"), side=side, n=need)


def _check_replay(state, act) -> None:
    """A double K.O. between the last players is replayed with the same characters and stage."""
    old = state.games[state.replay_of]
    same_stage = not act.stage or not old.stage or act.stage == old.stage
    if (act.char_a, act.char_b) != (old.char_a, old.char_b) or not same_stage:
        raise RuleViolation("tekken.replay_same_conditions",
                            N_("Double K.O. between both teams' last players: the game is "
                               "replayed with the same characters and stage (%(char_a)s vs "
                               "%(char_b)s, %(stage)s)"),
                            char_a=old.char_a, char_b=old.char_b, stage=old.stage or "-")


def _check_side(state, act) -> None:
    """Tekken: the side chosen at the toss holds for every game of the match."""
    if act.side_a not in ("", "1P", "2P"):
        raise RuleViolation("play.side_invalid", N_("Side is 1P or 2P"))
    fixed = state.fixed_side_a
    if act.side_a and fixed and act.side_a != fixed:
        raise RuleViolation("tekken.side_fixed",
                            N_("Tekken side choice: the side chosen at the coin toss holds for "
                               "all games (side A plays %(side)s)"), side=fixed)


def _check_team(rules, act) -> None:
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


def _check_sides_exist(rules, act) -> None:
    """No 1P/2P in a game that has none (Smash: ports are no side)."""
    if act.side_a and not rules.sides:
        raise RuleViolation("play.no_sides", N_("This game has no 1P/2P side: leave the side empty"))


def _check_stage(state, act) -> None:
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


def check_report(state, act):
    """Validate a game result; returns it with empty characters filled in."""
    check_open(state)
    check_toss_done(state)
    ma, mb = state.mtype.players(state)
    rules = state.rules
    act = replace(act, char_a=rules.resolve_character(state, "a", ma, act.char_a),
                  char_b=rules.resolve_character(state, "b", mb, act.char_b),
                  side_a=act.side_a or (state.fixed_side_a or ""))
    check_rounds(rules, act)
    _check_awarded(state, act)
    _check_side(state, act)
    if state.replay_of is not None:
        _check_replay(state, act)
    # Everything the game's shape asks of a reported game.
    _check_team(rules, act)
    _check_sides_exist(rules, act)
    _check_stage(state, act)
    rules.check_characters(state, act, (ma, mb))
    return act


def effect_report(state, act):
    """Record the game; the match type updates rosters and the result."""
    record_game(state, act.winner, (act.rounds_a, act.rounds_b), (act.char_a, act.char_b),
                act.stage, act.side_a, act.double_ko)
