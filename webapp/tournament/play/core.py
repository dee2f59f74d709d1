"""The match-play engine: validate an action, then apply it to a copy of the state.

Each action kind has a ``check`` (raises a RuleViolation, may return a
normalised action) and an ``effect`` (changes a fresh copy). Effects never
raise, so an after-the-fact void can re-fold the history without checks.
"""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.state import SIDES, GameRecord, MatchState, other

# -- shared checks -----------------------------------------------------------

def check_open(state: MatchState) -> None:
    """A finished match takes no more entries except a desk override."""
    if state.result is not None:
        raise RuleViolation("match.finished",
                            N_("The match is already finished (%(winner)s, %(how)s); only a "
                               "desk override can change it"),
                            winner=state.result[0] or "-", how=state.result[1])


def check_side(side) -> str:
    """A side is "a" or "b"."""
    if side not in SIDES:
        raise RuleViolation("side.invalid", N_("Side must be a or b, not %(side)s"), side=side)
    return side


def check_before_first_game(state: MatchState, what: str) -> None:
    """Roll call and coin toss happen before the first game."""
    if state.games:
        raise RuleViolation("play.after_first_game",
                            N_("%(what)s comes before the first game of the match"), what=what)


def check_toss_done(state: MatchState) -> None:
    """Tekken: rock-paper-scissors / coin toss before the first players are named."""
    if state.toss is None and state.setup.match_type in state.rules.coin_toss_required:
        raise RuleViolation("tekken.coin_toss_first",
                            N_("Tekken stage and side: the coin toss (rock-paper-scissors) comes "
                               "before the first players are named and the first game"))


# -- shared effects ----------------------------------------------------------

def finish(state: MatchState, winner: str, how: str) -> None:
    """Record the match result once (the first decision stands)."""
    if state.result is None:
        state.result = (winner, how)


def knock_out(state: MatchState, side: str, member_id: int, how: str) -> None:
    """A member is out; the side must name another or, if nobody is left, loses."""
    s = state.side(side)
    s.out[member_id] = how
    was_current = s.current == member_id
    if was_current:
        s.current = None
    if not state.members_in(side) and state.mtype.emptied_loses:
        state.mtype.team_out(state, side, how)
    else:
        state.mtype.after_knock_out(state, side, member_id, was_current)


def record_game(state: MatchState, winner, rounds, chars, stage="", side_a="",
                double_ko=False, decided_by="") -> GameRecord:
    """Append a game (members are the current players) and let the match type react."""
    idx, at = len(state.games), state.cursor
    old = (state.refold_games or {}).get(at)
    if old is not None:     # re-folding: the people who really played
        ma, mb = old.member_a, old.member_b
    else:
        ma, mb = state.a.current, state.b.current
    voided = at in state.void_plan or (
        winner is not None and
        state.rules.voids_win(state, winner, ma if winner == "a" else mb, chars[winner == "b"]))
    replayed = double_ko and state.mtype.double_ko_replays(state)
    rec = GameRecord(idx, ma, mb, chars[0], chars[1], rounds[0], rounds[1], winner, double_ko,
                     stage, side_a, voided, decided_by, replayed, state.result is None, at)
    state.games.append(rec)
    for s in (state.a, state.b):   # per-game counters start afresh with the next game
        s.awarded, s.mistakes, s.excused_char = 0, 0, False
    state.replay_of = idx if replayed else None
    if rec.counted:
        state.mtype.after_game(state, rec)
    return rec


def lose_game(state: MatchState, loser: str, how: str, loser_rounds: int = 0) -> None:
    """A penalty decides the current game against ``loser``."""
    win = other(loser)
    chars = tuple(state.rules.resolve_character(state, s, state.side(s).current, "")
                  if state.side(s).current is not None else "" for s in SIDES)
    t = state.rules.game_score  # rounds to win, or a stock game's full stocks
    rounds = (t, loser_rounds) if win == "a" else (loser_rounds, t)
    record_game(state, win, rounds, chars, decided_by=how)


# -- coin toss, roll call, arrival, declaration, replay, override --------------

def check_coin_toss(state, act):
    """One toss before the first game; the winner takes the stage or the side."""
    check_open(state)
    check_before_first_game(state, N_("The coin toss"))
    check_side(act.winner)
    if state.toss is not None:
        raise RuleViolation("play.toss_done", N_("The coin toss has already been made"))
    if act.choice not in ("stage", "side") or act.side_of_winner not in (None, "1P", "2P"):
        raise RuleViolation("play.toss_invalid",
                            N_("The toss winner takes 'stage' or 'side' (1P/2P)"))
    if act.choice == "side" and act.side_of_winner is None:
        raise RuleViolation("play.toss_side_missing",
                            N_("The toss winner chose the side: say 1P or 2P"))
    return act


def effect_coin_toss(state, act):
    """Keep the toss: it decides the first stage and the side for the match."""
    state.toss = act


def check_roll_call(state, act):
    """Kachinuki roll call before the first game; absent members must be on the team."""
    check_open(state)
    check_before_first_game(state, N_("The roll call"))
    if state.setup.match_type != "kachinuki" or not state.rules.roll_call:
        raise RuleViolation("play.no_roll_call", N_("Only a kachinuki match has a roll call"))
    for side, ids in (("a", act.absent_a), ("b", act.absent_b)):
        for mid in ids:
            state.member(side, mid)
    return act


def effect_roll_call(state, act):
    """Absent members are moved to the end of their team (they play last)."""
    for side, ids in (("a", act.absent_a), ("b", act.absent_b)):
        s = state.side(side)
        s.absent, s.late = set(ids), set(ids)
        if s.current in s.absent:
            s.current = None


def check_arrive(state, act):
    """Only a member missing at roll call can arrive."""
    check_open(state)
    check_side(act.side)
    m = state.member(act.side, act.member_id)
    if act.member_id not in state.side(act.side).absent:
        raise RuleViolation("arrive.not_absent", N_("%(name)s was not marked absent"), name=m.name)
    return act


def effect_arrive(state, act):
    """The member is present now (still the team's last player)."""
    state.side(act.side).absent.discard(act.member_id)


def check_declare_change(state, act):
    """Tekken: a change needs the reception declaration (checked here) and a character."""
    check_open(state)
    check_side(act.side)
    m = state.member(act.side, act.member_id)
    if not state.rules.character_lock:
        raise RuleViolation("play.characters_free",
                            N_("%(ruleset)s has no character registration to change"),
                            ruleset=state.rules.title)
    if not m.change_declared:
        raise RuleViolation("tekken.change_not_declared_at_reception",
                            N_("Tekken character rule: %(name)s did not declare a character "
                               "change at reception, so %(registered)s stays locked"),
                            name=m.name, registered=m.character)
    if not act.character:
        raise RuleViolation("tekken.change_needs_character", N_("Say which character"))
    return act


def effect_declare_change(state, act):
    """Allowed only if the opponent and the referee both allow it; else the lock holds."""
    permitted = state.side(act.side).permitted
    if act.opponent_allowed and act.referee_allowed:
        permitted[act.member_id] = act.character
    else:
        permitted.pop(act.member_id, None)


def check_replay(state, act):
    """Trouble caused by nobody: needs the reason."""
    check_open(state)
    if not act.reason.strip():
        raise RuleViolation("replay.reason_required", N_("Say what caused the replay"))
    return act


def effect_replay(state, act):
    """KGP replays the whole game (penalty rounds go); Tekken restarts only the round."""
    if state.rules.replay_scope == "game":
        state.a.awarded = state.b.awarded = 0


def check_override(state, act):
    """Always allowed, but the reason is recorded and must be given."""
    check_side(act.winner)
    if not act.reason.strip():
        raise RuleViolation("override.reason_required",
                            N_("A desk or referee decision needs its reason"))
    return act


def effect_override(state, act):
    """The referee's decision overrides the written rules: it sets the result."""
    state.result = (act.winner, "override")
    state.override_reason = act.reason
    state.ruling = None   # the desk decided the match: no void is left to rule on
