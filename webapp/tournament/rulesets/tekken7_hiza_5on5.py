"""Tekken 7 Hiza Mattari Cup 5on5 (tekken7-hiza-mattari-5on5-regulation.txt).

Kachinuki team matches and the wildcard's 1-on-1 representative matches.
"""
from __future__ import annotations

from webapp.tournament.errors import N_
from webapp.tournament.rulesets.base import RuleSet, register

KINDS = {
    "interruption": "round",            # self-inflicted interruption: one round (2-2: the game)
    "selection_mistake": "second_mistake_game",  # second consecutive mistake loses the game
    "bluff": "first_player_lost",       # bluff at blind select: first player counted as lost
    "undeclared_change": "void_win",    # a win with an undeclared character is a loss
    "disqualify_member": "member_out",
    "smoking": "member_out",            # 喫煙ルール違反: out, and for every later match of the day
    "disqualify_team": "team_out",
}

# 本人のみ当日全ての試合に出場できなくなります: the smoker alone, for the whole day.
DAY_LONG = {"smoking": N_("the smoking rule: disqualified for all of the day's matches")}

LOCK_MESSAGE = N_("Tekken character rule: %(name)s is registered with %(registered)s; a win "
                  "with %(char)s without the declared and allowed change counts as a loss")


def resolve_character(state, side, member_id, char):
    """An empty character means the member's registered character."""
    return char or state.member(side, member_id).character


def voids_win(state, side, member_id, char):
    """A win with a character other than the registered or allowed one is voided."""
    if char == state.member(side, member_id).character:
        return False
    return state.side(side).permitted.get(member_id) != char


def check_characters(state, report, members):
    """Nothing to reject: playing another character is handled by voiding the win."""


def may_change(state):
    """Sides whose current player holds an allowed character change."""
    return [s for s in "ab" if state.side(s).current in state.side(s).permitted]


NAMES = {"interruption": N_("Self-inflicted interruption (loses a round; at 2-2 the game)"),
         "selection_mistake": N_("Selection mistake (the second in a row loses the game)"),
         "bluff": N_("Bluff at blind select (the first player is counted as lost)"),
         "undeclared_change": N_("Undeclared character change (the win counts as a loss)"),
         "disqualify_member": N_("Disqualify the player"),
         "smoking": N_("Smoking rule broken (the player is out for the whole day)"),
         "disqualify_team": N_("Disqualify the team")}

RULESET = register(RuleSet(
    name="tekken7_hiza_5on5",
    title="Tekken 7 Hiza Mattari Cup",
    label=N_("Tekken 7 Hiza Mattari Cup 5on5"),
    match_types=("kachinuki", "representative"),
    rounds_to_win=3,                 # 3 rounds = 1 set = 1 game: first to 3, 2-2 is full set
    team_size=5,
    character_lock=True,             # 登録キャラクター固定 (change: declared + allowed)
    double_ko=True,                  # only at the full-set round (2-2)
    stage_rule="toss_then_loser",
    side_rule="toss_fixed",
    coin_toss_required=("kachinuki",),
    replay_scope="round",            # unintended interruption: restart the interrupted round
    penalties=KINDS,
    penalty_names=NAMES,
    character_rule="locked",
    roll_call=True,                  # 点呼: absent members play last; a no-show is never automatic
    double_ko_rule="replayed",
    day_long=DAY_LONG,
    check_characters=check_characters,
    voids_win=voids_win,
    may_change=may_change,
    resolve_character=resolve_character,
))
