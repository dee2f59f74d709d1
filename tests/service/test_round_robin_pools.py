"""Round-robin pools through the services and pages: play, cross table, ties, withdrawals."""
import random

import pytest

from webapp.extensions import db
from webapp.models import Entrant, Phase
from webapp.services import ServiceError
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets, pool_tables, pool_ties, simulate
from webapp.services.setup import events


def _pools(n: int, group_count: int, **options):
    event = events.create_event("GGST サイド", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, n + 1)])
    phase = events.add_phase(event, "予選リーグ", "round_robin", group_count=group_count, **options)
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase


def _play_by_seed(phase, upset=()):
    """Better seed wins, except the pairs (by seed) in ``upset``."""
    seeds = {e.id: e.seed for e in db.session.query(Entrant)}
    while True:
        ready = [m for b in phase.brackets for m in b.matches if m.status == "ready"]
        if not ready:
            return
        m = ready[0]
        a, b = sorted((m.slot_a, m.slot_b), key=lambda e: seeds[e])
        won = b if (seeds[a], seeds[b]) in upset else a
        brackets.record_winner(m, won)
        db.session.commit()


def test_pools_of_four_and_five_play_out_to_a_cross_table_with_scores(app):
    event, phase = _pools(9, 2)
    assert sorted(len(b.matches) for b in phase.brackets) == [6, 10]
    assert all(m.status == "ready" for b in phase.brackets for m in b.matches)
    simulate.play_phase(phase, random.Random(5))
    db.session.commit()
    assert db.session.get(Phase, phase.id).status == "done"
    for row in phase.brackets:
        table = pool_tables.cross_table(row)
        n = len(row.entrants)
        assert table.finished and len(table.rows) == n
        assert sum(r.standing.wins for r in table.rows) == n * (n - 1) // 2
        assert sum(r.standing.game_difference for r in table.rows) == 0
        played = [m for r in table.rows for cell in r.cells for m in cell]
        assert len(played) == n * (n - 1) and all(m.score for m in played)
        places = pool_tables.placements(row)
        assert [p.entrant_id for p in places] == [r.standing.entrant for r in table.rows]


def test_three_way_tie_needs_the_desk_then_a_draw_breaks_it(app):
    event, phase = _pools(3, 1, tiebreaks=["head_to_head"], tie_resolution="draw")
    _play_by_seed(phase, upset={(1, 3)})   # 1 beats 2, 2 beats 3, 3 beats 1
    row = phase.brackets[0]
    table = pool_tables.cross_table(row)
    assert len(table.ties) == 1 and len(table.ties[0]) == 3
    assert {p.rank for p in pool_tables.placements(row)} == {1}
    with pytest.raises(ServiceError) as refused:
        pool_ties.add_playoff(row, table.ties[0])
    assert refused.value.code == "pool.playoff_two"
    order = pool_ties.record_draw(row, table.ties[0], seed="abc")
    db.session.commit()
    assert [p.entrant_id for p in pool_tables.placements(row)] == order
    assert row.options["draws"][0]["seed"] == "abc"


def test_two_way_tie_gets_a_playoff_match_whose_winner_goes_ahead(app):
    event, phase = _pools(4, 1, tiebreaks=[])
    _play_by_seed(phase, upset={(2, 3), (1, 4)})   # wins: 1 and 3 on two, 2 and 4 on one
    row = phase.brackets[0]
    seed = {e.id: e.seed for e in event.entrants}
    ties = pool_tables.cross_table(row).ties
    assert sorted(sorted(seed[e] for e in t) for t in ties) == [[1, 3], [2, 4]]
    top = next(t for t in ties if {seed[e] for e in t} == {1, 3})
    playoff = pool_ties.add_playoff(row, top)
    db.session.commit()
    assert playoff.status == "ready" and db.session.get(Phase, phase.id).status == "running"
    assert pool_tables.placements(row) == []   # the pool waits for its playoff
    third = next(e for e in top if seed[e] == 3)
    brackets.record_winner(playoff, third)
    db.session.commit()
    places = pool_tables.placements(row)
    assert places[0].entrant_id == third and (places[0].rank, places[1].rank) == (1, 2)
    assert db.session.get(Phase, phase.id).status == "done"
    with pytest.raises(ServiceError) as refused:
        pool_ties.add_playoff(row, top)
    assert refused.value.code == "pool.not_tied"


def test_withdrawal_removed_results_and_the_words_that_say_so(app, desk_client):
    event, phase = _pools(5, 1, dq_policy="removed")
    row = phase.brackets[0]
    staff = desk_client.get(f"/staff/e/{event.slug}").get_data(as_text=True)
    assert 'class="cross"' in staff
    fifth = next(e for e in event.entrants if e.seed == 5)
    brackets.disqualify(fifth, reason="体調不良")
    db.session.commit()
    _play_by_seed(phase)
    table = pool_tables.cross_table(row)
    assert table.rows[-1].standing.entrant == fifth.id and table.rows[-1].standing.withdrawn
    assert table.rows[-1].standing.wins == 0 and all(r.standing.losses <= 3 for r in table.rows)
    page = desk_client.get(f"/desk/phase/{phase.id}").get_data(as_text=True)
    assert "選手5" in page and "<s>" in page
    public = desk_client.get(f"/e/{event.slug}/phase/{phase.id}").get_data(as_text=True)
    assert "cross-table" in public and "○" in public
