"""1-on-1 best of N games (KGP: Bo3, Bo5 in the finals stage)."""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.base import MatchType, register
from webapp.tournament.play.core import finish
from webapp.tournament.rulesets.summary import best_of_list, best_of_words


@register
class BestOf(MatchType):
    """First to ceil(N/2) games; a double K.O. game (if the rules have one) is replayed."""

    name = "best_of"
    label = N_("Best of games")

    @classmethod
    def validate_setup(cls, setup, rules) -> None:
        """One player a side, and a number of games the rule set uses."""
        super().validate_setup(setup, rules)
        if len(setup.side_a) != 1 or len(setup.side_b) != 1:
            raise RuleViolation("match.side_size",
                                N_("A 1-on-1 match has exactly one player a side"))
        if setup.best_of not in rules.best_of:
            raise RuleViolation("match.best_of_not_in_ruleset",
                                N_("%(ruleset)s plays %(allowed)s, not %(n)s"),
                                ruleset=rules.title, n=best_of_words(setup.best_of),
                                allowed=best_of_list(rules.best_of))

    @classmethod
    def games_to_win(cls, state) -> int:
        """KGP ②: best of 3 is first to 2, best of 5 first to 3."""
        return state.setup.best_of // 2 + 1

    @classmethod
    def after_game(cls, state, rec) -> None:
        """The match ends when a side reaches the games it needs."""
        if rec.winner is None:
            return
        a, b = cls.score(state)
        t = cls.games_to_win(state)
        if a >= t or b >= t:
            finish(state, "a" if a >= t else "b", "played")
