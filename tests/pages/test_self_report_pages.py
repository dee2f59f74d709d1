"""A player reports their match from their own page; the opponent confirms or asks the desk."""
from report_setups import player_phone, self_report_event

from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.services.players import self_report

DESK = type("Desk", (), {"is_desk": True, "id": None})()


def _event(on=True):
    event, phase = self_report_event("セルフ杯", on)
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    return event, match



def _game(phone, event, match, position, score="2-0"):
    return phone.post(f"/e/{event.slug}/me/match/{match.id}/op",
                      data={"kind": "report_game", "position": position, "score": score,
                            "char_a": "テリー", "char_b": "舞"})


def test_report_game_by_game_then_the_opponent_confirms(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    event, match = _event()
    taro, hanako = player_phone(app, event, match.slot_a), player_phone(app, event, match.slot_b)
    page = taro.get(f"/e/{event.slug}/me/match/{match.id}")
    assert page.status_code == 200 and 'data-testid="score-choices"' in page.text
    assert _game(taro, event, match, 0).status_code == 302
    assert _game(taro, event, match, 1).status_code == 302
    waiting = taro.get(f"/e/{event.slug}/me/match/{match.id}?lang=en")
    assert "Waiting for your opponent to confirm" in waiting.text
    assert "相手の確認待ち" in taro.get(f"/e/{event.slug}/me/match/{match.id}?lang=ja").text
    assert db.session.get(MatchRow, match.id).status == "ready"
    asked = hanako.get(f"/e/{event.slug}/me/match/{match.id}")
    assert 'data-testid="confirm"' in asked.text
    assert hanako.post(f"/e/{event.slug}/me/match/{match.id}/confirm").status_code == 302
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == match.slot_a
    assert {o.device_id for o in db.session.query(Operation)} == {f"player-{match.slot_a}"}


def test_refusals_are_in_words_next_to_the_form(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    event, match = _event()
    taro = player_phone(app, event, match.slot_a)
    _game(taro, event, match, 0)
    refused = taro.post(
        f"/e/{event.slug}/me/match/{match.id}/op",
        data={"kind": "report_game", "position": 1, "score": "0-2", "char_a": "ロック", "char_b": "舞"})
    assert refused.status_code == 422 and 'data-testid="problem"' in refused.text
    assert taro.post(f"/e/{event.slug}/me/match/{match.id}/confirm").status_code == 422  # not their own


def test_a_player_cannot_open_or_report_another_match(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    event, match = _event()
    other = next(m for m in match.bracket.matches if m.status == "ready" and m.id != match.id)
    taro = player_phone(app, event, match.slot_a)
    assert taro.get(f"/e/{event.slug}/me/match/{other.id}").status_code == 403
    assert _game(taro, event, other, 0).status_code == 403
    assert taro.post(f"/e/{event.slug}/me/match/{other.id}/confirm").status_code == 403
    stranger = app.test_client()
    assert stranger.get(f"/e/{event.slug}/me/match/{match.id}").status_code == 403
    assert stranger.post(f"/e/{event.slug}/me/match/{match.id}/op").status_code in (400, 403)


def test_the_dispute_reaches_the_desk(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    event, match = _event()
    taro, hanako = player_phone(app, event, match.slot_a), player_phone(app, event, match.slot_b)
    _game(taro, event, match, 0)
    _game(taro, event, match, 1)
    assert hanako.post(f"/e/{event.slug}/me/match/{match.id}/dispute", data={"note": "2-1 でした"}).status_code == 302
    assert self_report.event_reports(event, ("disputed",))[0].dispute_note == "2-1 でした"


def test_the_desk_sees_both_versions_and_decides(app, desk_client):
    event, match = _event()
    taro, hanako = player_phone(app, event, match.slot_a), player_phone(app, event, match.slot_b)
    _game(taro, event, match, 0)
    _game(taro, event, match, 1)
    queue = desk_client.get("/desk/conflicts/?lang=en")
    assert "Waiting for the opponent to confirm" in queue.text
    hanako.post(f"/e/{event.slug}/me/match/{match.id}/dispute", data={"note": "<b>2-1</b>"})
    queue = desk_client.get("/desk/conflicts/")
    assert 'data-report-status="disputed"' in queue.text and "&lt;b&gt;2-1&lt;/b&gt;" in queue.text
    report = self_report.event_reports(event, ("disputed",))[0]
    assert desk_client.post(f"/desk/self-report/{report.id}/apply").status_code == 302
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).winner_id == match.slot_a


def test_the_desk_turns_it_on_with_a_clock(app, desk_client):
    event, _ = _event(on=False)
    assert desk_client.post(f"/desk/self-report/e/{event.id}", data={"on": "on", "auto_minutes": "10"}).status_code == 302
    db.session.expire_all()
    assert self_report.settings(event) == {"on": True, "auto_minutes": 10}
    page = desk_client.get(f"/desk/e/{event.id}/stations")
    assert 'data-testid="self-report-setting"' in page.text


def test_my_event_page_leads_to_the_report_and_says_who_waits(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    event, match = _event()
    taro, hanako = player_phone(app, event, match.slot_a), player_phone(app, event, match.slot_b)
    assert 'data-report-state="report"' in taro.get(f"/e/{event.slug}/me").text
    _game(taro, event, match, 0)
    _game(taro, event, match, 1)
    mine = taro.get(f"/e/{event.slug}/me")
    assert 'data-report-state="waiting"' in mine.text and "相手の確認待ち" in mine.text
    assert 'data-report-state="to_confirm"' in hanako.get(f"/e/{event.slug}/me").text


def test_the_outbox_sends_a_report_made_offline_and_a_resend_is_kept_once(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    event, match = _event()
    taro = player_phone(app, event, match.slot_a)
    games = [{"op_id": f"offline-game-{i}", "device_id": "phone", "kind": "report_game", "match_id": match.id,
              "payload": {"kind": "report_game", "position": 0, "winner": "a", "rounds_a": 2, "rounds_b": 0,
                          "char_a": "テリー", "char_b": "舞", "base_version": 1}} for i in range(2)]
    sent = taro.post(f"/e/{event.slug}/me/sync", json={"device_id": "phone", "ops": games})
    assert [r["outcome"] for r in sent.get_json()["results"]] == ["applied", "applied"], sent.get_json()
    again = taro.post(f"/e/{event.slug}/me/sync", json={"device_id": "phone", "ops": games[1:]})
    assert again.get_json()["results"][0]["outcome"] == "applied"
    report = self_report.live_report(db.session.get(MatchRow, match.id))
    assert report.status == "waiting" and len(report.entries) == 2
    other = next(m for m in match.bracket.matches if m.status == "ready" and m.id != match.id)
    refused = taro.post(f"/e/{event.slug}/me/sync",
                        json={"device_id": "phone", "ops": [{**games[0], "op_id": "not-mine-01", "match_id": other.id}]})
    assert refused.get_json()["results"][0]["code"] == "report.not_yours"


def test_the_clock_not_a_page_confirms_reports_that_are_due(app, desk_client):
    """No request runs the clock's sweep: the board's poll and the pages read; the sweep applies."""
    from datetime import datetime, timedelta, timezone

    from webapp.operations import clock_loop

    event, match = _event()
    self_report.save_settings(event, True, "5", DESK)
    db.session.commit()
    taro = player_phone(app, event, match.slot_a)
    app.config["WTF_CSRF_ENABLED"] = False
    _game(taro, event, match, 0)
    _game(taro, event, match, 1)
    report = self_report.event_reports(event)[0]
    report.completed_at = datetime.now(timezone.utc) - timedelta(minutes=6)
    db.session.commit()
    desk_client.get(f"/desk/e/{event.id}/stations")
    taro.get(f"/e/{event.slug}/me/match/{match.id}")
    desk_client.get("/desk/conflicts/")
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).status == "ready"
    db.session.rollback()  # the sweep writes in its own session
    assert clock_loop.sweep_once(app) == 1
    db.session.rollback()
    assert db.session.get(MatchRow, match.id).status == "done"


def test_the_referee_sees_the_waiting_report_and_replaces_it(app, desk_client):
    event, match = _event()
    taro = player_phone(app, event, match.slot_a)
    app.config["WTF_CSRF_ENABLED"] = False
    _game(taro, event, match, 0)
    _game(taro, event, match, 1)
    page = desk_client.get(f"/staff/m/{match.id}")
    assert 'data-testid="player-report-waiting"' in page.text
    entered = desk_client.post(f"/staff/m/{match.id}/op", data={"kind": "report_game", "position": "0", "score": "0-2",
                                                                 "base_version": "1"})
    assert entered.status_code == 302
    assert 'data-testid="player-report-waiting"' not in desk_client.get(f"/staff/m/{match.id}").text
    assert taro.post(f"/e/{event.slug}/me/match/{match.id}/op",
                     data={"kind": "report_game", "position": "0", "score": "2-0"}).status_code == 422
