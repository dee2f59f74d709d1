"""From the desk's forms: GGST pools of 4–5 (round robin) → top 4 double elimination, Bo5 from the
top 4; and a Swiss → top 4. Played through, to the event's final standings."""
import random

from webapp.extensions import db
from webapp.models import Event, Phase
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import simulate
from webapp.services.setup import events


def _event(name, n):
    event = events.create_event(name, "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, n + 1)])
    db.session.commit()
    return event.id


def _add_phase(client, event_id, **fields):
    answer = client.post(f"/desk/e/{event_id}/phases", data=fields)
    assert answer.status_code == 302, answer.get_data(as_text=True)[:500]
    return db.session.get(Event, event_id).phases[-1]


def _run(client, event_id, first, top, count, mode):
    assert client.post(f"/desk/phase/{top.id}/progression",
                       data={"mode": mode, "source": str(first.id), "count": str(count)}).status_code == 302
    for phase in (first, top):
        assert client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway"}).status_code == 302
        phase = db.session.get(Phase, phase.id)
        while phase.status != "done":
            simulate.play_phase(phase, random.Random(phase.id))
            db.session.commit()
            phase = db.session.get(Phase, phase.id)
    event = db.session.get(Event, event_id)
    page = client.get(f"/e/{event.slug}/standings").get_data(as_text=True)
    return event, page


def test_pools_of_four_and_five_into_a_top_four_with_bo5(desk_client):
    event_id = _event("GGST サイド", 9)
    pools = _add_phase(desk_client, event_id, name="予選リーグ", format="round_robin", group_count="2",
                       tiebreaks="fgc", dq_policy="walkover", tie_resolution="draw", best_of="3")
    assert pools.options == {"double": False, "tiebreaks": ["head_to_head", "game_difference", "round_difference"],
                             "dq_policy": "walkover", "tie_resolution": "draw"}
    top = _add_phase(desk_client, event_id, name="TOP4", format="double_elimination", grand_final="reset",
                     best_of="3", later_from="top4", later_best_of="5")
    assert top.options["best_of_by_round"] == {"from": "top4", "best_of": 5}
    event, page = _run(desk_client, event_id, pools, top, 2, "top")
    assert len(top.brackets[0].entrants) == 4
    assert all(e.name in page for e in event.entrants)     # the pools place the five who did not go on
    pool_page = desk_client.get(f"/e/{event.slug}/phase/{pools.id}").get_data(as_text=True)
    assert pool_page.count('class="cross"') == 2


def test_a_swiss_into_a_top_four(desk_client):
    event_id = _event("ローカル スイス", 12)
    swiss = _add_phase(desk_client, event_id, name="スイスドロー", format="swiss", swiss_rounds="3", best_of="3",
                       swiss_tiebreaks="median_first")
    assert swiss.options == {"rounds": 3, "tiebreaks": ["median_buchholz", "buchholz", "opponents_win", "head_to_head"]}
    top = _add_phase(desk_client, event_id, name="TOP4", format="single_elimination", best_of="5")
    event, page = _run(desk_client, event_id, swiss, top, 4, "best")
    assert len({m.round for m in swiss.brackets[0].matches}) == 3
    assert all(e.name in page for e in event.entrants)
