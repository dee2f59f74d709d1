"""Linking an event to start.gg (issue 39.1, 39.2): the desk pastes the address and the token; taikai reads
the event from start.gg (the stand-in, built from the textbook rules, not taikai's generator) and builds
the same bracket, every match paired with one set, every entrant with one entrant, characters and stages
by start.gg's ids; what taikai cannot build is refused in words before anything is made."""
import random
from datetime import datetime, timedelta, timezone

import pytest
from startgg_brackets import put
from startgg_event import standin_bodies, taikai_bodies
from startgg_standin import serving

from webapp.extensions import db
from webapp.models import Entrant, Event, Phase, TieId, TieLink
from webapp.services.matches import simulate
from webapp.services.setup import events
from webapp.web import tie_sender

TOKEN = "sgg-link-token-5c2e"
SECOND = timedelta(seconds=1)
ADDRESS = "https://www.start.gg/tournament/weekly-12/event/ultimate-singles/brackets/2100/5500"


@pytest.fixture
def gg(app):
    with serving(app, TOKEN) as standin:
        yield standin


def _link(desk_client, event):
    return desk_client.post(f"/desk/e/{event.id}/startgg/link", data={"event": ADDRESS, "token": TOKEN},
                            follow_redirects=True).get_data(as_text=True)


def _new_event():
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    return event


@pytest.mark.parametrize("fmt,players", [("SINGLE_ELIMINATION", 8), ("DOUBLE_ELIMINATION", 8),
                                         ("DOUBLE_ELIMINATION", 16)])
def test_the_same_bracket_is_built_and_played_back_to_start_gg(app, desk_client, gg, fmt, players):
    put(gg, fmt, players)
    event = _new_event()
    page = _link(desk_client, event)
    assert TOKEN not in page
    db.session.expire_all()
    link = db.session.query(TieLink).one()
    pairs = {t.kind: 0 for t in link.ids}
    for t in link.ids:
        pairs[t.kind] += 1
    two_player_sets = sum(1 for s in gg.sets.values() if s["identifier"] != "GF2") + (fmt == "DOUBLE_ELIMINATION")
    assert pairs["match"] == two_player_sets and pairs["entrant"] == players
    assert db.session.get(Event, event.id).game == "ssbu"  # start.gg's videogame id, found in the catalogue
    assert pairs["character"] == 86 and pairs["stage"] == len(gg.event["videogame"]["stages"]) - 1
    assert "Nobody In The Catalogue" in page and "A Stage taikai Does Not Know" in page
    phase = db.session.query(Phase).filter_by(event_id=event.id).one()
    simulate.play_phase(phase, random.Random(players))
    db.session.commit()
    for minute in range(3):
        tie_sender.send_once(app, datetime(2026, 12, 5, 12, minute * 2, tzinfo=timezone.utc))
        db.session.commit()
    assert standin_bodies(gg) == taikai_bodies(link)
    assert sum(1 for b in taikai_bodies(link).values() if b) == len(gg.mutations("reportBracketSet"))


@pytest.mark.parametrize("change,words", [
    ("format", "ROUND_ROBIN"), ("phases", "前のフェーズから勝ち上がるシードがありません"), ("shape", "勝ち上がり方がtaikaiと違います")])
def test_what_taikai_cannot_build_is_refused_in_words_and_nothing_is_made(app, desk_client, gg, change, words):
    put(gg, "DOUBLE_ELIMINATION", 8)
    if change == "format":
        gg.event["phases"][0]["phaseGroups"]["nodes"][0]["bracketType"] = "ROUND_ROBIN"
    elif change == "phases":
        gg.event["phases"].append({"id": 2101, "name": "Top 8", "bracketType": "DOUBLE_ELIMINATION",
                                   "phaseGroups": {"nodes": [{"id": 5501, "bracketType": "DOUBLE_ELIMINATION"}]}})
    else:  # seed 1 waits in winners round 2 (a bracket shape taikai's generator does not make for 8)
        w2 = next(s for s in gg.sets.values() if s["identifier"] == "W2.0")
        w2["slots"][0] = {"prereqType": "seed", "prereqId": None, "prereqPlacement": None,
                          "seed": {"seedNum": 1}, "entrant": None, "standing": None}
    event = _new_event()
    page = _link(desk_client, event)
    assert words in page and TOKEN not in page
    assert db.session.query(TieLink).count() == 0 and db.session.query(TieId).count() == 0
    assert db.session.query(Entrant).count() == 0 and db.session.query(Phase).count() == 0


def test_a_wrong_token_is_refused_in_start_gg_s_words(app, desk_client, gg):
    put(gg, "SINGLE_ELIMINATION", 4)
    event = _new_event()
    page = desk_client.post(f"/desk/e/{event.id}/startgg/link", data={"event": ADDRESS, "token": "wrong"},
                            follow_redirects=True).get_data(as_text=True)
    assert "Invalid authentication token" in page and db.session.query(TieLink).count() == 0


def test_a_64_entrant_double_elimination_played_partly_offline_ends_on_start_gg_reported_once(
        app, desk_client, gg):
    put(gg, "DOUBLE_ELIMINATION", 64)
    gg.clock = lambda: 0.0  # start.gg's minutes, as the passes below move them on
    event = _new_event()
    _link(desk_client, event)
    db.session.expire_all()
    link = db.session.query(TieLink).one()
    phase = db.session.query(Phase).filter_by(event_id=event.id).one()
    rng, minute = random.Random(64), 0
    simulate.play_phase(phase, rng, share=0.3)
    db.session.commit()
    gg.offline = True  # the venue loses the internet: phones play on, reports wait
    tie_sender.send_once(app, datetime(2026, 12, 5, 12, 0, tzinfo=timezone.utc))
    simulate.play_phase(phase, rng)
    db.session.commit()
    assert gg.mutations("reportBracketSet") == []
    gg.offline = False
    for minute in range(1, 12):  # a pass a minute and a half: within 80 requests a minute
        gg.clock = lambda m=minute: m * 90.0
        tie_sender.send_once(app, datetime(2026, 12, 5, 12, 0, tzinfo=timezone.utc) + (minute * 90) * SECOND)
        db.session.commit()
    reported = [v["setId"] for v in gg.mutations("reportBracketSet")]
    assert len(reported) == len(set(reported)) == sum(1 for b in taikai_bodies(link).values() if b)
    assert standin_bodies(gg) == taikai_bodies(link)
    stages = [g.get("stageId") for c in gg.mutations("reportBracketSet") for g in c["gameData"]]
    assert any(stages)  # equal to taikai above: every stage taikai holds went with its start.gg id


def test_reading_again_before_the_start_takes_late_registrations_and_seed_changes(app, desk_client, gg):
    put(gg, "DOUBLE_ELIMINATION", 8)
    event = _new_event()
    _link(desk_client, event)
    nodes = gg.event["entrants"]["nodes"]
    nodes[0]["initialSeedNum"], nodes[1]["initialSeedNum"] = 2, 1  # seeds 1 and 2 swapped there
    put_late = dict(nodes[-1], id=4409999, name="LateComer", initialSeedNum=9)
    nodes.pop()  # Player8 withdrew, LateComer registered
    nodes.append(put_late)
    for one in gg.sets.values():  # start.gg's bracket with them
        for slot in one["slots"]:
            if slot.get("seed"):
                n = slot["seed"]["seedNum"]
                slot["entrant"] = {"id": {1: nodes[1]["id"], 2: nodes[0]["id"], 8: 4409999}.get(n, 4400000 + n)}
                slot["seed"] = {"seedNum": n}
    page = desk_client.post(f"/desk/e/{event.id}/startgg/read-again", follow_redirects=True).get_data(as_text=True)
    assert "追加: LateComer" in page and "取り消し: Player8" in page and "シード変更 2件" in page
    db.session.expire_all()
    link = db.session.query(TieLink).one()
    names = sorted(e.name for e in db.session.get(Event, event.id).entrants)
    assert "LateComer" in names and "Player8" not in names
    phase = db.session.query(Phase).filter_by(event_id=event.id).one()
    simulate.play_phase(phase, random.Random(9))
    db.session.commit()
    for minute in range(3):
        tie_sender.send_once(app, datetime(2026, 12, 5, 13, minute * 2, tzinfo=timezone.utc))
        db.session.commit()
    assert standin_bodies(gg) == taikai_bodies(link)
    again = desk_client.post(f"/desk/e/{event.id}/startgg/read-again", follow_redirects=True).get_data(as_text=True)
    assert "start.ggはもう読み込みません" in again


def test_the_desk_says_which_catalogue_entry_an_unmatched_name_is(app, desk_client, gg):
    put(gg, "SINGLE_ELIMINATION", 4)
    event = _new_event()
    _link(desk_client, event)
    page = desk_client.get(f"/desk/e/{event.id}/startgg").get_data(as_text=True)
    assert "Nobody In The Catalogue" in page
    desk_client.post(f"/desk/e/{event.id}/startgg/match-name", data={
        "kind": "character", "name": "Nobody In The Catalogue", "key": "mario"}, follow_redirects=True)
    db.session.expire_all()
    ids = {(t.kind, t.local): t.remote for t in db.session.query(TieLink).one().ids}
    assert ids[("character", "mario")] == "99999" and ("unmatched_character", "Nobody In The Catalogue") not in ids
    page = desk_client.get(f"/desk/e/{event.id}/startgg").get_data(as_text=True)
    assert "Nobody In The Catalogue" not in page and "A Stage taikai Does Not Know" in page
