"""The character rules an organiser chooses from, as the engine's four hooks.

Each rule gives ``check_characters``, ``voids_win``, ``may_change`` and ``resolve_character``
(see ``RuleSet``). The presets keep their own (KGP's messages name KGP ④); a rule chosen in
the event's settings uses these, whose words name no event.
"""
from __future__ import annotations

from webapp.tournament.errors import N_
from webapp.tournament.rulesets import kgp2025, tekken7_hiza_5on5

CHARACTER_RULES = {
    "free": N_("Free: either player may change character between games"),
    "loser_changes": N_("Only the previous game's loser may change character"),
    "locked": N_("Locked to the registered character"),
    "double_blind": N_("Double-blind pick for game 1, then only the loser may change"),
    "double_blind_free": N_("Double-blind pick for game 1, then the winner says first whether they change "
                            "and the loser picks after"),
}


def _free_check(state, report, members):
    """Anyone may change: nothing to refuse."""


def _both(state):
    """Both sides may change before every game."""
    return ["a", "b"]


def _same_players(state):
    """The previous game, when the same two players play the next one (a team's new player picks freely)."""
    prev = state.games[-1] if state.games else None
    if prev is None or (prev.member_a, prev.member_b) != (state.a.current, state.b.current):
        return None
    return prev


def _loser_may(state):
    """Game 1 of two players: both pick; then only the previous game's loser may change."""
    prev = _same_players(state)
    if prev is None or prev.winner is None:
        return ["a", "b"]
    return [prev.loser]


def _loser_check(state, report, members):
    """From game 2 on, only the previous game's loser may change character."""
    prev = _same_players(state)
    if prev is None or prev.winner is None:
        return
    kgp2025.refuse_winner_change(state, report, prev, "rules.winner_changed_character", N_(
        "Only the loser of the previous game may change character: %(name)s won game "
        "%(game)d with %(before)s and keeps it (not %(after)s)"))


def _resolve(state, side, member_id, char):
    """An empty character: the member's last one in this match, else their registered one."""
    if char:
        return char
    for game in reversed(state.games):
        if game.member(side) == member_id:
            return game.char(side)
    return state.member(side, member_id).character if member_id is not None else ""


# rule -> (check_characters, voids_win, may_change, resolve_character)
HOOKS = {
    "free": (_free_check, kgp2025.voids_win, _both, _resolve),
    "loser_changes": (_loser_check, kgp2025.voids_win, _loser_may, _resolve),
    "double_blind": (_loser_check, kgp2025.voids_win, _loser_may, _resolve),
    "double_blind_free": (_free_check, kgp2025.voids_win, _both, _resolve),
    "locked": (tekken7_hiza_5on5.check_characters, tekken7_hiza_5on5.voids_win,
               tekken7_hiza_5on5.may_change, tekken7_hiza_5on5.resolve_character),
}


def hooks(rule: str) -> dict:
    """The RuleSet fields a character rule sets."""
    check, voids, may, resolve = HOOKS[rule]
    return {"character_rule": rule, "character_lock": rule == "locked", "check_characters": check,
            "voids_win": voids, "may_change": may, "resolve_character": resolve}
