"""Routing between phases as the desk sees it: preview, override (logged), corrections upstream."""
import random

from play_support import kgp_top4

from webapp.extensions import db
from webapp.models import AuditEntry, Entrant, Event
from webapp.services.matches import brackets, simulate
from webapp.services.setup import event_templates as et


def test_preview_lists_who_goes_where_and_the_desk_may_change_it(app):
    event, de, finals = kgp_top4()
    routed = et.entrants_for(finals)
    assert len(routed) == 4 and [r.tier for r in routed] == [0, 0, 1, 1]
    fifth = next(e for e in event.entrants if e.seed == 5)
    new_list = [r.entrant_id for r in routed[:3]] + [fifth.id]
    et.set_override(finals, new_list)
    db.session.commit()
    assert [r.entrant_id for r in et.entrants_for(finals)] == new_list
    assert db.session.query(AuditEntry).filter_by(action="routing.override").count() == 1


def test_starting_a_phase_before_its_sources_finish_is_refused(app):
    rows = [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 9)]
    event = et.create_from_template("kgp2025", "KGP ルーティング", rows)
    db.session.commit()
    de, finals = event.phases
    et.start(de)
    db.session.commit()
    try:
        et.start(finals)
        raised = None
    except et.ServiceError as problem:
        raised = problem.code
    assert raised == "routing.sources_running"


def test_upstream_correction_that_changes_who_advanced_is_shown(app):
    rows = [{"name": f"チーム{i}", "seed": i, "members": [(f"m{i}{k}", "仁") for k in range(5)]}
            for i in range(1, 9)]
    event = et.create_from_template("tekken7_hiza_5on5", "訂正テスト", rows)
    db.session.commit()
    rng = random.Random(3)
    q1a, q1b, q2 = event.phases[:3]
    for phase in (q1a, q1b):
        et.start(phase)
        db.session.commit()
        simulate.play_phase(phase, rng)
        db.session.commit()
    et.start(q2)
    db.session.commit()
    assert et.routing_changes(event) == []
    final = next(m for m in q1a.brackets[0].matches if m.key == "W2.1")
    old_winner, loser = final.winner_id, final.loser_id
    brackets.correct_winner(final, loser, cascade=True, reason="審判の判断")
    db.session.commit()
    changes = et.routing_changes(db.session.get(Event, event.id))
    # The old group winner no longer qualifies; its second-qualifier match is named.
    assert len(changes) == 1 and changes[0]["unexpected"] == [old_winner]
    assert all(old_winner in (m.slot_a, m.slot_b) for m in changes[0]["matches"])
    simulate.play_phase(q1a, rng)   # the group is replayed from the correction on
    db.session.commit()
    new_winner = next(p.entrant_id for p in brackets.placements(q1a.brackets[0]) if p.rank == 1)
    if new_winner != old_winner:
        assert et.routing_changes(db.session.get(Event, event.id))[0]["missing"] == [new_winner]


def test_group_assignment_by_recorded_draw(app):
    rows = [{"name": f"チーム{i}", "seed": i, "members": [(f"m{i}{k}", "仁") for k in range(5)]}
            for i in range(1, 9)]
    event = et.create_from_template("tekken7_hiza_5on5", "抽選テスト", rows)
    db.session.commit()
    et.start(event.phases[0], draw_seed="feedface", draw_groups=True)
    db.session.commit()
    record = event.phases[0].draw
    assert record["seed"] == "feedface" and sorted(record["result"]) == sorted(e.id for e in db.session.query(Entrant))
    from webapp.tournament.draw import draw
    assert draw(record["inputs"], record["seed"]) == record["result"]


def test_kgp_finals_pairing_proposed_without_rematch_and_changed_by_the_desk(app):
    event, de, finals = kgp_top4()
    proposed = et.proposed_pairing(finals)
    assert len(proposed) == 2
    (w1, l1), (w2, l2) = proposed
    et.start(finals, pairing=[(w1, l2), (w2, l1)])
    db.session.commit()
    q1 = next(m for m in finals.brackets[0].matches if m.key == "Q1")
    assert {q1.slot_a, q1.slot_b} in ({w1, l2}, {w2, l1})
