"""Recording a result on a partial bracket (the match, what it feeds and their feeders, the
rest fetched only when a walk goes past them) changes exactly what the whole bracket changes.

Invariant: for every format and size, every result of a random day gives the same changed
keys and the same matches on a partial bracket as on the whole one, and fetches beyond the
neighbourhood only when a bye or a void is handed on.
"""
import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.tournament.bracket import Entrant, feeders_index, neighbourhood, partial
from webapp.tournament.bracket_results import record_result
from webapp.tournament.formats import generate

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FORMATS = [("double_elimination", {}), ("double_elimination", {"stop_at_top": 4}),
           ("double_elimination", {"grand_final": "none"}), ("single_elimination", {})]


class Fetching(dict):
    """The held matches; any other is copied from the stored bracket when asked for."""

    def __init__(self, stored, keys):
        super().__init__((k, copy.deepcopy(stored.matches[k])) for k in keys)
        self.stored, self.fetched = stored, []

    def __missing__(self, key):
        self.fetched.append(key)
        self[key] = copy.deepcopy(self.stored.matches[key])
        return self[key]


@FAST
@given(st.sampled_from(FORMATS), st.integers(5, 200), st.integers(0, 2**32 - 1))
def test_a_partial_bracket_records_what_the_whole_one_records(fmt, n, seed):
    name, options = fmt
    stored = generate(name, [Entrant(100 + s, s) for s in range(1, n + 1)], **options)
    feeders = feeders_index((m.key, m.winner_to, m.loser_to) for m in stored.matches.values())
    rng = random.Random(seed)
    while ready := stored.ready_matches():
        m = rng.choice(ready)
        winner = rng.choice(m.slots)
        held = Fetching(stored, neighbourhood(m.key, m.winner_to, m.loser_to, feeders))
        part = partial(stored.format, stored.options, held, feeders, stored.label)
        changed_part = record_result(part, m.key, winner)
        changed_whole = record_result(stored, m.key, winner)
        assert changed_part == changed_whole
        assert {k: held[k] for k in changed_part} == {k: stored.matches[k] for k in changed_part}
        for _key in held.fetched:  # only a match decided without play hands a walk on
            assert any(stored.matches[k].status in ("bye", "void") for k in changed_whole)
    assert stored.finished
