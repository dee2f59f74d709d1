"""Pairing one taikai bracket with one bracket of the service, set by set (``shapes`` names both sides'
sets by where their players come from), moving taikai's losers-side drops to where the service drops them.

A node is a saved match (or a generated one read the same way: ``id``, ``key``, ``bracket_id``,
``slot_a``/``slot_b``, ``winner_to``/``loser_to``); ``seed_of(entrant)`` names a first-round player the
way the service's seed slots are named (a seed number, or the entrant itself when the service's seeds
were read as entrants).
"""
from . import shapes


def origins_by(seed_of):
    """The two slot origins of a node among ``nodes``: ("seed", seed_of(entrant)), ("winner"|"loser", node id)."""
    def slots_of(match, nodes: dict) -> list:
        feeders = {}
        for other in nodes.values():
            for role, to in (("winner", other.winner_to), ("loser", other.loser_to)):
                if to and to[0] == match.key and other.bracket_id == match.bracket_id:
                    feeders[int(to[1])] = (role, other.id)
        out = []
        for slot, entrant in enumerate((match.slot_a, match.slot_b)):
            seed = seed_of(entrant) if entrant is not None else None
            out.append(feeders.get(slot) or (("seed", seed) if seed is not None else None))
        return out
    return slots_of


def pair(nodes: dict, sets: dict, slots_of) -> tuple[dict, list, list]:
    ours = shapes.signatures(nodes, lambda m: slots_of(m, nodes))
    theirs = shapes.signatures(sets, lambda slots: slots)
    return shapes.pair(ours, theirs)


def as_is(nodes: dict, sets: dict, slots_of) -> tuple[dict, int]:
    """``follow_drops`` without moving a drop: a bracket that is not this site's to change (a mirrored copy)."""
    matched, ours_left, theirs_left = pair(nodes, sets, slots_of)
    return matched, len(ours_left) + len(theirs_left)


def follow_drops(nodes: dict, sets: dict, slots_of) -> tuple[dict, int]:
    """({our id: their set id}, how many sets on either side are left unpaired).

    taikai picks each winners round's drop order itself (rematches avoided); the service keeps its own.
    Before any result, a drop can go anywhere, so each of the service's drop sets whose two feeders are
    paired tells which taikai match that winners match's loser goes to; the two drops are swapped and the
    pairing tried again, until nothing moves."""
    for _ in range(len(sets) + 1):
        matched, ours_left, theirs_left = pair(nodes, sets, slots_of)
        if not theirs_left or not _move_one_drop(nodes, matched, theirs_left, sets):
            break
    return matched, len(ours_left) + len(theirs_left)


def _move_one_drop(nodes: dict, matched: dict, theirs_left: list, sets: dict) -> bool:
    back = {t: o for o, t in matched.items()}
    for set_id in theirs_left:
        fed = {role: node for role, node in (s for s in sets[set_id] if s)}
        if set(fed) != {"winner", "loser"} or fed["winner"] not in back or fed["loser"] not in back:
            continue
        dropping, before = nodes[back[fed["loser"]]], nodes[back[fed["winner"]]]
        target = next((m for m in nodes.values() if m.bracket_id == before.bracket_id and before.winner_to
                       and m.key == before.winner_to[0]), None)
        if target is None:
            continue
        slot = 1 - int(before.winner_to[1])
        other = next((m for m in nodes.values() if m.loser_to and m.bracket_id == target.bracket_id
                      and (m.loser_to[0], int(m.loser_to[1])) == (target.key, slot)), None)
        if other is None or other.id == dropping.id:
            continue
        other.loser_to, dropping.loser_to = dropping.loser_to, [target.key, slot]
        return True
    return False


def as_text(origin) -> str:
    """A slot origin kept as an id's text: "s3" (seed 3), "w<set id>", "l<set id>", "" (nobody)."""
    return "" if origin is None else f"{origin[0][0]}{origin[1]}"


def from_text(text: str):
    if not text:
        return None
    kind = {"s": "seed", "w": "winner", "l": "loser"}[text[0]]
    return (kind, int(text[1:]) if kind == "seed" else text[1:])


class Node:
    """A generated match as the pairing reads a saved one."""

    def __init__(self, match):
        self.id, self.key, self.bracket_id, self.status = match.key, match.key, 0, match.status
        self.slot_a, self.slot_b = match.slots
        self.winner_to = list(match.winner_to) if match.winner_to else None
        self.loser_to = list(match.loser_to) if match.loser_to else None
