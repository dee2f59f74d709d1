"""Penalty effects; a rule set maps each of its penalty kinds to one of these.

Round penalties model: the console score of a game includes an awarded round
(the offended player takes that round on the console, as KGP example 1
describes), so a round penalty only raises the minimum the next ReportGame
must show for the offended side; when the award reaches the target (Tekken
2-2, KGP 1-1) the game is decided at once and recorded with ``decided_by``.
"""
from __future__ import annotations

from dataclasses import replace

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.core import check_open, check_side, knock_out, lose_game
from webapp.tournament.play.state import other
from webapp.tournament.play.voids import void_game


def _current(state, act) -> int:
    """The member a penalty concerns: the one given, else the side's current player."""
    mid = act.member_id if act.member_id is not None else state.side(act.side).current
    if mid is None:
        raise RuleViolation("penalty.no_player",
                            N_("Side %(side)s has no player named: say which member"),
                            side=act.side)
    state.member(act.side, mid)
    return mid


def _check_round_score(state, act) -> None:
    """The round score at the time of the penalty, if given, is a game in progress."""
    t = state.rules.rounds_to_win
    for r in (act.rounds_a, act.rounds_b):
        if r is not None and not (isinstance(r, int) and 0 <= r < t):
            raise RuleViolation("score.impossible",
                                N_("The round score during a game is below %(t)d for both"), t=t)


def check_round(state, act):
    """A round penalty needs the game's two players."""
    state.mtype.players(state)
    _check_round_score(state, act)
    return replace(act, member_id=_current(state, act))


def effect_round(state, act):
    """The offender loses the current round; at the deciding round, the game."""
    opp = other(act.side)
    given = act.rounds_a if opp == "a" else act.rounds_b
    mine = act.rounds_b if opp == "a" else act.rounds_a
    s = state.side(opp)
    s.awarded = max(s.awarded, given or 0) + 1
    if s.awarded >= state.rules.rounds_to_win:
        lose_game(state, act.side, act.penalty, mine or 0)


def check_round_then_match(state, act):
    """KGP prohibited acts: the act must be one of the seed's list."""
    if state.rules.acts and act.act not in state.rules.acts:
        raise RuleViolation("kgp.unknown_act",
                            N_("%(ruleset)s: say which prohibited act (choose one from the list "
                               "of prohibited acts on the form)"), ruleset=state.rules.title)
    if act.act == "winner_changed_character":
        prev = state.games[-1] if state.games else None
        if prev is None or prev.winner != act.side:
            raise RuleViolation("kgp.act_needs_previous_winner",
                                N_("KGP prohibited act ①: only the previous game's winner can "
                                   "commit it"))
    return check_round(state, act)


def effect_round_then_match(state, act):
    """First act in the match: the current round; second: the match, 2-0 (3-0 in Bo5)."""
    s = state.side(act.side)
    s.offences += 1
    if s.offences >= 2:
        state.mtype.team_out(state, act.side, "forfeit")
        return
    if act.act == "winner_changed_character":
        s.excused_char = True   # the change is now penalised, so the report may show it
    effect_round(state, act)


def check_second_mistake_game(state, act):
    """A selection mistake happens at the select screen, with both players seated."""
    state.mtype.players(state)
    return replace(act, member_id=_current(state, act))


def effect_second_mistake_game(state, act):
    """The second consecutive mistake (character, stage, preset) loses the game."""
    s = state.side(act.side)
    s.mistakes += 1
    if s.mistakes >= 2:
        lose_game(state, act.side, act.penalty)


def check_first_player_lost(state, act):
    """A bluff only exists at a blind select (before the first game or after a double K.O.)."""
    if not state.blind:
        raise RuleViolation("tekken.bluff_outside_blind_select",
                            N_("Tekken blind select: a bluff penalty applies only when the "
                               "players are named by blind select"))
    return _check_member_in(state, act)


def _check_member_in(state, act):
    """The member concerned is still in."""
    mid = _current(state, act)
    if mid in state.side(act.side).out:
        raise RuleViolation("tekken.member_already_out",
                            N_("%(name)s is already out"),
                            name=state.member(act.side, mid).name)
    return replace(act, member_id=mid)


def effect_member_out(state, act):
    """The member is counted as lost (bluff) or disqualified."""
    knock_out(state, act.side, act.member_id, act.penalty)


def effect_team_out(state, act):
    """The whole side is disqualified and loses the match."""
    state.mtype.team_out(state, act.side, act.penalty)


def check_team_out(state, act):
    """Nothing more to check: the referee decided."""
    return act


def check_game(state, act):
    """A penalty that decides the current game needs the game's two players."""
    state.mtype.players(state)
    return replace(act, member_id=_current(state, act))


def effect_game(state, act):
    """The offender loses the current game."""
    lose_game(state, act.side, act.penalty)


def effect_stock(state, act):
    """A stock penalty (Smash) is taken on the console: the offender gives up a stock at once, so the stocks
    the game reports show it; the penalty is recorded, the game goes on."""


def check_void_win(state, act):
    """An undeclared change voids a win, also after the fact: name the game."""
    if act.game is None or not (0 <= act.game < len(state.games)):
        raise RuleViolation("penalty.game_unknown", N_("Say which game (1 to %(n)d)"),
                            n=len(state.games))
    g = state.games[act.game]
    mid = g.member(act.side)
    if g.played_winner != act.side or g.voided:
        raise RuleViolation("tekken.void_needs_win",
                            N_("Tekken character rule: only a win is voided, and side %(side)s "
                               "has no standing win in game %(game)d"),
                            side=act.side, game=act.game + 1)
    return replace(act, member_id=mid)


def effect_void_win(state, act):
    """The win counts as a loss; the match is re-derived from that game (see voids.py)."""
    state.side(act.side).permitted.pop(act.member_id, None)   # the change was never allowed
    if state.refold_games is None:   # re-folding: the plan already holds this game
        void_game(state, act)


EFFECTS = {
    "round": (check_round, effect_round),
    "round_then_match": (check_round_then_match, effect_round_then_match),
    "second_mistake_game": (check_second_mistake_game, effect_second_mistake_game),
    "first_player_lost": (check_first_player_lost, effect_member_out),
    "member_out": (_check_member_in, effect_member_out),
    "team_out": (check_team_out, effect_team_out),
    "void_win": (check_void_win, effect_void_win),
    # The organiser's choices (rulesets/build.py): the game, the match, a DQ for the match
    # (a team plays on without the member), a DQ for the day (kept by the service, as smoking).
    "game": (check_game, effect_game),
    "stock": (check_game, effect_stock),
    "match": (check_team_out, effect_team_out),
    "dq_match": (_check_member_in, effect_member_out),
    "dq_day": (_check_member_in, effect_member_out),
}


def _effect_of(state, act) -> str:
    """The effect a penalty kind has under the match's rule set."""
    effect = state.rules.penalties.get(act.penalty)
    if effect is None:
        raise RuleViolation("penalty.unknown_kind",
                            N_("%(ruleset)s has no such penalty: choose one of the penalties the "
                               "form offers (%(count)d in these rules)"),
                            ruleset=state.rules.title, count=len(state.rules.penalties))
    return effect


def check_penalty(state, act):
    """Validate a penalty against the rule set; a void may come after the match ended."""
    check_side(act.side)
    effect = _effect_of(state, act)
    if effect != "void_win":
        check_open(state)
    return EFFECTS[effect][0](state, act)


def effect_penalty(state, act):
    """Record the penalty and apply its effect."""
    state.penalties.append({"side": act.side, "penalty": act.penalty, "act": act.act,
                            "member_id": act.member_id, "game": act.game, "note": act.note,
                            "at_game": len(state.games)})
    EFFECTS[state.rules.penalties[act.penalty]][1](state, act)
