"""What the game entry form starts with, so an unchanged game needs only the score."""
from dataclasses import dataclass


@dataclass
class EntryDefaults:
    """Characters to keep per side, and the stage and side remembered where the rules allow."""

    chars: dict
    stage: str
    side_a: str


def _keep_character(state, prompt, members, side) -> str:
    """The character the player is held to, else last game's, else the registered one."""
    if prompt.characters.get(side):
        return prompt.characters[side]
    if prompt.replay:
        return prompt.replay["char_" + side]
    last = state.games[-1] if state.games else None
    player = prompt.players.get(side)
    if last is not None and last.member(side) == player and last.char(side):
        return last.char(side)
    member = members.get(player) if player is not None else None
    return getattr(member, "character", "") or ""


def entry_defaults(state, prompt, members) -> EntryDefaults:
    """Defaults of the next game: kept characters; stage and side from the last game by agreement."""
    last = state.games[-1] if state.games else None
    rules = state.rules
    if prompt.replay:
        stage = prompt.replay["stage"]
    else:  # a stage picked by someone (Tekken: the loser) is that person's new choice
        stage = last.stage if last is not None and rules.stage_rule == "agreement" else ""
    side_a = prompt.side_a or (last.side_a if last is not None and rules.side_rule == "agreement" else "")
    chars = {side: _keep_character(state, prompt, members, side) for side in ("a", "b")}
    return EntryDefaults(chars, stage or "", side_a or "")
