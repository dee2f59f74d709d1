"""Swiss through the services: the next round paired by the last result of a round, DQs dropped,
the standings on the pages, into a top cut by progression."""
import random
from collections import Counter

from webapp.extensions import db
from webapp.models import Phase
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets, simulate, swiss_rounds
from webapp.services.setup import events, progressions


def _swiss(n=13, **options):
    event = events.create_event("ローカル スイス", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, n + 1)])
    phase = events.add_phase(event, "スイスドロー", "swiss", **options)
    top = events.add_phase(event, "TOP8", "double_elimination", grand_final="reset")
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase, top


def _play_until_done(phase, rng):
    while db.session.get(Phase, phase.id).status != "done":
        ready = [m for b in phase.brackets for m in b.matches if m.status == "ready"]
        assert ready, "a round ended without the next one being paired"
        simulate.play_match(ready[0], rng)
        db.session.commit()


def test_rounds_are_paired_as_results_arrive_and_the_top_eight_goes_on(app, desk_client):
    event, phase, top = _swiss(13)
    row = phase.brackets[0]
    assert row.options["rounds"] == 4 and row.options["seed"]
    assert {m.round for m in row.matches} == {1}
    staff = desk_client.get(f"/staff/e/{event.slug}").get_data(as_text=True)
    assert "swiss-table" in staff
    _play_until_done(phase, random.Random(2))
    assert {m.round for m in row.matches} == {1, 2, 3, 4}
    pairs = Counter(frozenset((m.slot_a, m.slot_b)) for m in row.matches if m.slot_b)
    assert set(pairs.values()) == {1}
    byes = [m.slot_a for m in row.matches if m.status == "bye"]
    assert len(byes) == 4 and len(set(byes)) == 4
    table = swiss_rounds.table(row)
    assert sum(r.score for r in table) == 4 * 7          # 6 matches and a bye each round
    page = desk_client.get(f"/e/{event.slug}/phase/{phase.id}").get_data(as_text=True)
    assert "swiss-table" in page and ("Buchholz" in page or "ブッフホルツ" in page)
    progressions.set_rule(top, phase, "best", 8)
    progressions.start(top, event.entrants)
    db.session.commit()
    seeds = {e["seed"]: e["id"] for e in top.brackets[0].entrants}
    assert [seeds[i] for i in range(1, 9)] == [r.entrant for r in table[:8]]


def test_a_disqualified_player_is_left_out_of_later_rounds(app):
    event, phase, _top = _swiss(10)
    row = phase.brackets[0]
    rng = random.Random(5)
    out = next(e for e in event.entrants if e.seed == 3)
    brackets.disqualify(out, reason="無断欠席")
    db.session.commit()
    _play_until_done(phase, rng)
    later = [m for m in row.matches if m.round > 1]
    assert all(out.id not in (m.slot_a, m.slot_b) for m in later)
    assert out.id in row.options["dropped"]


def test_auto_call_takes_the_new_round_to_the_free_stations(app):
    from webapp.services.day import stations
    event, phase, _top = _swiss(8)
    phase.calling = {"auto_call": True}
    for n in range(1, 5):
        stations.add_station(event, f"台{n}")
    db.session.commit()
    rng = random.Random(9)
    first = [m for m in phase.brackets[0].matches if m.round == 1]
    for m in first:   # entered as a phone enters them, through the operations (auto-call follows)
        simulate.play_match(m, rng)
    second = [m for m in phase.brackets[0].matches if m.round == 2]
    assert len(second) == 4 and all(m.station for m in second)
