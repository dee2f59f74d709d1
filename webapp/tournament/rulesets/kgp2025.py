"""KGP2025 (Kansai Gaming Party): 1-on-1, best of 3 (finals stage best of 5).

Rule numbers ①–④ are the seed's match rules (kgp2025-event-rules.txt); the
prohibited acts are numbered ①–⑥ in their own list there.
"""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.rulesets.base import RuleSet, register

# The seed's list of prohibited acts (禁止行為), in its order and numbering.
ACTS = {
    "winner_changed_character": N_("prohibited act ①: the previous game's winner changed character"),
    "pause": N_("prohibited act ②: opening the pause menu"),
    "ps_button": N_("prohibited act ③: opening the console menu (PS / SHARE button)"),
    "touching_opponent": N_("prohibited act ④: deliberately touching the opponent or their controller"),
    "touching_console": N_("prohibited act ⑤: operating the console or monitor"),
    "malicious": N_("prohibited act ⑥: another act staff judge malicious"),
}


def _previous(state):
    """The last game actually played (None before game 1)."""
    return state.games[-1] if state.games else None


def resolve_character(state, side, member_id, char):
    """An empty character means 'the same as last game' (KGP characters are free)."""
    if char:
        return char
    prev = _previous(state)
    return prev.char(side) if prev else ""


def check_characters(state, report, members):
    """KGP ④: from game 2 on, only the previous game's loser may change character."""
    prev = _previous(state)
    if prev is None or prev.winner is None:
        return
    refuse_winner_change(state, report, prev, "kgp.winner_changed_character", WINNER_CHANGED_CHARACTER)


# Marked once here, not at every game's check (the check refuses rarely).
WINNER_CHANGED_CHARACTER = N_("KGP ④: only the loser of the previous game may change character; %(name)s won "
                              "game %(game)d with %(before)s and may not switch to %(after)s (staff may record "
                              "it as prohibited act ① instead)")


def refuse_winner_change(state, report, prev, code: str, message: str) -> None:
    """The previous game's winner reported with another character than the one recorded (not excused):
    refused with `message` (params name, game, before, after). The common FGC rule KGP ④ writes down."""
    w = prev.winner
    after = report.char_a if w == "a" else report.char_b
    # A character not recorded for the winner before (a quick or offline entry) is named, not changed.
    if prev.char(w) and after != prev.char(w) and not state.side(w).excused_char:
        raise RuleViolation(code, message, name=state.member(w, prev.member(w)).name, game=prev.index + 1,
                            before=prev.char(w), after=after)


def may_change(state):
    """Game 1: both pick freely; from game 2, only the previous game's loser (KGP ④)."""
    prev = _previous(state)
    if prev is None or prev.winner is None:
        return ["a", "b"]
    return ["b" if prev.winner == "a" else "a"]


def voids_win(state, side, member_id, char):
    """KGP has no character lock: a win is never voided for the character."""
    return False


RULESET = register(RuleSet(
    name="kgp2025",
    title="KGP2025",
    label=N_("KGP2025 (1on1)"),
    reception_category="player",     # recorded as players at the door (RULES.md B)
    match_types=("best_of",),
    rounds_to_win=2,                 # ③ 2ラウンド先取 (the game's WIN COUNT setting)
    best_of=(3, 5),                  # ② Bo3; finals-stage qualifiers and finals Bo5
    best_of_by_phase={"default": 3, "finals_qualifier": 5, "finals": 5},
    double_ko=False,                 # the seed has no double-K.O. rule
    stage_rule="agreement",          # ③ by agreement, rock-paper-scissors otherwise
    side_rule="agreement",
    replay_scope="game",             # trouble by nobody: the game is replayed from scratch
    penalties={"prohibited_act": "round_then_match"},
    penalty_names={"prohibited_act": N_("Prohibited act")},
    acts=ACTS,
    character_rule="loser_changes",  # ④ only the previous game's loser may change
    double_ko_rule="nobody",
    check_characters=check_characters,
    voids_win=voids_win,
    may_change=may_change,
    resolve_character=resolve_character,
))
