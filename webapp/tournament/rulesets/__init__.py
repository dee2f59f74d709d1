"""Rule sets as data: rounds, games, double K.O., penalties, character rule.

A rule set is one module in this package that builds a :class:`RuleSet` and registers it
(``register(RuleSet(...))`` from ``.base``); every module here is loaded, so adding a rule
set touches its own file only. The match-play engine (``webapp.tournament.play``) reads the
data and calls the rule set's character validators.
"""
from __future__ import annotations

from webapp.tournament.registry import load_modules
from webapp.tournament.rulesets.base import RULESETS, RuleSet, get_ruleset, register

__all__ = ["RULESETS", "RuleSet", "get_ruleset", "register"]

load_modules(__name__, __path__)
