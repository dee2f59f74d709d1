"""The stream overlay: options checked by name, names escaped, its own strict CSP, 304 while unchanged,
the lower third from the stream queue, and the desk's TournamentStreamHelper link form."""
import uuid

from phone_entries import submit
from play_support import send, team_event

from webapp.extensions import db
from webapp.models import Entrant, Station
from webapp.services.day import stations


def _on_stream(name_a="チームA"):
    event, match = team_event("best_of", "kgp2025", size=1, best_of=3)
    db.session.get(Entrant, match.slot_a).name = name_a
    db.session.get(Entrant, match.slot_a).reading = "ちーむえー"
    stations.add_station(event, "配信", stream=True)
    db.session.commit()
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "set_station", "match_id": match.id,
          "payload": {"station": "配信"}}
    assert submit(op, None).outcome == "applied"
    db.session.expire_all()
    return event, match


def test_overlay_shows_the_station_match_and_a_304_until_a_game(client):
    event, match = _on_stream()
    url = f"/e/{event.slug}/overlay/配信?lang=en"
    page = client.get(url)
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'data-testid="overlay-board"' in html
    assert "Final" in html and "Chimue" in html and "Best of 3" in html
    csp = page.headers["Content-Security-Policy"]
    assert "style-src 'self'" in csp and "unsafe-inline" not in csp and "script-src 'self'" in csp
    board = client.get(url + "&part=board")
    tag = board.headers["ETag"]
    assert tag.isascii()  # a header: the station's Japanese name is not in it
    assert "<html" not in board.get_data(as_text=True)
    assert client.get(url + "&part=board", headers={"If-None-Match": tag}).status_code == 304
    send(match, "report_game", winner="a", rounds_a=2, rounds_b=0, char_a="テリー", char_b="舞")
    changed = client.get(url + "&part=board", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and 'data-testid="overlay-score"><span>1</span>' in changed.get_data(as_text=True)


def test_markup_in_names_is_escaped(client):
    event, _match = _on_stream('<script>alert(1)</script><img src=x onerror=alert(2)>')
    html = client.get(f"/e/{event.slug}/overlay/配信").get_data(as_text=True)
    assert "<script>alert(1)" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_options_are_checked_by_name(client):
    event, _match = _on_stream()
    base = f"/e/{event.slug}/overlay/配信"
    for query, name in (("accent=%3Cb%3Ex%3C/b%3E", "accent"), ("text=%23ggg", "text"),
                        ("show=round,sponsor", "show"), ("lang=fr", "lang"), ("preview=yes", "preview")):
        refused = client.get(f"{base}?{query}")
        text = refused.get_data(as_text=True)
        assert refused.status_code == 400 and name in text, query
        assert "<b>x" not in text  # what was given is shown as text
    fine = client.get(f"{base}?accent=%23abc&text=gold&show=names,score").get_data(as_text=True)
    assert 'data-accent="#aabbcc"' in fine and 'data-text="#c9a227"' in fine
    assert 'data-testid="overlay-round"' not in fine and 'data-testid="overlay-score"' in fine


def test_position_scale_and_safe_areas_are_options_checked_by_name(client):
    event, _match = _on_stream()
    event.game = "sf6"
    db.session.commit()
    base = f"/e/{event.slug}/overlay/配信"
    for query, name in (("pos=middle", "pos"), ("scale=10", "scale"), ("scale=big", "scale"), ("safe=1,999", "safe"),
                        ("safe=%3Cb%3E", "safe")):
        refused = client.get(f"{base}?{query}")
        assert refused.status_code == 400 and name in refused.get_data(as_text=True), query
    sf6 = client.get(base).get_data(as_text=True)  # by default the board keeps clear of SF6's health bars
    assert 'class="overlay pos-top"' in sf6 and 'data-inset-top="190"' in sf6 and 'data-scale="100"' in sf6
    chosen = client.get(f"{base}?pos=bottom&scale=80&safe=0,210").get_data(as_text=True)
    assert 'pos-bottom' in chosen and 'data-scale="80"' in chosen and 'data-inset-bottom="210"' in chosen
    assert 'data-inset-top="0"' in client.get(f"{base}?safe=none").get_data(as_text=True)


def test_a_double_ko_is_said_and_games_without_characters_show_only_the_score(client):
    event, match = _on_stream()
    send(match, "report_game", winner="a", rounds_a=2, rounds_b=0)
    html = client.get(f"/e/{event.slug}/overlay/配信?lang=en").get_data(as_text=True)
    assert '<span class="sb-game-score">1-0</span></li>' in html and "–" not in html.split("sb-games")[1]


def test_unknown_event_or_station_is_a_404(client):
    event, _match = _on_stream()
    assert client.get(f"/e/{event.slug}/overlay/9").status_code == 404
    assert client.get("/e/no-such-event/overlay/1").status_code == 404


def test_next_on_stream_lists_the_stream_queue(client):
    event, match = team_event("best_of", "kgp2025", size=4 // 4, teams=4)
    stations.add_station(event, "配信", stream=True)
    ready = [m for m in event.phases[0].brackets[0].matches if m.status == "ready"]
    stations.set_stream_queue(event, [ready[1].id])
    db.session.commit()
    html = client.get(f"/e/{event.slug}/overlay/配信/next?lang=en").get_data(as_text=True)
    names = {e.id: e.name for e in event.entrants}
    assert 'data-testid="overlay-next"' in html and "Next on stream" in html
    assert names[ready[1].slot_a] in html and names[ready[0].slot_a] not in html


def test_desk_links_a_lan_tsh_and_refuses_a_public_address(desk_client):
    event, _match = _on_stream()
    station = db.session.query(Station).filter_by(event_id=event.id).one()
    refused = desk_client.post(f"/desk/station/{station.id}/tsh?lang=en", data={"tsh_url": "http://8.8.8.8:5000"},
                               follow_redirects=True)
    assert "must be on the venue" in refused.get_data(as_text=True)
    desk_client.post(f"/desk/station/{station.id}/tsh", data={"tsh_url": "http://192.168.1.20:5000", "tsh_language": "en"})
    db.session.expire_all()
    linked = db.session.get(Station, station.id)
    assert (linked.tsh_url, linked.tsh_language) == ("http://192.168.1.20:5000", "en")
    page = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert "http://192.168.1.20:5000" in page and f"/e/{event.slug}/overlay/" in page


def test_desk_sets_the_scoreboard_and_reads_what_went_wrong_in_words(desk_client):
    from webapp.database import utcnow

    event, _match = _on_stream()
    event.game = "sf6"
    station = db.session.query(Station).filter_by(event_id=event.id).one()
    db.session.commit()
    refused = desk_client.post(f"/desk/station/{station.id}/tsh?lang=en", follow_redirects=True,
                               data={"tsh_url": "http://192.168.1.20:5000", "tsh_scoreboard": "x"})
    assert refused.status_code == 200 and "scoreboard number is the one" in refused.get_data(as_text=True)
    desk_client.post(f"/desk/station/{station.id}/tsh", data={"tsh_url": "http://192.168.1.20:5000", "tsh_scoreboard": "2"})
    db.session.expire_all()
    linked = db.session.get(Station, station.id)
    assert linked.tsh_scoreboard == 2
    linked.tsh_failed_at, linked.tsh_error = utcnow(), "http500"
    db.session.commit()
    page = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert "answers 500: probably a different TSH version" in page
    assert "Sagat" in page  # SF6 characters TSH's assets lack, named for the desk
    linked.tsh_error = "refused"
    db.session.commit()
    ja = desk_client.get(f"/desk/e/{event.id}/stations?lang=ja").get_data(as_text=True)
    assert "配信PCが接続を拒否しています" in ja
    linked.tsh_failed_at, linked.tsh_api = None, "2022"
    db.session.commit()
    assert "takes the round and the score but not the players" in \
        desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)


def test_kachinuki_overlay_shows_players_left_and_no_secret(client):
    from play_support import member_ids, win

    event, match = team_event()
    stations.add_station(event, "配信", stream=True)
    db.session.commit()
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "set_station", "match_id": match.id,
          "payload": {"station": "配信"}}
    submit(op, None)
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", winner="a", choice="stage")
    send(match, "name_player", side="a", member_id=a[0])
    send(match, "name_player", side="b", member_id=b[0])
    win(match, "a")
    page = client.get(f"/e/{event.slug}/overlay/配信?lang=en")
    html = page.get_data(as_text=True)
    assert "5 players left" in html and "4 players left" in html
    assert 'class="sb-pip is-out"' in html and "A1" in html  # the member on now
    assert "csrf" not in html.lower()  # public, read-only: no form, no session
    assert all(c.startswith("taikai_lang=") for c in page.headers.getlist("Set-Cookie"))  # ?lang= remembered, nothing else
