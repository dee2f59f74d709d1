"""Match play: best of N, 5on5 kachinuki and representative matches under a rule set.

Pure domain: plain dataclasses in, a new MatchState or a RuleViolation out.
"""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.actions import (
    ACTIONS,
    Action,
    Arrive,
    CoinToss,
    DeclareChange,
    NamePlayer,
    Override,
    Penalty,
    Replay,
    ReportGame,
    RollCall,
    Ruling,
    action_from_dict,
)
from webapp.tournament.play.base import MATCH_TYPES
from webapp.tournament.play.best_of import BestOf  # noqa: F401  (registers)
from webapp.tournament.play.engine import apply, fresh
from webapp.tournament.play.kachinuki import Kachinuki  # noqa: F401  (registers)
from webapp.tournament.play.point_format import PointFormat  # noqa: F401  (registers)
from webapp.tournament.play.prompt import Prompt
from webapp.tournament.play.representative import Representative  # noqa: F401  (registers)
from webapp.tournament.play.state import (
    GameRecord,
    MatchSetup,
    MatchState,
    Member,
    SideState,
    check_setup,
    setup_from_dict,
)
from webapp.tournament.rulesets import RULESETS, get_ruleset

__all__ = ["ACTIONS", "Action", "Arrive", "CoinToss", "DeclareChange", "GameRecord",
           "MATCH_TYPES", "MatchSetup", "MatchState", "Member", "NamePlayer", "Override",
           "Penalty", "Prompt", "RULESETS", "Replay", "ReportGame", "RollCall", "Ruling", "SideState",
           "action_from_dict", "setup_from_dict", "apply", "replay", "start", "state_from_dict"]


def start(setup: MatchSetup) -> MatchState:
    """Check the setup against its match type and rule set; return the match before play."""
    check_setup(setup)
    # The event's built rules (rulesets/build.py) when the service gave them, else the preset.
    rules = setup.rules if setup.rules is not None else get_ruleset(setup.ruleset)
    mtype = MATCH_TYPES.get(setup.match_type)
    if mtype is None:
        raise RuleViolation("match.type_unknown", N_("Unknown match type %(name)s"),
                            name=setup.match_type)
    if setup.match_type not in rules.match_types:
        raise RuleViolation("match.type_not_in_ruleset",
                            N_("%(ruleset)s does not play %(type)s matches"),
                            ruleset=rules.label or rules.title, type=mtype.label or mtype.name)
    mtype.validate_setup(setup, rules)
    return fresh(setup, rules, mtype)


def replay(setup: MatchSetup, actions: list) -> MatchState:
    """Fold actions (objects or their dicts) from the start: rebuilds from the operation log."""
    state = start(setup)
    for act in actions:
        state = apply(state, action_from_dict(act) if isinstance(act, dict) else act)
    return state


def state_from_dict(setup: MatchSetup, d: dict) -> MatchState:
    """Rebuild a state from ``to_dict()`` output by replaying its history."""
    return replay(setup, d["history"])
