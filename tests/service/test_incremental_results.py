"""Results recorded from the few matches they touch leave the same brackets as the whole-bracket
engine, and a phase of pools is done exactly when its last match is (both databases).

Invariant: after every batch of desk results, each stored bracket equals the pure engine's
bracket fed the same results, and the phase is "done" iff every bracket is finished.
"""
import random
import uuid

from phone_entries import submit_many

from webapp.extensions import db
from webapp.models import Phase
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import bracket_rows, brackets
from webapp.services.setup import events
from webapp.tournament import bracket as engine
from webapp.tournament import bracket_results


def _pools_phase(pools=3, per_pool=6):
    event = events.create_event("プール検証", "kgp2025", entrant_kind="player", team_size=1)
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, pools * per_pool + 1)])
    phase = events.add_phase(event, "予選", "double_elimination", group_count=pools)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return phase


def _state(b: engine.Bracket) -> dict:
    return {k: (m.slots, m.winner, m.loser, m.status) for k, m in b.matches.items()}


def test_a_day_of_pools_in_batches_matches_the_engine_and_ends_the_phase(app, desk_user):
    phase = _pools_phase()
    phase_id = phase.id
    mirror = {row.id: bracket_rows.load(row) for row in phase.brackets}
    ids = {row.id: {m.key: m.id for m in row.matches} for row in phase.brackets}
    rng = random.Random(21)
    while True:
        ready = [(bid, m) for bid, b in mirror.items() for m in b.ready_matches()]
        if not ready:
            break
        assert db.session.get(Phase, phase_id).status == "running"
        batch = rng.sample(ready, min(len(ready), rng.randint(1, 5)))
        ops = []
        for bid, m in batch:
            winner = rng.choice(m.slots)
            bracket_results.record_result(mirror[bid], m.key, winner)
            ops.append({"op_id": str(uuid.uuid4()), "device_id": "desk-test", "kind": "record_winner",
                        "match_id": ids[bid][m.key], "payload": {"winner": winner}})
        assert [o.outcome for o in submit_many(ops, desk_user)] == ["applied"] * len(ops)
        db.session.expire_all()
        for row in db.session.get(Phase, phase_id).brackets:
            assert _state(bracket_rows.load(row)) == _state(mirror[row.id])
    assert db.session.get(Phase, phase_id).status == "done"


def test_a_result_outside_a_batch_reads_only_its_neighbourhood(app):
    """brackets.record_winner loads the match's neighbours, not the bracket's every match."""
    from sqlalchemy import event as sa_event

    phase = _pools_phase(pools=1, per_pool=64)
    row = phase.brackets[0]
    match = next(m for m in row.matches if m.status == "ready")
    bracket_rows.feeders_of(row)  # the links, read once per process
    db.session.expire_all()
    match = db.session.merge(match)
    loaded = []
    sa_event.listen(db.session(), "loaded_as_persistent", lambda _s, obj: loaded.append(obj))
    brackets.record_winner(match, match.slot_a)
    db.session.commit()
    assert len([o for o in loaded if type(o).__name__ == "MatchRow"]) <= 6
