"""Playing a game of any catalogue title under its rules: a valid report for the next game (the score its
unit counts, its characters a side in order, its stage by the striking rules), for domain and page tests."""
from __future__ import annotations

from webapp.tournament import games, stage_striking
from webapp.tournament.play import MatchSetup, Member, ReportGame, start
from webapp.tournament.play.report import team_value
from webapp.tournament.rulesets.build import build_rules


def title_rules(key: str, *layers, best_of=(1, 3, 5)):
    """The standard 1on1 rules under a title's usual rules (and any settings layers)."""
    return build_rules("standard_1on1", games.rule_defaults(key), {"best_of": list(best_of)}, *layers)


def fresh_match(rules, best_of: int = 3):
    """A best-of match of two players under these rules."""
    return start(MatchSetup("best_of", rules.name, best_of, [Member(1, "A")], [Member(2, "B")], rules=rules))


def characters(key: str, rules, offset: int = 0) -> str:
    """A side's characters from the title's roster (as many as the game has, in order)."""
    roster = games.get_title(key).character_values() or ["X", "Y", "Z", "W"]
    n = rules.characters_per_side
    return team_value(roster[(offset + i) % len(roster)] for i in range(n))


def stage_choice(state, pick=0) -> dict:
    """Stage fields of the next game: under striking, the strikes (game 1) or bans and an open stage."""
    rules = state.rules.stage_striking
    if state.rules.stage_rule != "striking" or rules is None:
        return {}
    played = [stage_striking.PlayedGame(g.stage, g.winner) for g in state.games if g.counted]
    if not played:
        struck = rules.starters[:sum(rules.strike_order)]
        return {"struck": stage_striking.joined(struck), "stage": rules.starters[len(struck)]}
    banned = rules.stages[:rules.bans]
    allowed = stage_striking.open_stages(rules, played, banned)
    return {"banned": stage_striking.joined(banned), "stage": allowed[pick % len(allowed)]}


def score(rules, winner: str, margin: int = 0) -> dict:
    """A valid score for the winner: rounds to win against fewer, or stocks left against none."""
    full = rules.game_score
    won, lost = (max(1, full - margin), 0) if rules.score_unit == "stocks" else (full, min(margin, full - 1))
    return {"winner": winner, "rounds_a": won if winner == "a" else lost, "rounds_b": lost if winner == "a" else won}


def report(key: str, state, winner: str, margin: int = 0, pick: int = 0) -> ReportGame:
    """A valid report of the next game."""
    rules = state.rules
    return ReportGame(**score(rules, winner, margin), char_a=characters(key, rules), char_b=characters(key, rules, 3),
                      **stage_choice(state, pick))
