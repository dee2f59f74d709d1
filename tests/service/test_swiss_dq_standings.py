"""A player disqualified in a Swiss (issue 37.14): the standings keep the sets he played and show
失格 in the place column, last; the event's final standings place him below a 0–N player."""
import random
import re

from webapp.extensions import db
from webapp.models import Phase
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets, simulate, swiss_rounds
from webapp.services.reads import standings
from webapp.services.setup import events


def _swiss(n):
    event = events.create_event("スイス 失格", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, n + 1)])
    phase = events.add_phase(event, "スイスドロー", "swiss")
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase


def _play_round(row, rng, rnd):
    for m in [m for m in row.matches if m.round == rnd and m.status == "ready"]:
        simulate.play_match(m, rng)
        db.session.commit()


def _leader_after_round_one(phase):
    rng = random.Random(3)
    row = phase.brackets[0]
    _play_round(row, rng, 1)
    leader = swiss_rounds.table(row)[0].entrant
    return row, leader, rng


def test_the_disqualified_leader_keeps_his_record_and_shows_dq_last(app, client):
    event, phase = _swiss(8)
    row, leader, rng = _leader_after_round_one(phase)
    brackets.disqualify(next(e for e in event.entrants if e.id == leader), reason="暴言")
    db.session.commit()
    table = swiss_rounds.table(row)
    assert table[-1].entrant == leader and table[-1].out
    assert table[-1].wins == 1                      # round one, played before the DQ (round two: a walkover)
    html = client.get(f"/e/{event.slug}/phase/{phase.id}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    last_row = re.findall(r"<tr[^>]*>\s*<td class=\"place[^\"]*\">(.*?)</td>\s*<th scope=\"row\">(.*?)</th>", html, re.S)[-1]
    assert "失格" in last_row[0] and "選手" in last_row[1]


def test_the_disqualified_player_is_placed_below_every_player_still_in(app):
    event, phase = _swiss(8)
    row, leader, rng = _leader_after_round_one(phase)
    brackets.disqualify(next(e for e in event.entrants if e.id == leader), reason="暴言")
    db.session.commit()
    while db.session.get(Phase, phase.id).status != "done":
        ready = [m for m in row.matches if m.status == "ready"]
        simulate.play_match(ready[0], rng)
        db.session.commit()
    final = standings.event_standings(event)
    assert final[-1][2].id == leader
    assert all(rank < final[-1][0] for rank, _to, e in final[:-1])
