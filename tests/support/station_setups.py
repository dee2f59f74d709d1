"""Helpers several test files share (moved from tests/service/test_stations.py, where they were imported from)."""
from datetime import timedelta

from webapp.database import utcnow
from webapp.extensions import db
from webapp.operations.autocall import call_next
from webapp.services.day import stations
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events


def station_event(players=8, fmt="double_elimination", phases=1):
    event = events.create_event("台テスト", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, players + 1)])
    made = [events.add_phase(event, f"部{n}", fmt, best_of=3) for n in range(1, phases + 1)]
    db.session.flush()
    for phase in made:
        brackets.start_phase(phase, event.entrants)
        phase.calling = {"auto_call": True}
    db.session.commit()
    return event, made


def ready_in_queue_order(phase):
    return sorted((m for b in phase.brackets for m in b.matches if m.status == "ready"), key=stations.queue_key)


def called_long_ago(event, phase, minutes=11):
    stations.add_station(event, "1")
    db.session.commit()
    call_next(event)
    db.session.commit()
    match = next(m for m in ready_in_queue_order(phase) if m.station == "1")
    match.called_at = utcnow() - timedelta(minutes=minutes)
    db.session.commit()
    return match
