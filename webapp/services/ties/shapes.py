"""Which taikai match is which start.gg set: both brackets read as where each slot's player comes from.

A slot's origin is a seed ("S", n), or the winner or loser of a set, itself named by its own slots'
origins, so two brackets built apart (taikai's generator, start.gg's) name the same set the same way
whatever their ids. A set with one player (a bye) passes that player on: its winner is that origin.
Only sets two players meet in are matched; one left over on either side means the brackets differ.
"""


def signatures(nodes: dict, slots_of) -> dict:
    """{node id: signature} for every node two players meet in (slots_of(node) → two slot origins,
    each ("seed", n) | ("winner"|"loser", node id) | None)."""
    memo: dict = {}

    def origin(slot):
        if slot is None:
            return None
        kind, value = slot
        if kind == "seed":
            return ("S", value)
        return passed(value, kind)

    def real(node_id) -> list:
        if ("real", node_id) not in memo:
            memo[("real", node_id)] = []  # a loop in the links: no players
            slots = [origin(s) for s in slots_of(nodes[node_id])] if node_id in nodes else []
            memo[("real", node_id)] = [s for s in slots if s is not None]
        return memo[("real", node_id)]

    def passed(node_id, role):
        players = real(node_id)
        if len(players) == 1:
            return players[0] if role == "winner" else None
        return (role[0].upper(), frozenset(players)) if len(players) == 2 else None

    return {node_id: frozenset(real(node_id)) for node_id in nodes if len(real(node_id)) == 2}


def pair(ours: dict, theirs: dict) -> tuple[dict, list, list]:
    """({our id: their id} for equal signatures, ours left over, theirs left over)."""
    by_sig = {sig: node for node, sig in theirs.items()}
    matched = {node: by_sig[sig] for node, sig in ours.items() if sig in by_sig}
    taken = set(matched.values())
    return matched, [n for n in ours if n not in matched], [n for n in theirs if n not in taken]
