"""A withdrawal after the start, as a property: whatever was played before it, every match the
withdrawn entrant could still play goes to the opponent (never to them), and undoing it while
nothing after those walkovers was played gives back exactly the brackets as they were."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.extensions import db
from webapp.services.entrants import entrant_edits
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events


def _state(phase):
    return sorted((m.key, m.slot_a, m.slot_b, m.winner_id, m.status, m.walkover)
                  for b in phase.brackets for m in b.matches)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(min_value=4, max_value=10), played=st.integers(min_value=0, max_value=6),
       pick=st.integers(min_value=0, max_value=9), seed=st.integers(min_value=0, max_value=1000))
def test_withdrawal_gives_their_matches_away_and_its_undo_restores_the_brackets(app, players, played, pick, seed):
    db.session.rollback()
    rng = random.Random(seed)
    event = events.create_event(f"棄権 {seed}-{players}-{played}", "kgp2025")
    entrants.add_entrants(event, [{"name": f"P{i}", "seed": i, "members": []} for i in range(1, players + 1)])
    phase = events.add_phase(event, "本戦", "double_elimination", grand_final="reset")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    for _ in range(played):
        ready = [m for b in phase.brackets for m in b.matches if m.status == "ready"]
        if not ready:
            break
        match = rng.choice(ready)
        brackets.record_winner(match, rng.choice([match.slot_a, match.slot_b]))
    db.session.flush()
    alive = [e for e in event.entrants if any(e.id in (m.slot_a, m.slot_b) and m.status in ("ready", "pending")
                                               for b in phase.brackets for m in b.matches)]
    if not alive:
        return
    leaver = alive[pick % len(alive)]
    before = _state(phase)
    entrant_edits.withdraw(leaver)
    db.session.flush()
    theirs = [m for b in phase.brackets for m in b.matches if leaver.id in (m.slot_a, m.slot_b)]
    assert not any(m.status == "ready" for m in theirs)
    won_before = {(k, w) for k, _a, _b, w, _s, _wo in before}
    # A bye (no opponent in that slot) carries them along the bracket; it is no win over anyone.
    late_wins = [(m.key, m.status, m.walkover) for m in theirs if m.status != "bye"
                 and m.winner_id == leaver.id and (m.key, m.winner_id) not in won_before]
    assert not late_wins, (late_wins, before)
    entrant_edits.undo_withdraw(leaver)
    db.session.flush()
    assert not leaver.dq and "withdrawn" not in leaver.info
    assert _state(phase) == before
    db.session.rollback()
