"""A player is one more author of the one push (issue 36.1): the same body, the same reading into
`Entry`, one answer per entry (never a silent drop), entries held in their report until confirmed."""
import pytest
from report_setups import player_phone, self_report_event

from webapp.extensions import db
from webapp.models import MatchRow, PlayerReport
from webapp.operations.submit import submit_many
from webapp.services.entries import entry as entry_module


def _game(match, i, winner="a"):
    return {"op_id": f"player-game-{i:03d}", "device_id": "phone", "kind": "report_game", "match_id": match.id,
            "payload": {"kind": "report_game", "winner": winner, "rounds_a": 2, "rounds_b": 0,
                        "char_a": "テリー", "char_b": "舞"}}


@pytest.fixture
def reported(app):
    app.config["WTF_CSRF_ENABLED"] = False
    event, phase = self_report_event("プッシュ杯", True)
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    return event, match, player_phone(app, event, match.slot_a)


def test_every_entry_past_the_fiftieth_is_answered_never_dropped(reported):
    event, match, taro = reported
    ops = [_game(match, i) for i in range(60)]
    answers = taro.post(f"/e/{event.slug}/me/sync", json={"device_id": "phone", "ops": ops}).get_json()["results"]
    assert [a["op_id"] for a in answers] == [op["op_id"] for op in ops]
    assert [a["outcome"] for a in answers[:2]] == ["applied", "applied"]
    # The report ends at 2–0: every later game is refused in words, one by one.
    assert {a["outcome"] for a in answers[2:]} == {"rejected"} and all(a["message"] for a in answers[2:])
    report = db.session.query(PlayerReport).filter_by(match_id=match.id).one()
    assert report.status == "waiting" and len(report.entries) == 2
    assert db.session.get(MatchRow, match.id).status == "ready"  # held until the opponent confirms


def test_a_body_over_the_limit_is_refused_in_words_with_nothing_kept(reported):
    event, match, taro = reported
    answer = taro.post(f"/e/{event.slug}/me/sync", json={"device_id": "phone", "ops": [_game(match, i) for i in range(201)]})
    assert answer.status_code == 422 and answer.get_json()["errors"]["ops"]
    assert db.session.query(PlayerReport).count() == 0


def test_a_malformed_entry_is_answered_like_a_staff_phones(reported):
    event, match, taro = reported
    answers = taro.post(f"/e/{event.slug}/me/sync", json={
        "device_id": "phone", "ops": [{"op_id": "broken-0001", "kind": "report_game"}, _game(match, 1)]}).get_json()
    assert [a["outcome"] for a in answers["results"]] == ["rejected", "applied"]
    assert answers["results"][0]["code"] == "op.malformed"


def test_without_the_players_link_the_push_says_so_and_keeps_nothing(app, reported):
    event, match, _taro = reported
    stranger = app.test_client()
    answer = stranger.post(f"/e/{event.slug}/me/sync", json={"device_id": "phone", "ops": [_game(match, 1)]})
    assert answer.status_code == 403
    assert db.session.query(PlayerReport).count() == 0


def test_the_pipeline_takes_entries_built_at_the_edge_only(app):
    assert not hasattr(entry_module.Entry, "coerce")
    with pytest.raises(TypeError):
        submit_many([{"op_id": "a-dict-0001", "kind": "report_game"}], None)
