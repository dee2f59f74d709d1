"""Progressions in a custom event: pools → top cut, set at the desk, previewed, re-routed, refused late."""
import random

import pytest

from webapp.extensions import db
from webapp.models import Entrant, Phase
from webapp.services import ServiceError
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets, pool_tables, simulate
from webapp.services.setup import events, progressions, start_preview
from webapp.tournament.progression import first_round_pairs


def _event(n=18, groups=4):
    event = events.create_event("GGST 予選リーグ→TOP8", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, n + 1)])
    pools = events.add_phase(event, "予選リーグ", "round_robin", group_count=groups)
    top = events.add_phase(event, "TOP8", "double_elimination", best_of=5, grand_final="reset")
    db.session.commit()
    return event, pools, top


def _play(phase, seed=1):
    simulate.play_phase(phase, random.Random(seed))
    db.session.commit()


def test_top_two_of_four_pools_make_a_top_eight_seeded_across_pools(app):
    event, pools, top = _event()
    progressions.set_rule(top, pools, "top", 2)
    db.session.commit()
    made, problem = start_preview.preview(top)
    assert made == [] and problem.code == "routing.sources_running"
    brackets.start_phase(pools, event.entrants)
    db.session.commit()
    _play(pools)
    rows = progressions.preview_rows(top)
    assert len(rows) == 8 and [r.place for r in rows[:4]] == [1, 1, 1, 1]
    pool_of = {}
    for index, row in enumerate(pools.brackets):
        places = {p.entrant_id: p.rank for p in pool_tables.placements(row)}
        pool_of.update({e["id"]: index for e in row.entrants})
        assert {r.entrant_id for r in rows if r.pool == row.label} == {e for e, rank in places.items() if rank <= 2}
    progressions.start(top, event.entrants)
    db.session.commit()
    bracket = top.brackets[0]
    seed_of = {e["seed"]: e["id"] for e in bracket.entrants}
    assert len(seed_of) == 8
    for a, b in first_round_pairs(8):
        assert pool_of[seed_of[a]] != pool_of[seed_of[b]]


def test_a_late_pool_correction_reroutes_before_the_start_and_is_refused_after(app):
    event, pools, top = _event(9, 2)
    progressions.set_rule(top, pools, "best", 5)
    brackets.start_phase(pools, event.entrants)
    db.session.commit()
    _play(pools, 3)
    before = [r.entrant_id for r in progressions.preview_rows(top)]
    assert len(before) == 5
    match = next(m for b in pools.brackets for m in b.matches if m.status == "done")
    loser = match.loser_id
    brackets.correct_winner(match, loser, reason="審判の判断")
    db.session.commit()
    assert db.session.get(Phase, pools.id).status == "done"   # a round robin reopens nothing
    progressions.start(top, event.entrants)
    db.session.commit()
    with pytest.raises(ServiceError) as refused:
        brackets.correct_winner(match, match.loser_id, reason="もう一度")
    assert refused.value.code == "progression.next_started"
    assert "TOP8" in refused.value.message % refused.value.params


def test_desk_sets_the_rule_and_the_preview_names_who_goes_where(app, desk_client):
    event, pools, top = _event(9, 2)
    answer = desk_client.post(f"/desk/phase/{top.id}/progression",
                              data={"mode": "top", "source": str(pools.id), "count": "2"})
    assert answer.status_code == 302
    assert db.session.get(Phase, top.id).options["progression"] == {"from": pools.id, "mode": "top", "count": 2}
    brackets.start_phase(pools, event.entrants)
    db.session.commit()
    _play(pools, 7)
    page = desk_client.get(f"/desk/phase/{top.id}/preview").get_data(as_text=True)
    first = db.session.get(Entrant, progressions.preview_rows(top)[0].entrant_id)
    assert first.name in page
    assert "Group A, place 1" in page or "グループA 1位" in page
    assert page.count('data-testid="preview-match"') == 2   # top 4 of a double elimination: 2 first matches
