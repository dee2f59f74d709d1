"""Point format (先鋒・中堅・大将, Street Fighter League style): one set per member.

Each set is a best of the phase's games between one named member of each team; a member
plays one set. The team with more set wins takes the match, and the match ends as soon as
the sets left cannot change that. A tie after every member has played ends in a decider
(大将戦: each team names any member) when the rules have one; without it the team with more
games won takes the match, and only a tie in games too goes to the decider. With
``hidden_order`` each set's players are named blind (neither team sees the other's first).
"""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.base import MatchType, register
from webapp.tournament.play.core import finish
from webapp.tournament.play.state import SIDES, other
from webapp.tournament.rulesets.summary import best_of_list, best_of_words

PLAYED = "set"   # why a member is out: their set is over (they may still play the decider)


@register
class PointFormat(MatchType):
    """A set per member in order; the team with more set wins takes the match."""

    name = "point_format"
    label = N_("Point format (team, one set per member)")
    team = True
    emptied_loses = False   # members who played are "out": the match goes on to the count

    @classmethod
    def validate_setup(cls, setup, rules) -> None:
        """Teams of the rules' size (plus allowed substitutes); a best-of the rules allow."""
        super().validate_setup(setup, rules)
        n, extra = rules.team_size, rules.substitutes
        for side in (setup.side_a, setup.side_b):
            if not n <= len(side) <= n + extra:
                raise RuleViolation("match.side_size",
                                    N_("A point-format team has %(n)d members (and up to "
                                       "%(extra)d substitutes)"), n=n, extra=extra)
        if setup.best_of not in rules.best_of:
            raise RuleViolation("match.best_of_not_in_ruleset",
                                N_("%(ruleset)s plays %(allowed)s, not %(n)s"),
                                ruleset=rules.label or rules.title, n=best_of_words(setup.best_of),
                                allowed=best_of_list(rules.best_of))

    @classmethod
    def init(cls, state) -> None:
        """Nobody is seated: both teams name their first player (blind if the order is hidden)."""
        state.blind = state.rules.hidden_order

    @classmethod
    def games_to_win(cls, state) -> int:
        """Games a member needs to win their set."""
        return state.setup.best_of // 2 + 1

    @classmethod
    def regular_sets(cls, state) -> int:
        """Sets before any decider: one per team member."""
        return state.rules.team_size

    @classmethod
    def in_decider(cls, state) -> bool:
        """Every member has played, the count is tied and the decider is next."""
        regular = [s for s in state.sets if not s["decider"]]
        a, b = cls.score(state)
        return state.result is None and len(regular) >= cls.regular_sets(state) and a == b

    @classmethod
    def nameable(cls, state, side) -> list[int]:
        """Members who have not played a set yet; for the decider, anyone still allowed to play."""
        s = state.side(side)
        if cls.in_decider(state):
            return [m.id for m in state.setup.members(side) if s.out.get(m.id, PLAYED) == PLAYED]
        return [i for i in state.members_in(side) if i not in s.absent]

    @classmethod
    def check_name(cls, state, act):
        """A team names one player per set, from those who may still play."""
        m = state.member(act.side, act.member_id)
        if state.side(act.side).current is not None:
            raise RuleViolation("point.already_named",
                                N_("Team %(side)s has already named its player for this set"),
                                side=act.side)
        cls.check_not_barred(state, m)
        if m.id not in cls.nameable(state, act.side):
            raise RuleViolation("point.member_played",
                                N_("%(name)s cannot play this set: each member plays one set "
                                   "(any member may play the decider)"), name=m.name)
        return act

    @classmethod
    def after_game(cls, state, rec) -> None:
        """A member who reaches the games a set needs wins the set."""
        if rec.winner is None:
            return
        start = state.sets[-1]["until"] if state.sets else 0
        wins = [g.winner for g in state.games[start:] if g.counted]
        if wins.count(rec.winner) >= cls.games_to_win(state):
            cls._close(state, rec.winner, "played")

    @classmethod
    def _close(cls, state, winner, how) -> None:
        """Record the set; both players are done; see whether the match is decided."""
        state.sets.append({"winner": winner, "member_a": state.a.current,
                           "member_b": state.b.current, "how": how,
                           "decider": cls.in_decider(state), "until": len(state.games)})
        for side in SIDES:
            s = state.side(side)
            if s.current is not None and s.current not in s.out:
                s.out[s.current] = PLAYED
            s.current = None
        state.blind = state.rules.hidden_order
        cls._decide(state)

    @classmethod
    def _decide(cls, state) -> None:
        """End the match once the sets left cannot change the count; forfeit unplayable sets."""
        a, b = cls.score(state)
        if any(s["decider"] for s in state.sets):
            finish(state, state.sets[-1]["winner"] or "a", "played")
            return
        left = cls.regular_sets(state) - len(state.sets)
        if a > b + left or b > a + left:
            finish(state, "a" if a > b else "b", "played")
        elif left <= 0:
            cls._tied(state)
        else:
            cls._forfeit_unplayable(state)

    @classmethod
    def _tied(cls, state) -> None:
        """All sets played, count tied: the decider, or the games won when the rules have none."""
        won = [g.winner for g in state.games if g.counted and g.winner]
        if not state.rules.decider and won.count("a") != won.count("b"):
            finish(state, "a" if won.count("a") > won.count("b") else "b", "played")
        else:
            cls._forfeit_unplayable(state)

    @classmethod
    def _forfeit_unplayable(cls, state) -> None:
        """A team with nobody left to send loses the set it cannot play."""
        empty = [s for s in SIDES if state.side(s).current is None and not cls.nameable(state, s)]
        if empty:
            seated = {s: state.side(s).current for s in SIDES}
            state.side(other(empty[0])).current = None   # the opponent plays again later
            cls._close(state, other(empty[0]) if len(empty) == 1 else None, "forfeit")
            state.side(other(empty[0])).current = seated[other(empty[0])]

    @classmethod
    def after_knock_out(cls, state, side, member_id, was_current) -> None:
        """A member out during their set loses it; the count is checked either way."""
        if was_current:
            opponent = state.side(other(side))
            seated, opponent.current = opponent.current, None
            cls._close(state, other(side), "forfeit")
            if state.result is None and seated is not None and opponent.out.get(seated) == PLAYED:
                del opponent.out[seated]   # the opponent did not play their set: still to play
        else:
            cls._decide(state)

    @classmethod
    def double_ko_replays(cls, state) -> bool:
        """A double K.O. game is played again."""
        return True

    @classmethod
    def team_out(cls, state, side, how) -> None:
        """The team loses the match, shown as the sets a win needs to nil."""
        s = state.side(side)
        s.current = None
        finish(state, other(side), how)
        if state.result == (other(side), how):
            need = cls.regular_sets(state) // 2 + 1
            state.forced_score = (need, 0) if side == "b" else (0, need)

    @classmethod
    def score(cls, state) -> tuple[int, int]:
        """Sets won by each side."""
        winners = [s["winner"] for s in state.sets]
        return winners.count("a"), winners.count("b")
