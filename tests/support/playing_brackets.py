"""Playing a domain bracket to its end in tests, and what must hold of it in every state."""
from collections import Counter

from webapp.tournament.bracket import DECIDED
from webapp.tournament.bracket_results import record_result


def play(b, pick):
    """Play to the end, tracking ready matches from the changed keys; returns the record order."""
    order = []
    ready = [m.key for m in b.matches.values() if m.status == "ready"]
    while ready:
        m = b.matches[ready.pop(0)]
        changed = record_result(b, m.key, pick(b, m))
        assert changed[0] == m.key and len(set(changed)) == len(changed)
        order.append((m.key, m.winner))
        ready += [k for k in changed if b.matches[k].status == "ready"]
    assert not b.ready_matches()
    return order


def check_consistent(b):
    """Structural invariants that hold in every state."""
    for m in b.matches.values():
        if m.status == "ready":
            assert None not in m.slots
        if m.status == "done":
            assert {m.winner, m.loser} == set(m.slots) and None not in m.slots
        if m.status in DECIDED and m.winner_to and m.winner is not None:
            assert b.matches[m.winner_to[0]].slots[m.winner_to[1]] == m.winner


def losses(b):
    """Losses per entrant over played matches."""
    return Counter(m.loser for m in b.matches.values() if m.status == "done")
