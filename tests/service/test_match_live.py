"""The live state of a match and of a station: what the stream (TSH, the overlay, the API) reads."""
import uuid

from flask_babel import force_locale
from phone_entries import submit
from play_support import member_ids, send, team_event, win

from webapp.extensions import db
from webapp.models import Entrant, MatchRow
from webapp.services.day import stations
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events
from webapp.services.stream import match_live
from webapp.services.stream.romaji import romaji


def _call(match, station):
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk-test", "kind": "set_station", "match_id": match.id,
          "payload": {"station": station}}
    assert submit(op, None).outcome == "applied"
    db.session.expire_all()


def test_romaji_from_kana_readings():
    assert romaji("うめはら だいご") == "Umehara Daigo"
    assert romaji("ウメハラ") == "Umehara"
    assert romaji("ふーど") == "Fudo"
    assert romaji("Tokido") == ""  # no kana: nothing to add under the name


def test_best_of_live_state_scores_after_every_game_and_characters(app):
    _, match = team_event("best_of", "kgp2025", size=1, best_of=5)
    send(match, "report_game", winner="a", rounds_a=2, rounds_b=0, char_a="テリー", char_b="舞")
    send(match, "report_game", winner="b", rounds_a=1, rounds_b=2, char_a="テリー", char_b="舞")
    with force_locale("en"):
        live = match_live.live_state(db.session.get(MatchRow, match.id))
    assert (live.a.score, live.b.score) == (1, 1) and live.best_of == 5 and live.status == "playing"
    assert [(g.number, g.char_a, g.char_b, g.winner, g.score_a, g.score_b) for g in live.games] == [
        (1, "テリー", "舞", "a", 1, 0), (2, "テリー", "舞", "b", 1, 1)]
    assert live.round == "Final" and not live.kachinuki and live.a.players_left is None
    assert live.to_dict()["a"]["name"] == live.a.name


def test_kachinuki_players_left_and_who_is_on(app):
    _, match = team_event()
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", winner="a", choice="stage")
    send(match, "name_player", side="a", member_id=a[0])
    send(match, "name_player", side="b", member_id=b[0])
    win(match, "a")
    live = match_live.live_state(db.session.get(MatchRow, match.id), "ja")
    assert live.kachinuki and (live.a.players_left, live.b.players_left) == (5, 4)
    assert [m.out for m in live.b.members][:2] == [True, False]
    assert next(m for m in live.a.members if m.playing).id == a[0]
    assert live.a.team and len(live.a.members) == 5


def _double_elim():
    event = events.create_event("配信テスト", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "reading": f"せんしゅ{i}", "seed": i, "members": []}
                                  for i in range(1, 5)])
    phase = events.add_phase(event, "本戦", "double_elimination", best_of=3)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase


def test_station_follows_the_call_and_keeps_the_last_result(app):
    event, phase = _double_elim()
    station = stations.add_station(event, "配信", stream=True)
    db.session.commit()
    assert match_live.station_live(event, station, "ja") is None
    first, second = [m for m in phase.brackets[0].matches if m.status == "ready"][:2]
    _call(first, "配信")
    live = match_live.station_live(event, station, "ja")
    assert live.match_id == first.id and live.status == "called" and live.station == "配信"
    brackets.record_winner(db.session.get(MatchRow, first.id), first.slot_a)
    db.session.commit()
    assert match_live.station_live(event, station, "ja").status == "done"  # the result stays on screen
    _call(second, "配信")
    assert match_live.station_live(event, station, "ja").match_id == second.id
    assert match_live.find_station(event, "配信").id == station.id


def test_losers_side_and_grand_final_mark_l(app):
    event, phase = _double_elim()
    while True:
        ready = [m for m in phase.brackets[0].matches if m.status == "ready"]
        gf = next((m for m in ready if m.side == "GF"), None)
        if gf is not None:
            break
        seeds = {e.id: e.seed for e in event.entrants}
        brackets.record_winner(ready[0], min((ready[0].slot_a, ready[0].slot_b), key=seeds.get))
        db.session.commit()
    live = match_live.live_state(gf, "en")
    assert live.losers_side and (live.a.losers, live.b.losers) == (False, True)
    assert db.session.get(Entrant, gf.slot_b).name == live.b.name


def test_next_on_stream_is_the_stream_queue(app):
    event, phase = _double_elim()
    ready = [m for m in phase.brackets[0].matches if m.status == "ready"]
    stations.set_stream_queue(event, [ready[1].id])
    db.session.commit()
    assert [m.match_id for m in match_live.next_on_stream(event, language="ja")] == [ready[1].id]
