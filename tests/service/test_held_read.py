"""The read a batch starts with (operations/held.new_batch): which matches have held entries, and which
phones had an entry refused in which of the matches the batch may decide entries of.

Invariant, for any log and any batch: the held matches are every match with a held entry; for every
match the batch may decide entries of (its own, and those with held entries) the refused (phone, match)
pairs are exactly those of a read of the whole log; and no refusal of another match is read (the read
does not grow with the database's refusals).
"""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.extensions import db
from webapp.models import Operation
from webapp.operations import held

OUTCOMES = ("held", "rejected", "conflict", "applied", "confirmed", "duplicate")
_ROW = st.tuples(st.sampled_from(OUTCOMES), st.sampled_from(("phone-a", "phone-b", "phone-c")),
                 st.none() | st.integers(min_value=1, max_value=8))


def _log(rows) -> None:
    db.session.execute(Operation.__table__.delete())
    if rows:
        db.session.execute(Operation.__table__.insert(), [
            {"op_id": f"held-read-{n}", "device_id": device, "seq": n, "kind": "report_game", "match_id": match,
             "outcome": outcome, "payload": {}, "params": {}} for n, (outcome, device, match) in enumerate(rows)])
    db.session.commit()


@given(rows=st.lists(_ROW, max_size=30), mine=st.sets(st.integers(min_value=1, max_value=8), max_size=3))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_batch_reads_the_held_and_the_refusals_of_the_matches_it_may_decide(app, rows, mine):
    _log(rows)
    try:
        batch = held.new_batch(matches=mine)
        held_matches = {m for outcome, _, m in rows if outcome == "held" and m is not None}
        assert set(batch.held) == held_matches and all(v is None for v in batch.held.values())
        decidable = mine | held_matches
        assert batch.refused == {(device, m) for outcome, device, m in rows
                                 if outcome in held.REFUSED and m in decidable}
    finally:
        db.session.rollback()
        _log([])


def test_refusals_of_other_matches_are_not_read(app):
    rows = [("rejected", f"phone-{n % 7}", 1000 + n) for n in range(500)] + [("conflict", "phone-x", 3)]
    _log(rows)
    try:
        assert held.new_batch(matches=[3]).refused == {("phone-x", 3)}
        assert held.new_batch(matches=[]).refused == set()
    finally:
        _log([])
