"""The call queue: phase and round order, busy players, stream stations, auto-call in the log."""
import uuid

from phone_entries import submit
from station_setups import ready_in_queue_order, station_event

from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.operations.autocall import call_next
from webapp.services.day import call_plan, stations
from webapp.services.matches import brackets


def _op(match, kind, **payload):
    return {"op_id": str(uuid.uuid4()), "device_id": "desk-test", "kind": kind, "match_id": match.id,
            "payload": payload}




def test_queue_is_phase_then_round_winners_before_losers(app):
    event, (phase,) = station_event()
    for match in ready_in_queue_order(phase):  # the whole first winners round
        brackets.record_winner(match, match.slot_a)
    db.session.commit()
    regular, stream = stations.queue(event)
    assert stream == []
    assert [(m.side, m.round) for m in regular] == [("W", 2), ("W", 2), ("L", 1), ("L", 1)]


def test_auto_call_fills_free_stations_in_order_and_skips_busy_players(app):
    event, (first, second) = station_event(players=4, fmt="single_elimination", phases=2)
    for name in ("1", "2", "3"):
        stations.add_station(event, name)
    db.session.commit()
    plan = call_plan.plan_auto_calls(event)
    # Both semifinals of the first phase; the second phase's matches have the same players: they wait.
    assert [(m.bracket.phase_id, s.name) for m, s in plan] == [(first.id, "1"), (first.id, "2")]
    assert all(m.bracket.phase_id == first.id for m, _ in plan)


def test_stream_matches_go_only_to_stream_stations(app, desk_user):
    event, (phase,) = station_event(players=8, fmt="single_elimination")
    stations.add_station(event, "配信台", stream=True)
    stations.add_station(event, "1")
    ready = ready_in_queue_order(phase)
    stations.set_stream_queue(event, [ready[2].id])
    db.session.commit()
    plan = {s.name: m for m, s in call_plan.plan_auto_calls(event)}
    assert plan["配信台"].id == ready[2].id
    assert plan["1"].id == ready[0].id
    stations.set_stream_queue(event, [])
    db.session.commit()
    plan = {s.name: m for m, s in call_plan.plan_auto_calls(event)}
    # The stream queue is empty: by default the stream station takes the next ordinary match.
    assert plan["配信台"].id == ready[0].id and plan["1"].id == ready[1].id
    stations.set_stream_takes_regular(event, False, desk_user)
    db.session.commit()
    plan = {s.name: m for m, s in call_plan.plan_auto_calls(event)}
    assert "配信台" not in plan  # switched off: a stream station waits for the stream queue
    stations.set_stream_queue(event, [ready[3].id])
    stations.set_stream_takes_regular(event, True, desk_user)
    db.session.commit()
    plan = {s.name: m for m, s in call_plan.plan_auto_calls(event)}
    assert plan["配信台"].id == ready[3].id  # a stream queue with a match: the stream station takes it


def test_the_call_button_calls_whether_auto_call_is_on_or_off(app, desk_user):
    """Auto-call is the button run by itself: with it off, the button still calls."""
    event, (phase,) = station_event(players=8, fmt="single_elimination")
    phase.calling = {"auto_call": False}
    for name in ("1", "2", "3", "4"):
        stations.add_station(event, name)
    db.session.commit()
    assert call_plan.plan_auto_calls(event) == []  # nothing is called by itself
    called = call_next(event, desk_user, every_phase=True)
    db.session.commit()
    assert len(called) == 4 and all(o.outcome == "applied" for o in called)
    assert sorted(m.station for m in ready_in_queue_order(phase)) == ["1", "2", "3", "4"]


def test_a_finished_match_frees_its_station_and_the_next_match_is_called_in_the_log(app, desk_user):
    event, (phase,) = station_event(players=8, fmt="single_elimination")
    stations.add_station(event, "1")
    db.session.commit()
    assert len(call_next(event, desk_user)) == 1
    db.session.commit()
    called = next(m for m in ready_in_queue_order(phase) if m.station == "1")
    assert called.called_at is not None and stations.match_state(called) == "called"
    outcome = submit(_op(called, "record_winner", winner=called.slot_a), desk_user)
    assert outcome.outcome == "applied"
    db.session.expire_all()
    now_on = [m for m in ready_in_queue_order(phase) if m.station == "1"]
    assert len(now_on) == 1 and now_on[0].id != called.id
    logged = db.session.query(Operation).filter_by(device_id="auto-call").order_by(Operation.id).all()
    assert [o.match_id for o in logged] == [called.id, now_on[0].id]
    assert all(o.kind == "set_station" and o.outcome == "applied" for o in logged)


def test_no_auto_call_when_the_phase_has_it_off(app, desk_user):
    event, (phase,) = station_event(players=4, fmt="single_elimination")
    phase.calling = {"auto_call": False}
    stations.add_station(event, "1")
    db.session.commit()
    assert call_next(event, desk_user) == []
    assert not stations.auto_call_wanted(event)


def test_no_show_limit_defaults_to_ten_minutes_and_is_set_per_phase(app):
    from datetime import timedelta

    event, (phase,) = station_event(players=4, fmt="single_elimination")
    assert stations.calling(phase)["no_show_minutes"] == 10
    match = ready_in_queue_order(phase)[0]
    submit(_op(match, "set_station", station="1"), None)
    db.session.expire_all()
    match = db.session.get(MatchRow, match.id)
    later = match.called_at.replace(tzinfo=match.called_at.tzinfo or __import__("datetime").timezone.utc)
    assert not stations.no_show_over(match, later + timedelta(minutes=9))
    assert stations.no_show_over(match, later + timedelta(minutes=10))
    stations.set_calling(phase, False, 5, False)
    assert stations.no_show_over(match, later + timedelta(minutes=5))


def test_an_offline_claim_crossing_a_call_is_kept_and_shown_as_a_clash(app, desk_user):
    event, (phase,) = station_event(players=8, fmt="single_elimination")
    phase.calling = {"auto_call": False}
    stations.add_station(event, "1")
    db.session.commit()
    called, claimed = ready_in_queue_order(phase)[:2]
    assert submit(_op(called, "set_station", station="1"), desk_user).outcome == "applied"
    # A phone without wifi claimed station 1 for another match before it heard of the call
    # (auto-call, on, reads the board in the same transaction: one call naive from SQLite, one not).
    phase.calling = {"auto_call": True}
    db.session.commit()
    kept = submit(_op(claimed, "set_station", station="1"), None)
    assert (kept.outcome, kept.code) == ("applied", "station.shared")  # the phone hears it: amber, the desk decides
    names = {e.id: e.name for e in event.entrants}
    assert kept.params == {"station": "1", "a": names[called.slot_a], "b": names[called.slot_b]}
    db.session.expire_all()
    assert [m.id for m in stations.clashes(event)["1"]] == [called.id, claimed.id]
    (view,) = stations.board(event)
    assert view.match.id == called.id and [m.id for m in view.clash] == [claimed.id]
    assert call_plan.plan_auto_calls(event) == []  # the station is not free
    # Once the claimed match is played there, it is the one the board shows as playing.
    game = _op(claimed, "report_game", position=0, winner="a", rounds_a=2, rounds_b=0)
    assert submit(game, desk_user).outcome == "applied"
    db.session.expire_all()
    (view,) = stations.board(event)
    assert (view.match.id, view.state, [m.id for m in view.clash]) == (claimed.id, "playing", [called.id])


def test_a_fault_after_an_entry_was_logged_leaves_it_logged_once(app, desk_user, monkeypatch):
    event, (phase,) = station_event(players=4, fmt="single_elimination")
    stations.add_station(event, "1")
    db.session.commit()
    match = ready_in_queue_order(phase)[0]

    def broken(station_event):
        raise RuntimeError("auto-call broke")
    monkeypatch.setattr(stations, "auto_call_wanted", broken)
    outcome = submit(_op(match, "set_station", station="1"), desk_user)
    assert (outcome.outcome, outcome.code) == ("rejected", "server.error")
    db.session.expire_all()
    assert db.session.query(Operation).filter_by(op_id=outcome.op_id).count() == 1
    assert db.session.get(MatchRow, match.id).station in ("", None)
