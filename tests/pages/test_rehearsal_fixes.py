"""Bugs found by the rehearsal of a whole day, each checked from the page a person uses."""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "service"))
from play_support import member_ids, send, team_event, win  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.matches import play


def _staff_client(client, event):
    accounts.set_staff_pin(event, "246813")
    db.session.commit()
    client.post(f"/e/{event.slug}/staff-login", data={"name": "山田", "pin": "246813"})
    return client


def _two_games(match):
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", winner="a", choice="stage")
    send(match, "name_player", side="a", member_id=a[0], blind=True)
    send(match, "name_player", side="b", member_id=b[0], blind=True)
    win(match, "a", loser_rounds=1)
    send(match, "name_player", side="b", member_id=b[1])
    win(match, "a", loser_rounds=2)


def test_the_void_form_names_the_games_played_and_game_1_voids_game_1(client, app):
    event, match = team_event()
    staff = _staff_client(client, event)
    _two_games(match)
    page = staff.get(f"/staff/m/{match.id}?lang=ja").get_data(as_text=True)
    options = dict((label, value) for value, label in re.findall(
        r'<option value="(\d+)">(第\d+ゲーム: [^<]+)</option>', page))
    assert list(options) == ["第1ゲーム: チームA 3–1 チームB", "第2ゲーム: チームA 3–2 チームB"]
    row = db.session.get(MatchRow, match.id)
    staff.post(f"/staff/m/{match.id}/op", data={
        "kind": "penalty", "side": "a", "penalty": "undeclared_change", "game": options["第1ゲーム: チームA 3–1 チームB"],
        "position": str(len(play.state_of(row).history)), "base_version": str(row.version)})
    db.session.expire_all()
    state = play.state_of(db.session.get(MatchRow, match.id))
    assert state.ruling is not None and state.ruling["game"] == 0


def test_a_named_station_reads_as_its_name_in_english(app):
    from flask_babel import force_locale

    from webapp.views.template_helpers import station_label
    with app.test_request_context(), force_locale("en"):
        assert [station_label(n) for n in ("2", "A台", "B")] == ["Station 2", "A台", "Station B"]


def test_a_stream_station_is_said_in_each_language_with_or_without_dai(app):
    from flask_babel import force_locale

    from webapp.views.template_helpers import station_label
    names = ("配信", "配信台", "配信2", "Stream", "stream 2")
    with app.test_request_context():
        with force_locale("en"):
            assert [station_label(n) for n in names] == ["Stream station", "Stream station", "Stream station 2",
                                                         "Stream station", "Stream station 2"]
        with force_locale("ja"):
            assert [station_label(n) for n in names] == ["配信台", "配信台", "配信2台", "配信台", "配信2台"]


def test_one_minute_is_singular_in_english_and_plain_in_japanese(desk_client):
    from station_setups import station_event

    from webapp.operations.autocall import call_next
    from webapp.services.day import stations

    event, (phase,) = station_event(players=8, fmt="single_elimination")
    stations.add_station(event, "1")
    stations.set_event_no_show(event, 1)
    stations.set_calling(phase, True, 2, False)
    db.session.commit()
    call_next(event)
    db.session.commit()
    board = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert "No-show limit: 1 minute after the call for the event" in board and "2 minutes" in board
    assert "1 minutes" not in board
    saved = desk_client.post(f"/desk/e/{event.id}/no-show-limit?lang=en", data={"no_show_minutes": "1"}, follow_redirects=True)
    assert "No-show limit saved: 1 minute after the call." in saved.get_data(as_text=True)
    ja = desk_client.get(f"/desk/e/{event.id}/stations?lang=ja").get_data(as_text=True)
    assert "大会全体で呼び出しから1分" in ja


def test_desk_event_page_dq_only_once_a_phase_runs_and_each_format_said_once(desk_client):
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import brackets
    from webapp.services.setup import events

    event = events.create_event("鉄拳 テスト", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 9)])
    de = events.add_phase(event, "予選 (ダブルイリミネーション)", "double_elimination")
    events.add_phase(event, "一次予選", "groups", group_count=2)
    db.session.commit()
    page = desk_client.get(f"/desk/e/{event.id}?lang=ja").get_data(as_text=True)
    lines = [(name.strip(), words.strip())
             for name, words in re.findall(r'data-testid="phase-line">([^<]*)<span class="muted">([^<]*)</span>', page)]
    assert lines == [("予選 (ダブルイリミネーション)", ""), ("一次予選", "グループリーグ · 2グループ")]
    assert "グループ数" not in page.split('id="phases"')[1].split("</ol>")[0]
    assert "失格…" not in page                                   # nothing started: edit or remove, no DQ
    brackets.start_phase(de, event.entrants)
    db.session.commit()
    page = desk_client.get(f"/desk/e/{event.id}?lang=ja").get_data(as_text=True)
    assert page.count("失格…") == 8
