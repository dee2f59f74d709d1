"""The read API (/api/v1/) through the app: answers, ETag/304 from the version numbers, CORS for
GET only, the throttle that never counts a signed-in person, odd addresses, the live match."""
import pytest
from play_support import kgp_top4, member_ids, send, team_event, win

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.day import stations
from webapp.services.matches import brackets


def _kgp(app):
    event, de, finals = kgp_top4()
    stations.add_station(event, "配信台", stream=True)
    db.session.commit()
    return event, de


def test_every_route_answers_an_event(app, client):
    event, de = _kgp(app)
    base = f"/api/v1/events/{event.slug}"
    assert client.get("/api/v1/events").get_json()["events"][0]["slug"] == event.slug
    assert [p["format"] for p in client.get(base).get_json()["phases"]] == ["double_elimination", "kgp_finals"]
    entrants = client.get(f"{base}/entrants").get_json()["entrants"]
    assert {"id", "name", "reading", "seed", "disqualified", "members"} == set(entrants[0])
    assert client.get(f"{base}/standings").get_json()["standings"]
    phase = client.get(f"{base}/phases/{de.id}?lang=en").get_json()
    names = {m["round_name"] for b in phase["brackets"] for m in b["matches"]}
    assert "Winners semifinals" in names and any(n.startswith("Losers") for n in names)
    assert client.get(f"{base}/phases/{de.id}/pools").get_json() == {"pools": []}
    board = client.get(f"{base}/stations").get_json()
    assert board["stations"][0] == {"name": "配信台", "stream": True, "state": "free", "match_id": None,
                                    "minutes": None}


def test_an_unchanged_answer_is_a_304_and_a_result_changes_it(app, client):
    event, match = team_event("best_of", "kgp2025", size=1, teams=4)
    path = f"/api/v1/events/{event.slug}/phases/{event.phases[0].id}"
    first = client.get(path)
    etag = first.headers["ETag"].strip('"')
    assert client.get(path, headers={"If-None-Match": f'"{etag}"'}).status_code == 304
    brackets.record_winner(db.session.get(MatchRow, match.id), match.slot_a)
    db.session.commit()
    again = client.get(path, headers={"If-None-Match": f'"{etag}"'})
    assert again.status_code == 200 and again.headers["ETag"].strip('"') != etag
    decided = [m for b in client.get(path).get_json()["brackets"] for m in b["matches"] if m["id"] == match.id]
    assert decided[0]["winner"] == match.slot_a  # the kept answer is the new version's


def test_cors_is_for_reading_only(app, client):
    event, _ = team_event()
    answer = client.get(f"/api/v1/events/{event.slug}")
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    preflight = client.open(f"/api/v1/events/{event.slug}", method="OPTIONS",
                            headers={"Origin": "https://ranking.example", "Access-Control-Request-Method": "POST"})
    assert "POST" not in preflight.headers["Access-Control-Allow-Methods"]
    refused = client.post(f"/api/v1/events/{event.slug}")
    assert refused.status_code == 405 and refused.is_json and "GET" in refused.headers["Allow"]


def test_the_throttle_slows_a_stranger_and_never_the_desk(app, client, desk_user, monkeypatch):
    monkeypatch.setenv("TAIKAI_API_RATE", "3 per minute")
    app.extensions["taikai_limiter"].reset()
    stranger = app.test_client()
    codes = [stranger.get("/api/v1/events").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    last = stranger.get("/api/v1/events")
    assert last.is_json and int(last.headers["Retry-After"]) > 0
    assert client.post("/login", data={"username": "desk", "password": "desk-pass-123"}).status_code == 302
    assert {client.get("/api/v1/events").status_code for _ in range(6)} == {200}  # same address, signed in
    app.extensions["taikai_limiter"].reset()


@pytest.mark.parametrize("path", ["/api/v1/events/%00", "/api/v1/events/no-such", "/api/v1/matches/99999999999999999999",
                                  "/api/v1/events/x/phases/0", "/api/v1/events/%E2%80%AE/export/obf.json",
                                  "/api/v1/events/x/export/secret.txt", "/api/v1/events?lang=xx", "/api/v1/nothing"])
def test_odd_addresses_are_answered_in_json_never_a_500(app, client, path):
    answer = client.get(path)
    assert 400 <= answer.status_code < 500 and answer.is_json, (path, answer.status_code)


def test_a_kachinuki_match_live_counts_the_players_left(app, client):
    event, match = team_event()
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", position=0, winner="a", choice="stage")
    send(match, "name_player", position=1, side="a", member_id=a[0])
    send(match, "name_player", position=2, side="b", member_id=b[0])
    win(db.session.get(MatchRow, match.id), "a", position=3)
    live = client.get(f"/api/v1/matches/{match.id}").get_json()
    assert live["players_left"] == [5, 4] and live["score"] == [1, 0]
    assert live["games"][0]["player_a"] == "A1" and live["games"][0]["player_b"] == "B1"
    assert live["playing"]["a"] == "A1" and live["names"]["a"]["members"][0]["name"] == "A1"
    assert live["state"] == "playing" and live["match_type"] == "kachinuki"
    stream = live["stream"]  # services/stream/match_live.py, the stream scoreboard's shape
    assert stream["kachinuki"] and stream["b"]["players_left"] == 4 and stream["games"][0]["score_a"] == 1
    assert [m["out"] for m in stream["b"]["members"]][:2] == [True, False]


def test_an_export_is_a_304_until_a_result_and_archived_events_are_not_listed(app, client):
    event, match = team_event("best_of", "kgp2025", size=1, teams=4)
    path = f"/api/v1/events/{event.slug}/export/obf.json"
    first = client.get(path)
    assert first.headers["Content-Disposition"].startswith("attachment; filename=")
    etag = first.headers["ETag"]
    assert client.get(path, headers={"If-None-Match": etag}).status_code == 304
    brackets.record_winner(db.session.get(MatchRow, match.id), match.slot_b)
    db.session.commit()
    assert client.get(path, headers={"If-None-Match": etag}).status_code == 200
    event.settings = {**(event.settings or {}), "archived": True}
    db.session.commit()
    assert client.get("/api/v1/events").get_json() == {"events": []}
    assert client.get(f"/api/v1/events/{event.slug}").status_code == 200  # its address still answers


def test_a_rebuilt_database_never_answers_the_old_databases_match(app, client):
    """Ids and versions restart with the database; the cache folder is kept: the match's key names
    the database's creation as every other key does, so the new players are shown."""
    from sqlalchemy import text

    from webapp import lru
    from webapp.models import Entrant
    from webapp.polling import fragments
    _, match = team_event("best_of", "kgp2025", size=1, teams=2)
    first = client.get(f"/api/v1/matches/{match.id}")
    old_id, old_etag = match.id, first.headers["ETag"]
    lru.forget_all()
    fragments._LOCAL.clear()  # noqa: SLF001 - a new process after the rebuild
    db.session.remove()
    with db.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            names = ", ".join(f'"{t.name}"' for t in reversed(db.metadata.sorted_tables))
            conn.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        else:
            for table in reversed(db.metadata.sorted_tables):
                conn.execute(table.delete())
    _, match = team_event("best_of", "kgp2025", size=1, teams=2)
    db.session.execute(db.update(Entrant).values(name=Entrant.name + "・新"))  # same versions, other players
    db.session.commit()
    again = client.get(f"/api/v1/matches/{match.id}")
    assert match.id == old_id and again.headers["ETag"] != old_etag
    assert "・新" in again.get_data(as_text=True)
