"""What every match type provides; subclasses override the flow they change."""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.core import finish
from webapp.tournament.play.state import SIDES, other
from webapp.tournament.registry import Registry

MATCH_TYPES = Registry("match type")
register = MATCH_TYPES.register


class MatchType:
    """A match type: who plays the next game and when the match is decided."""

    name = ""
    label = ""         # msgid: how the desk names it
    roll_call = False  # the Tekken roll call decides a no-show, never an automatic walkover
    winner_stays = False  # a team match where the winner plays on (kachinuki)
    team = False       # sides are teams of several members (a 1on1 match type otherwise)
    emptied_loses = True  # a side whose last member is out loses the match at once

    @staticmethod
    def check_unique_ids(setup) -> None:
        """Member ids are unique within the match (actions name members by id)."""
        ids = [m.id for m in setup.side_a + setup.side_b]
        if len(ids) != len(set(ids)):
            raise RuleViolation("match.duplicate_member", N_("A member is listed twice"))

    @classmethod
    def validate_setup(cls, setup, rules) -> None:
        """Refuse a setup this match type cannot run."""
        cls.check_unique_ids(setup)

    @classmethod
    def init(cls, state) -> None:
        """Seat the players known before any naming (1-member sides)."""
        for side in SIDES:
            members = state.setup.members(side)
            if len(members) == 1:
                state.side(side).current = members[0].id

    @staticmethod
    def check_not_barred(state, member) -> None:
        """A member disqualified for the day (e.g. smoking) plays in no later match."""
        kind = state.setup.day_dq.get(member.id)
        if kind is not None:
            rule = state.rules.day_long.get(kind) or N_("a disqualification for the whole day")
            raise RuleViolation("play.member_dq_for_the_day",
                                N_("%(name)s is disqualified for the rest of the day (%(rule)s) "
                                   "and cannot play in this match"), name=member.name, rule=rule)

    @classmethod
    def players(cls, state) -> tuple[int, int]:
        """The two members who play the next game, or a RuleViolation."""
        for side in SIDES:
            if state.side(side).current is None:
                raise RuleViolation("play.players_not_named",
                                    N_("Side %(side)s must name its player before the game"),
                                    side=side)
        return state.a.current, state.b.current

    @classmethod
    def must_name(cls, state) -> list[str]:
        """Sides that must name a player before the next game."""
        if state.result is not None:
            return []
        return [s for s in SIDES if state.side(s).current is None]

    @classmethod
    def nameable(cls, state, side) -> list[int]:
        """Members a side may name next (the staff form's list)."""
        return state.members_in(side)

    @classmethod
    def check_name(cls, state, act):
        """Most 1-on-1 matches have nobody to name."""
        raise RuleViolation("play.no_naming",
                            N_("In this match each side has one player: there is nobody to name"))

    @classmethod
    def on_name(cls, state, act) -> None:
        """Seat the named member."""
        state.side(act.side).current = act.member_id

    @classmethod
    def double_ko_replays(cls, state) -> bool:
        """A double K.O. between the only two players is replayed."""
        return True

    @classmethod
    def after_knock_out(cls, state, side, member_id, was_current) -> None:
        """Hook after a member is out and the side still has members."""

    @classmethod
    def team_out(cls, state, side, how) -> None:
        """The side loses at once, recorded as the full forfeit score."""
        win = other(side)
        finish(state, win, how)
        if state.result == (win, how):
            t = cls.games_to_win(state)
            state.forced_score = (t, 0) if win == "a" else (0, t)

    @classmethod
    def games_to_win(cls, state) -> int:
        """Games a side needs to win the match."""
        return 1

    @classmethod
    def bar_for_the_day(cls, state) -> None:
        """Members disqualified for the day are out from the start; the team plays on without them."""
        for side in SIDES:
            s = state.side(side)
            for m in state.setup.members(side):
                if m.id in state.setup.day_dq:
                    s.out[m.id] = "day_dq"
                    s.current = None if s.current == m.id else s.current
            if state.setup.members(side) and not state.members_in(side) and state.result is None:
                cls.team_out(state, side, "day_dq")

    @classmethod
    def score(cls, state) -> tuple[int, int]:
        """Games won by each side (counted games only)."""
        wins = [g.winner for g in state.games if g.counted]
        return wins.count("a"), wins.count("b")
