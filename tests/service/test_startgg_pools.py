"""A start.gg event in pools, then a top cut (issue 39.1): 64 entrants in 8 double elimination pools of 8,
each sending 2 on (1 from each side), into a 16-entrant double elimination. Linking builds the same phases:
start.gg's own pool assignment, every pool match one set and every entrant one entrant; the top cut waits
for its pools and is built, seeded from start.gg's progressions and paired, when they are done (offline too).
Played from phones with part of the day offline, start.gg ends holding every set, reported once."""
import random
from datetime import datetime, timedelta, timezone

import pytest
from startgg_event import standin_bodies, taikai_bodies
from startgg_pools import put_pools
from startgg_standin import StartggStandIn
from tie_phones import play_set, ready

from webapp.extensions import db
from webapp.models import Entrant, Phase, TieId, TieLink
from webapp.services.setup import events
from webapp.web import tie_sender

TOKEN = "sgg-pools-token-93d1"
START = datetime(2026, 12, 5, 10, tzinfo=timezone.utc)
ADDRESS = "https://www.start.gg/tournament/major-1/event/ultimate-singles"


@pytest.fixture
def gg(app):
    with StartggStandIn(TOKEN) as standin:
        app.config["STARTGG_URL"] = standin.url
        yield standin
        assert standin.invalid == [], "a query start.gg's schema refuses"


def _link(desk_client):
    event = events.create_event("Major 1", "standard_1on1")
    db.session.commit()
    page = desk_client.post(f"/desk/e/{event.id}/startgg/link", data={"event": ADDRESS, "token": TOKEN},
                            follow_redirects=True).get_data(as_text=True)
    assert TOKEN not in page
    db.session.expire_all()
    return event, page


class Day:
    """The sender's passes, a minute and a half of start.gg's clock apart (within 80 requests a minute)."""

    def __init__(self, app, gg):
        self.app, self.gg, self.passes = app, gg, 0
        gg.clock = lambda: self.passes * 90.0

    def send(self):
        self.passes += 1
        tie_sender.send_once(self.app, START + timedelta(seconds=90 * self.passes))
        db.session.commit()


def _play(phase_ids, rng, count=None):
    played = 0
    while count is None or played < count:
        now = ready(phase_ids)
        if not now:
            return
        play_set(rng.choice(now).id, rng.choice("ab"))
        played += 1


def test_pools_and_a_top_cut_are_built_the_same_and_played_back_from_phones(app, desk_client, gg):
    put_pools(gg, players=64, pools=8, sends=2)
    day, rng = Day(app, gg), random.Random(64)  # start.gg's clock from the first request on
    event, page = _link(desk_client)
    link = db.session.query(TieLink).one_or_none()
    assert link is not None, page
    pools, top = db.session.query(Phase).filter_by(event_id=event.id).order_by(Phase.position).all()
    assert len(pools.brackets) == 8 and top.status == "draft" and not top.brackets
    kinds = {}
    for t in link.ids:
        kinds[t.kind] = kinds.get(t.kind, 0) + 1
    pool_sets = [s for s in gg.sets.values() if s["group"] != 5600]
    assert kinds["entrant"] == 64 and kinds["match"] == len(pool_sets) and kinds["pool"] == 8
    by_remote = {t.remote: int(t.local) for t in link.ids if t.kind == "entrant"}
    for bracket, group in zip(pools.brackets, range(5500, 5508), strict=True):  # start.gg's pools, not taikai's snake
        seeds = gg.event["phases"][0]["seeds"]["nodes"]
        there = {s["entrant"]["id"] for s in seeds if s["phaseGroup"]["id"] == group}
        assert {e["id"] for e in bracket.entrants} == {by_remote[str(i)] for i in there}

    _play([pools.id], rng, count=40)
    day.send()
    gg.offline = True  # the venue loses the internet: phones play on, the pools end, the top cut starts
    _play([pools.id], rng)
    day.send()
    db.session.expire_all()
    assert db.session.get(Phase, top.id).status == "running"
    assert len(db.session.query(TieId).filter_by(link_id=link.id, kind="match").all()) == kinds["match"] + sum(
        1 for s in gg.sets.values() if s["group"] == 5600 and s["identifier"] != "GF2") + 1
    _play([top.id], rng, count=10)
    day.send()
    gg.offline = False
    _play([top.id], rng)
    for _ in range(12):
        day.send()
    db.session.expire_all()
    link = db.session.query(TieLink).one()
    reported = [v["setId"] for v in gg.mutations("reportBracketSet")]
    assert len(reported) == len(set(reported)) == sum(1 for b in taikai_bodies(link).values() if b)
    assert standin_bodies(gg) == taikai_bodies(link)
    games = [g for c in gg.mutations("reportBracketSet") for g in c["gameData"]]
    assert all(g["selections"] for g in games) and any(g.get("stageId") for g in games)
    seeds = {s["seedNum"]: s["entrant"]["id"] for s in gg.event["phases"][1]["seeds"]["nodes"]}
    top_row = db.session.get(Phase, top.id).brackets[0]
    ours = {e["seed"]: e["id"] for e in top_row.entrants}
    assert {n: by_remote[str(i)] for n, i in seeds.items()} == ours  # seeded as start.gg's progressions say


@pytest.mark.parametrize("change,words", [
    ("later_pools", "プールが2個"), ("sends", "同じ上位"), ("source", "シード1は"), ("format", "ROUND_ROBIN"),
    ("no_bracket", "まだブラケットがありません"), ("no_pools", "まだブラケットがありません")])
def test_pools_taikai_cannot_build_are_refused_in_words_before_anything_is_made(app, desk_client, gg, change, words):
    put_pools(gg, players=32, pools=4, sends=2)
    phases = gg.event["phases"]
    if change == "later_pools":
        phases[1]["phaseGroups"]["nodes"].append({"id": 5601, "bracketType": "DOUBLE_ELIMINATION"})
    elif change == "sends":
        phases[1]["seeds"]["nodes"][-1]["progressionSource"]["originPlacement"] = 3
    elif change == "source":
        phases[1]["seeds"]["nodes"][0]["progressionSource"] = None
    elif change == "no_bracket":  # registration open, the phases not made yet on start.gg
        phases.clear()
    elif change == "no_pools":
        del phases[1:]
        phases[0]["phaseGroups"]["nodes"].clear()
    else:
        phases[0]["phaseGroups"]["nodes"][1]["bracketType"] = "ROUND_ROBIN"
    event, page = _link(desk_client)
    assert words in page, page
    assert f'value="{ADDRESS}"' in page  # the address stays in its field for the next try
    assert db.session.query(TieLink).count() == 0 and db.session.query(TieId).count() == 0
    assert db.session.query(Entrant).count() == 0 and db.session.query(Phase).count() == 0
