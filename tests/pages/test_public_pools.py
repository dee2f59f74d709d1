"""Many pools on one day, as a player reads them (issue 41.3): the public list of a phase's pools with
each one's state (waiting, playing, done) and wave, and one search by name or reading that says a
player's pool, its state and wave, and the station their match is called to."""
import random
import re

from webapp.extensions import db
from webapp.models import Phase
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets, simulate
from webapp.services.players import finder
from webapp.services.reads import pool_list
from webapp.services.setup import events


def _day(pools=4, per_wave=2):
    event = events.create_event("SF6 予選プール", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i:02d}", "reading": f"せんしゅ{i:02d}", "seed": i, "members": []}
                                  for i in range(1, 4 * pools + 1)])
    phase = events.add_phase(event, "プール", "double_elimination", group_count=pools, pools_per_wave=per_wave)
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase


def _play_pool(row):
    while any(m.status == "ready" for m in row.matches):
        simulate.play_match(next(m for m in row.matches if m.status == "ready"), random.Random(1))
        db.session.commit()


def test_each_pool_has_its_state_and_wave(app, client):
    event, phase = _day()
    first, second = phase.brackets[0], phase.brackets[1]
    _play_pool(first)
    match = next(m for m in second.matches if m.status == "ready")
    match.station, match.called_at = "3", db.func.now()
    db.session.commit()
    lines = {line.label: line for line in pool_list.pool_lines(db.session.get(Phase, phase.id))}
    assert lines[first.label].state == "done" and lines[second.label].state == "playing"
    assert lines[second.label].stations == ["3"]
    assert {line.state for line in lines.values()} == {"done", "playing", "waiting"}
    assert [line.wave for line in lines.values()] == [1, 1, 2, 2]
    page = client.get(f"/e/{event.slug}/phase/{phase.id}/pools", headers={"Accept-Language": "ja"})
    text = re.sub(r"\s+", " ", page.get_data(as_text=True))
    assert page.status_code == 200
    assert text.count('data-testid="pool-line"') == 4
    assert "終了" in text and "対戦中" in text and "待機中" in text and "第2ウェーブ" in text
    assert "3番台" in text


def test_one_search_by_reading_says_the_pool_its_wave_and_the_station(app, client):
    event, phase = _day()
    row = phase.brackets[1]
    match = next(m for m in row.matches if m.status == "ready")
    match.station, match.called_at = "5", db.func.now()
    db.session.commit()
    player = next(e for e in event.entrants if e.id == match.slot_a)
    view = finder.view(event, player)
    assert view.pool is not None and view.pool.label == row.label and view.pool.wave == 1
    page = client.get(f"/e/{event.slug}/players", query_string={"q": player.reading},
                      headers={"Accept-Language": "ja"})
    text = re.sub(r"\s+", " ", page.get_data(as_text=True))
    found = text.split('data-testid="player"')[1]
    assert f"グループ{row.label}" in found and "第1ウェーブ" in found and "5番台" in found
    assert 'data-testid="player-pool"' in found


def test_the_event_page_links_the_pools_list(app, client):
    event, phase = _day()
    text = client.get(f"/e/{event.slug}").get_data(as_text=True)
    assert f"/e/{event.slug}/phase/{phase.id}/pools" in text


def test_each_wave_says_when_it_is_expected_to_start(app, client, desk_client):
    """A player of the second wave reads when to be there: the wave's expected start on the pools
    list, and the desk's forecast lists each wave (issue 41.3: the forecast knows waves)."""
    from webapp.services.day import stations

    event, phase = _day(pools=8, per_wave=2)
    stations.add_numbered(event, 1, 4)
    db.session.commit()
    page = client.get(f"/e/{event.slug}/phase/{phase.id}/pools")
    text = re.sub(r"\s+", " ", page.get_data(as_text=True))
    times = re.findall(r"第(\d)ウェーブ：(\d\d:\d\d) ごろ開始、(\d\d:\d\d) ごろ終了の見込み", text)
    assert [int(n) for n, _s, _e in times] == [1, 2, 3, 4]
    assert [s for _n, s, _e in times] == sorted(s for _n, s, _e in times)  # wave by wave
    assert all(s <= e for _n, s, e in times)
    assert text.count("ごろ開始の見込み") == 8  # each pool not started says its wave's start
    english = client.get(f"/e/{event.slug}/phase/{phase.id}/pools?lang=en")
    assert "Wave 4: from about" in english.get_data(as_text=True)
    waiting = next(row for row in phase.brackets if row.wave == 3)  # a player of wave 4 (counted from 1)
    player = next(e for e in event.entrants if e.id == waiting.entrants[0]["id"])
    found = client.get(f"/e/{event.slug}/players", query_string={"q": player.reading, "lang": "ja"}).get_data(as_text=True)
    wave_four = next(s for n, s, _e in times if n == "4")
    assert f"第4ウェーブ · {wave_four} ごろ開始の見込み" in re.sub(r"\s+", " ", found)
    desk = desk_client.get(f"/desk/e/{event.id}/day?lang=ja").get_data(as_text=True)
    assert 'data-testid="forecast-waves"' in desk and "第4ウェーブ：" in desk
