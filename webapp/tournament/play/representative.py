"""Tekken wildcard: one game between one named representative per team."""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.base import MatchType, register
from webapp.tournament.play.core import finish


@register
class Representative(MatchType):
    """Each team names one member (blind); the game's winner wins the match."""

    name = "representative"
    label = N_("Representative match")
    team = True

    @classmethod
    def validate_setup(cls, setup, rules) -> None:
        """Each team has at least one member to send."""
        super().validate_setup(setup, rules)
        if not setup.side_a or not setup.side_b:
            raise RuleViolation("match.side_size", N_("Each team needs a member to send"))

    @classmethod
    def check_name(cls, state, act):
        """A team names its representative once, before the game."""
        m = state.member(act.side, act.member_id)
        if state.side(act.side).current is not None:
            raise RuleViolation("representative.already_named",
                                N_("Team %(side)s has already named its "
                                   "representative"), side=act.side)
        cls.check_not_barred(state, m)
        return act

    @classmethod
    def after_game(cls, state, rec) -> None:
        """The single game decides; a double K.O. at 2-2 is replayed (replay_of is set)."""
        if rec.winner is not None:
            finish(state, rec.winner, "played")

    @classmethod
    def after_knock_out(cls, state, side, member_id, was_current) -> None:
        """The named representative cannot be replaced: losing them loses the match."""
        if was_current:
            cls.team_out(state, side, state.side(side).out[member_id])
