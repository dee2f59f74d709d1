"""The plain presets a custom event starts from: a 1on1 and a team rule set, nothing event-specific.

An event set up at the desk builds its rules from one of these (``build.build_rules``) with the
game title's usual rules and the organiser's settings on top; no fee, no prohibited-act list,
no roll call or Tekken extra applies unless the organiser sets it.
"""
from __future__ import annotations

from webapp.tournament.errors import N_
from webapp.tournament.rulesets.base import RuleSet, register
from webapp.tournament.rulesets.characters import hooks

# A sensible default list an organiser may edit: the common FGC penalties.
PENALTIES = {"penalty_round": "round", "penalty_game": "game", "penalty_match": "match",
             "dq_match": "dq_match", "dq_day": "dq_day"}
PENALTY_NAMES = {"penalty_round": N_("Penalty: the opponent takes the round"),
                 "penalty_game": N_("Penalty: the opponent takes the game"),
                 "penalty_match": N_("Penalty: the opponent takes the match"),
                 "dq_match": N_("Disqualified for this match"),
                 "dq_day": N_("Disqualified for the rest of the day")}
DAY_LONG = {"dq_day": N_("a disqualification for the whole day")}
# A stock game has no round to give (Smash): its usual penalties are a stock or the game.
STOCK_PENALTIES = {"penalty_stock": "stock", "penalty_game": "game", "penalty_match": "match",
                   "dq_match": "dq_match", "dq_day": "dq_day"}
STOCK_PENALTY_NAMES = {"penalty_stock": N_("Penalty: a stock"), **{k: v for k, v in PENALTY_NAMES.items()
                                                                    if k in STOCK_PENALTIES}}

_COMMON = dict(rounds_to_win=2, best_of=(1, 3, 5, 7), best_of_by_phase={"default": 3},
               double_ko=False, double_ko_rule="nobody", stage_rule="agreement",
               side_rule="agreement", replay_scope="game", penalties=PENALTIES,
               penalty_names=PENALTY_NAMES, day_long=DAY_LONG, **hooks("loser_changes"))

STANDARD_1ON1 = register(RuleSet(
    name="standard_1on1", title="Standard 1on1", label=N_("Standard 1on1 rules"),
    match_types=("best_of",), **_COMMON))

STANDARD_TEAM = register(RuleSet(
    name="standard_team", title="Standard team", label=N_("Standard team rules"),
    match_types=("point_format", "kachinuki", "representative"), team_size=3, decider=True,
    **_COMMON))
