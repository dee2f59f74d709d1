"""The stream station keeps a finished match's final score on screen for its hold before auto-call
takes it again (issue 38.4); the clock calls the next match once the hold ran out, with nobody looking."""
import uuid
from datetime import datetime, timedelta, timezone

import pytest
from phone_entries import submit
from play_support import send, team_event

from webapp.extensions import db
from webapp.models import MatchRow, Station
from webapp.operations import clock
from webapp.services import ServiceError
from webapp.services.day import call_plan, stations
from webapp.services.stream import tsh_link


def _stream_day(desk_user, hold=30):
    event, _first = team_event("best_of", "kgp2025", teams=4, size=1, best_of=3)
    phase = event.phases[0]
    stations.set_calling(phase, True, None, False, desk_user)
    station = stations.add_station(event, "配信", stream=True)
    tsh_link.set_hold(station, str(hold), desk_user)
    db.session.commit()
    first = next(m for m in phase.brackets[0].matches if m.status == "ready")
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "set_station", "match_id": first.id,
          "payload": {"station": "配信"}}
    assert submit(op, None).outcome == "applied"
    db.session.expire_all()
    return event, phase, first


def _finish(match):
    for _game in range(2):
        send(db.session.get(MatchRow, match.id), "report_game", winner="a", rounds_a=2, rounds_b=0)
        db.session.expire_all()


def _on_stream(phase):
    db.session.expire_all()
    return [m for m in phase.brackets[0].matches if m.status == "ready" and m.station == "配信"]


def test_auto_call_waits_for_the_hold_then_the_clock_calls_the_next(desk_client, desk_user):
    event, phase, first = _stream_day(desk_user)
    _finish(first)
    assert _on_stream(phase) == []  # the final score stays on screen
    station = db.session.query(Station).filter_by(event_id=event.id).one()
    assert call_plan.holding(station, datetime.now(timezone.utc))
    clock.sweep()
    assert _on_stream(phase) == []  # still holding: the clock calls nothing
    db.session.get(MatchRow, first.id).updated_at = datetime.now(timezone.utc) - timedelta(seconds=31)
    db.session.commit()
    assert clock.sweep() == 1  # the hold ran out: the clock calls the next, with nobody looking
    assert len(_on_stream(phase)) == 1


def test_no_hold_calls_at_once_and_the_desk_button_never_waits(desk_user):
    event, phase, first = _stream_day(desk_user, hold=0)
    _finish(first)
    assert len(_on_stream(phase)) == 1
    station = db.session.query(Station).filter_by(event_id=event.id).one()
    with pytest.raises(ServiceError):
        tsh_link.set_hold(station, "601", desk_user)
    with pytest.raises(ServiceError):
        tsh_link.set_hold(station, "soon", desk_user)
