"""Auto-call's plan read by queries (call_plan.py) is the plan the whole-event walk made.

Invariant: for any event state (phases with auto-call on or off, matches played, matches on
stations, a stream queue, stream stations taking ordinary matches or not), the calls planned
are exactly those of the reference below — the board, the queue and the busy players read from
every match of the running phases, as stations.py did before — in the same order.
"""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from station_setups import station_event

from webapp.extensions import db
from webapp.services.day import call_plan, stations
from webapp.services.matches import brackets


def _reference(event, every_phase=False):
    free = [v.station for v in stations.board(event) if v.state == "free"]
    regular, stream = stations.queue(event)
    if not every_phase:
        regular = [m for m in regular if stations.calling(m.bracket.phase)["auto_call"]]
        stream = [m for m in stream if stations.calling(m.bracket.phase)["auto_call"]]
    busy, plan = stations.busy_entrants(event), []
    for station in free:
        line = stream if station.stream else regular
        if station.stream and not stream and stations.stream_takes_regular(event):
            line = regular
        match = next((m for m in line if not {m.slot_a, m.slot_b} & busy), None)
        if match is not None:
            line.remove(match)
            busy |= {match.slot_a, match.slot_b}
            plan.append((match, station))
    return [(m.id, s.id) for m, s in plan]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), players=st.integers(4, 24), fmt=st.sampled_from(["single_elimination", "double_elimination"]),
       phases=st.integers(1, 2), n_stations=st.integers(1, 6), every_phase=st.booleans(), fallback=st.booleans())
def test_the_queried_plan_is_the_whole_event_walk(app, data, players, fmt, phases, n_stations, every_phase, fallback):
    from empty_tables import empty_tables
    empty_tables()
    event, made = station_event(players=players, fmt=fmt, phases=phases)
    made[-1].calling = {"auto_call": data.draw(st.booleans(), "last phase auto-call")}
    for n in range(n_stations):
        stations.add_station(event, f"台{n}", stream=data.draw(st.booleans(), "stream"))
    event.settings = {**(event.settings or {}), "stream_takes_regular": fallback}
    db.session.commit()
    for _ in range(data.draw(st.integers(0, players), "played")):
        ready = [m for p in made for b in p.brackets for m in b.matches if m.status == "ready"]
        if not ready:
            break
        match = data.draw(st.sampled_from(ready), "decided")
        brackets.record_winner(match, data.draw(st.sampled_from([match.slot_a, match.slot_b]), "winner"))
    ready = sorted((m for p in made for b in p.brackets for m in b.matches if m.status == "ready"), key=lambda m: m.id)
    names = [s.name for s in stations.event_stations(event)]
    for match in ready:
        match.station = data.draw(st.sampled_from(["", "", "", *names]), "on station")
    stations.set_stream_queue(event, [m.id for m in ready if data.draw(st.booleans(), "streamed")])
    db.session.commit()
    planned = [(m.id, s.id) for m, s in call_plan.plan_auto_calls(event, every_phase)]
    assert planned == _reference(event, every_phase)
