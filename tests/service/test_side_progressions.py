"""Double-elimination pools into a bracket entered on both sides (issue 41): set at the desk,
previewed by side, started with every pool's winners-side qualifier on the winners side and its
losers-side qualifier on the losers side, played to the end; and refused in words where a phase
cannot keep sides."""
import random

import pytest

from webapp.extensions import db
from webapp.models import Phase
from webapp.services import ServiceError
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import bracket_rows, brackets, simulate
from webapp.services.setup import events, progressions
from webapp.tournament.formats.side_entry import top_cut


def _major(n=32, pools=8, cut=2):
    event = events.create_event("Major 予選プール→TOP8", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, n + 1)])
    pool_phase = events.add_phase(event, "プール", "double_elimination", group_count=pools, stop_at_top=cut)
    top = events.add_phase(event, "TOP8", "double_elimination", best_of=5, grand_final="reset")
    db.session.commit()
    return event, pool_phase, top


def _play(phase, seed=1):
    simulate.play_phase(phase, random.Random(seed))
    db.session.commit()


def test_eight_pools_send_one_and_one_into_a_top_eight_that_starts_four_and_four(app):
    event, pools, top = _major()
    progressions.set_rule(top, pools, "sides", 0)
    brackets.start_phase(pools, event.entrants)
    db.session.commit()
    assert progressions.preview_rows(top) == []  # nobody while the pools are played
    _play(pools)
    sent = {}
    for row in pools.brackets:
        cut = top_cut(bracket_rows.load_to_read(row))
        sent[row.label] = (cut["winners"], cut["losers"])
    rows = progressions.preview_rows(top)
    assert [r.side for r in rows] == ["winners"] * 8 + ["losers"] * 8
    assert {r.entrant_id for r in rows if r.side == "winners"} == {w for w, _ in sent.values() for w in w}
    progressions.start(top, event.entrants)
    db.session.commit()
    bracket = bracket_rows.load_to_read(top.brackets[0])
    assert set(bracket.options["losers_side"]) == {e for _, losers in sent.values() for e in losers}
    first_winners = {e for m in bracket.matches.values() if m.key.startswith("W2.") for e in m.slots}
    assert first_winners == {e for winners, _ in sent.values() for e in winners}
    pool_of = {e: label for label, (w, l_) in sent.items() for e in w + l_}
    for m in bracket.matches.values():  # one pool's two players never meet in the first losers round
        if m.key.startswith("L1."):
            assert pool_of[m.slots[0]] != pool_of[m.slots[1]]
    _play(top, 5)
    assert db.session.get(Phase, top.id).status == "done"


def test_a_running_bracket_cut_at_its_top_eight_hands_on_four_and_four(app):
    event, whole, top = _major(24, 1, 8)
    progressions.set_rule(top, whole, "sides", 0)
    brackets.start_phase(whole, event.entrants)
    db.session.commit()
    _play(whole, 2)
    rows = progressions.preview_rows(top)
    assert [r.side for r in rows] == ["winners"] * 4 + ["losers"] * 4
    progressions.start(top, event.entrants)
    db.session.commit()
    _play(top, 3)
    assert db.session.get(Phase, top.id).status == "done"


def test_sides_are_refused_in_words_from_pools_not_cut_or_into_pools(app, desk_client):
    event = events.create_event("Weekly", "kgp2025")
    pools = events.add_phase(event, "Pools", "double_elimination", group_count=2)
    top = events.add_phase(event, "Top", "double_elimination")
    db.session.commit()
    with pytest.raises(ServiceError) as refused:
        progressions.set_rule(top, pools, "sides", 0)
    assert refused.value.code == "progression.sides_source"
    answer = desk_client.post(f"/desk/phase/{top.id}/progression",
                              data={"mode": "sides", "source": str(pools.id), "count": ""})
    assert answer.status_code == 302
    page = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert "上位で止めるダブルイリミネーション" in page  # the refusal, in the desk's words, where it acted


def test_the_desk_adds_pools_played_down_to_their_top_two(app, desk_client):
    event = events.create_event("Weekly", "kgp2025")
    db.session.commit()
    answer = desk_client.post(f"/desk/e/{event.id}/phases", data={
        "name": "Pools", "format": "double_elimination", "group_count": "4", "top_cut": "2"})
    assert answer.status_code == 302
    assert event.phases[0].options["stop_at_top"] == 2


def test_a_player_finds_their_pool_and_match_by_reading_in_one_search(app, client):
    event, pools, _top = _major(16, 4)
    brackets.start_phase(pools, event.entrants)
    db.session.commit()
    page = client.get(f"/e/{event.slug}/players?q=選手7").get_data(as_text=True)
    label = next(b.label for b in pools.brackets for e in b.entrants if e["id"] == event.entrants[6].id)
    assert f"グループ{label}" in page


def test_the_top_eight_exports_as_valid_obf_with_losers_side_entrants_entering_in_l1(app):
    import json
    import pathlib

    import jsonschema

    from webapp.services.exports import obf_export
    event, pools, top = _major()
    progressions.set_rule(top, pools, "sides", 0)
    brackets.start_phase(pools, event.entrants)
    db.session.commit()
    _play(pools)
    progressions.start(top, event.entrants)
    db.session.commit()
    _play(top, 7)
    with app.test_request_context("/"):
        document = obf_export.phase_document(top, "ja")
    schema = json.loads((pathlib.Path(__file__).resolve().parents[1] / "vendor" / "openbracketformat"
                         / "tournamentSchema.json").read_text(encoding="utf-8"))
    jsonschema.Draft6Validator(schema).validate(document)
    losers_side = set(bracket_rows.load_to_read(top.brackets[0]).options["losers_side"])
    by_key = {str(m.id): m.key for m in top.brackets[0].matches}
    for s in document["sets"]:
        if by_key[s["setID"]].startswith(("L1.", "W2.")):  # where the qualifiers enter: nobody came from a set
            assert "entrant1PrevSetID" not in s and "entrant2PrevSetID" not in s
    first_losers = [s for s in document["sets"] if by_key[s["setID"]].startswith("L1.")]
    assert {s[k] for s in first_losers for k in ("entrant1ID", "entrant2ID")} == {str(e) for e in losers_side}


def test_pools_of_one_wave_are_called_before_the_next_waves(app):
    from webapp.services.day import call_plan, stations
    event, pools, _top = _major(32, 8)
    pools.options = {**pools.options, "pools_per_wave": 4}
    stations.add_numbered(event, 1, 10)
    brackets.start_phase(pools, event.entrants)
    db.session.commit()
    assert [row.wave for row in pools.brackets] == [0, 0, 0, 0, 1, 1, 1, 1]
    calls = call_plan.plan_auto_calls(event, every_phase=True)
    waves = [match.bracket.wave for match, _station in calls]
    assert waves == [0] * 8 + [1] * 2  # wave 1 only takes the stations wave 0 leaves free
    regular, _stream = stations.queue(event)
    assert [m.bracket.wave for m in regular] == sorted(m.bracket.wave for m in regular)


def test_the_desk_sets_pools_per_wave_and_many_pools(app, desk_client):
    event = events.create_event("Major", "kgp2025")
    db.session.commit()
    answer = desk_client.post(f"/desk/e/{event.id}/phases", data={
        "name": "Pools", "format": "double_elimination", "group_count": "128", "top_cut": "2",
        "pools_per_wave": "64"})
    assert answer.status_code == 302
    phase = event.phases[0]
    assert (phase.group_count, phase.options["pools_per_wave"]) == (128, 64)


def test_a_major_in_small_pools_then_pools_again_then_a_top_eight_four_and_four(app):
    """64 players: 8 pools sending 1 + 1, two second-round pools (each entered on both sides)
    sending 2 + 2, and a top 8 that starts with four on each side — played to a champion."""
    event = events.create_event("Major in small", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 65)])
    first = events.add_phase(event, "Round 1 pools", "double_elimination", group_count=8, stop_at_top=2)
    second = events.add_phase(event, "Round 2 pools", "double_elimination", group_count=2, stop_at_top=4)
    top = events.add_phase(event, "Top 8", "double_elimination", best_of=5, grand_final="reset")
    db.session.commit()
    progressions.set_rule(second, first, "sides", 0)
    progressions.set_rule(top, second, "sides", 0)
    brackets.start_phase(first, event.entrants)
    db.session.commit()
    _play(first, 11)
    progressions.start(second, event.entrants)
    db.session.commit()
    assert [len(b.entrants) for b in second.brackets] == [8, 8]
    _play(second, 12)
    assert [r.side for r in progressions.preview_rows(top)] == ["winners"] * 4 + ["losers"] * 4
    progressions.start(top, event.entrants)
    db.session.commit()
    _play(top, 13)
    assert db.session.get(Phase, top.id).status == "done"
    from webapp.services.reads import standings
    table = standings.event_standings(event)
    assert sorted(e.id for _r, _t, e in table) == sorted(e.id for e in event.entrants)  # everyone placed once
    rank = {e.id: r for r, _t, e in table}
    in_top = {e["id"] for e in top.brackets[0].entrants}
    in_second = {e["id"] for b in second.brackets for e in b.entrants} - in_top
    assert sorted(rank[e] for e in in_top)[-1] <= 8  # the top 8 hold places 1-8
    # out in the second round of pools places above anyone out in the first (elimination point)
    assert max(rank[e] for e in in_second) < min(r for e, r in rank.items() if e not in in_second | in_top)
