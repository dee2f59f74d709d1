"""Automatic walkovers: only where the desk turned them on, only when exactly one side checked in."""
from datetime import timedelta

from station_setups import called_long_ago, ready_in_queue_order, station_event

from webapp.database import utcnow
from webapp.extensions import db
from webapp.models import Entrant, MatchRow, Operation
from webapp.operations.desk import walk_over
from webapp.services.day import stations
from webapp.services.decisions import no_shows


def _check_in(*entrant_ids):
    for entrant_id in entrant_ids:
        db.session.get(Entrant, entrant_id).checked_in = True
    db.session.commit()


def test_a_no_show_loses_by_walkover_and_the_station_is_called_again(app):
    event, (phase,) = station_event(players=8, fmt="single_elimination")
    stations.set_calling(phase, True, None, True)
    match = called_long_ago(event, phase)
    _check_in(match.slot_b)
    assert [(m.id, w) for m, w in stations.due_walkovers(event)] == [(match.id, match.slot_b)]
    (outcome,) = walk_over(event)
    assert outcome.outcome == "applied"
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.walkover and row.winner_id == match.slot_b
    logged = db.session.query(Operation).filter_by(device_id="auto-walkover").one()
    assert logged.kind == "record_winner" and logged.payload == {"winner": match.slot_b, "walkover": True}
    assert any(m.station == "1" for m in ready_in_queue_order(phase))  # auto-call filled the freed station
    assert walk_over(event) == []


def test_no_automatic_walkover_unless_turned_on_or_when_the_desk_must_decide(app):
    event, (phase,) = station_event(players=8, fmt="single_elimination")
    match = called_long_ago(event, phase)
    _check_in(match.slot_b)
    assert not no_shows.wanted(event) and stations.due_walkovers(event) == []  # off by default
    stations.set_calling(phase, True, None, True)
    _check_in(match.slot_a)  # both here: the desk decides who is absent
    assert stations.due_walkovers(event) == []
    db.session.get(Entrant, match.slot_a).checked_in = False
    db.session.get(Entrant, match.slot_b).checked_in = False
    db.session.commit()
    assert stations.due_walkovers(event) == []  # neither checked in: the desk decides too
    db.session.get(Entrant, match.slot_b).checked_in = True
    match.called_at = utcnow() - timedelta(minutes=9)  # within the limit
    db.session.commit()
    assert stations.due_walkovers(event) == []


def test_kachinuki_keeps_the_roll_call(app):
    event, (phase,) = station_event(players=4, fmt="single_elimination")
    phase.match_type = "kachinuki"
    stations.set_calling(phase, True, None, True)
    match = called_long_ago(event, phase)
    _check_in(match.slot_a)
    assert stations.due_walkovers(event) == []


def test_only_the_desk_may_change_no_show_settings(app):
    """The service refuses a staff account itself, not only the desk pages."""
    from types import SimpleNamespace

    import pytest

    from webapp.services import ServiceError
    event, (phase,) = station_event(players=4, fmt="single_elimination")
    staff = SimpleNamespace(is_desk=False)
    with pytest.raises(ServiceError):
        stations.set_calling(phase, True, 5, False, staff)
    with pytest.raises(ServiceError):
        stations.set_event_no_show(phase.event, 5, staff)
