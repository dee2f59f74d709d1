"""Tekken 5on5 kachinuki (勝ち抜き): the winner stays on, the loser's team sends the next.

A voided win (Tekken character lock) counts as that game's loss: the member who
won on the console is out and the opponent stays on, exactly as if the console
had shown the other result.
"""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.base import MatchType, register
from webapp.tournament.play.core import check_toss_done, finish
from webapp.tournament.play.state import other


@register
class Kachinuki(MatchType):
    """A team loses when all its members are out (or it is disqualified)."""

    name = "kachinuki"
    label = N_("Kachinuki (team, winner stays)")
    roll_call = True
    winner_stays = True
    team = True

    @classmethod
    def validate_setup(cls, setup, rules) -> None:
        """Each team has the rule set's number of members."""
        super().validate_setup(setup, rules)
        n = rules.team_size
        if len(setup.side_a) != n or len(setup.side_b) != n:
            raise RuleViolation("match.side_size",
                                N_("A kachinuki team has %(n)d members"), n=n)

    @classmethod
    def init(cls, state) -> None:
        """Nobody is seated: the first players come by blind select."""

    @classmethod
    def check_name(cls, state, act):
        """Only a team without a player names one, from its members still in and present."""
        check_toss_done(state)
        m = state.member(act.side, act.member_id)
        s = state.side(act.side)
        if s.current is not None:
            cls._refuse_seated(state, act.side)
        cls.check_not_barred(state, m)
        if m.id in s.out:
            raise RuleViolation("tekken.member_already_out",
                                N_("Kachinuki: %(name)s is already out and cannot play "
                                   "again"), name=m.name)
        if m.id in s.absent:
            raise RuleViolation("tekken.member_absent",
                                N_("Roll call: %(name)s has not arrived yet"), name=m.name)
        if m.id in s.late and any(i not in s.late for i in state.members_in(act.side)):
            raise RuleViolation("tekken.absent_is_fifth",
                                N_("Roll call: %(name)s missed the roll call and plays "
                                   "last, after the team's other members"), name=m.name)
        return act

    @classmethod
    def _refuse_seated(cls, state, side) -> None:
        """The side already has its player: say who must name instead."""
        must = cls.must_name(state)
        if must:
            raise RuleViolation("tekken.wrong_team_names",
                                N_("Kachinuki: the winner stays on; team %(must)s (the "
                                   "loser of the last game) names the next player, not team "
                                   "%(side)s"), must=" & ".join(must), side=side)
        raise RuleViolation("tekken.player_already_named",
                            N_("Kachinuki: team %(side)s has already named its player"),
                            side=side)

    @classmethod
    def double_ko_replays(cls, state) -> bool:
        """Both teams' last players: a double K.O. is replayed under the same conditions."""
        return all(state.members_in(s) == [state.side(s).current] for s in "ab")

    @classmethod
    def after_game(cls, state, rec) -> None:
        """The loser is out (both at a double K.O.); an emptied team loses the match."""
        if rec.replayed:
            return
        if rec.double_ko:
            losers, state.blind = [("a", rec.member_a), ("b", rec.member_b)], True
        else:
            losers, state.blind = [(rec.loser, rec.member(rec.loser))], False
            state.side(rec.winner).current = rec.member(rec.winner)
        for side, mid in losers:
            s = state.side(side)
            s.out[mid], s.current = "double_ko" if rec.double_ko else "lost", None
        for side, _ in losers:
            if not state.members_in(side):
                finish(state, other(side), "played")
        for side, _ in losers:
            cls._absent_check(state, side)

    @classmethod
    def _absent_check(cls, state, side) -> None:
        """Roll call: if only absent members are left when one must play, the team is DQ."""
        s = state.side(side)
        left = state.members_in(side)
        if state.result is None and s.current is None and left and s.absent.issuperset(left):
            cls.team_out(state, side, "absent")

    @classmethod
    def after_knock_out(cls, state, side, member_id, was_current) -> None:
        """A member out by penalty may leave only absent members."""
        cls._absent_check(state, side)

    @classmethod
    def team_out(cls, state, side, how) -> None:
        """Every member still in is out; the other team wins."""
        s = state.side(side)
        for mid in state.members_in(side):
            s.out[mid] = how
        s.current = None
        finish(state, other(side), how)

    @classmethod
    def score(cls, state) -> tuple[int, int]:
        """Opponents knocked out by each side (not those disqualified for the day before)."""
        def knocked(side):
            return len([m for m in state.side(side).out if m not in state.setup.day_dq])
        return knocked("b"), knocked("a")
