"""Random but rule-valid match play, for demos and whole-day tests.

``next_action`` proposes what a referee could plausibly enter next from the match's
prompt (toss, names, a game, now and then a double K.O., a penalty or a character
change); ``play_out`` keeps proposing until the rules accept one, so only valid actions
are ever recorded.
"""
from __future__ import annotations

import random

from .errors import RuleViolation
from .play import CoinToss, DeclareChange, NamePlayer, Penalty, ReportGame, apply

SIDES = ("a", "b")


def _name(prompt, rng) -> NamePlayer:
    side = prompt.must_name[0]
    present = [m for m in prompt.members_in[side] if m not in prompt.absent[side]]
    return NamePlayer(side, rng.choice(present or prompt.members_in[side]), blind=prompt.blind_select)


def _game(state, prompt, rng, characters, stages) -> ReportGame:
    target = prompt.rounds_to_win
    if prompt.replay:
        r = prompt.replay
        winner = rng.choice(SIDES)
        return _score(winner, target, rng.randrange(target), r["char_a"], r["char_b"], r["stage"], prompt)
    if state.rules.double_ko and rng.random() < 0.04:
        return ReportGame(None, target - 1, target - 1, prompt.characters["a"], prompt.characters["b"],
                          rng.choice(stages), prompt.side_a, double_ko=True)
    chars = {s: prompt.characters[s] or _last_char(state, s, rng, characters) for s in SIDES}
    for s in prompt.may_change_character:
        if rng.random() < 0.25:
            chars[s] = rng.choice(characters)
    return _score(rng.choice(SIDES), target, rng.randrange(target), chars["a"], chars["b"],
                  rng.choice(stages), prompt)


def _last_char(state, side, rng, characters) -> str:
    return state.games[-1].char(side) if state.games else rng.choice(characters)


def _score(winner, target, loser_rounds, char_a, char_b, stage, prompt) -> ReportGame:
    loser = "b" if winner == "a" else "a"
    loser_rounds = max(loser_rounds, prompt.awarded_rounds[loser])
    rounds = {winner: target, loser: min(loser_rounds, target - 1)}
    return ReportGame(winner, rounds["a"], rounds["b"], char_a, char_b, stage, prompt.side_a)


def next_action(state, rng: random.Random, characters: list[str], stages: list[str]):
    """A plausible next entry for this match (the rules may still refuse it)."""
    prompt = state.prompt()
    if prompt.needs_coin_toss:
        choice = rng.choice(("stage", "side"))
        return CoinToss(rng.choice(SIDES), choice, rng.choice(("1P", "2P")) if choice == "side" else None)
    declared = _undeclared_change(state, prompt) if not state.games else None
    if declared and rng.random() < 0.5:
        side, member = declared
        return DeclareChange(side, member.id, rng.choice(characters), True, True)
    if prompt.must_name:
        return _name(prompt, rng)
    rounds = [k for k, e in state.rules.penalties.items() if e in ("round", "round_then_match")]
    if rounds and rng.random() < 0.03:   # a round penalty under the match's own rules
        kind = "prohibited_act" if state.rules.acts else rounds[0]
        act = rng.choice(sorted(state.rules.acts)) if state.rules.acts else ""
        return Penalty(rng.choice(SIDES), kind, act=act)
    return _game(state, prompt, rng, characters, stages)


def _undeclared_change(state, prompt):
    """A member who declared a change at reception and has not yet declared it to this match."""
    if not state.rules.character_lock:
        return None
    for side in SIDES:
        for member in state.setup.members(side):
            if member.change_declared and member.id not in state.side(side).permitted:
                return side, member
    return None


def play_out(state, rng: random.Random, characters: list[str], stages: list[str], limit: int = 400):
    """Apply valid random actions until the match ends; returns (state, actions applied)."""
    applied = []
    for _ in range(limit):
        if state.finished:
            break
        action = next_action(state, rng, characters, stages)
        try:
            state = apply(state, action)
        except RuleViolation:
            continue
        applied.append(action)
    return state, applied
