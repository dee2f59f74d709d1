"""Property: any valid setup spec, created and dumped, is the same spec; its file reads back the same."""
import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.extensions import db
from webapp.services.setup import event_files
from webapp.services.setup.event_files.schema import FORMAT_OPTIONS, PHASE_FORMATS, TEAM_FORMATS

TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30).filter(str.strip)
CLOCK = st.one_of(st.just(""), st.builds(lambda h, m: f"{h:02d}:{m:02d}", st.integers(0, 23), st.integers(0, 59)))


@st.composite
def _phase(draw, n):
    fmt = draw(st.sampled_from(PHASE_FORMATS))
    phase = {"name": draw(TEXT), "format": fmt, "best_of": draw(st.sampled_from((1, 3, 5, 7))),
             "separate": draw(st.sampled_from(("", "region")))}
    if draw(st.booleans()):
        phase["pools"] = draw(st.integers(1, 4))
    elif draw(st.booleans()):
        phase["pool_size"] = draw(st.integers(2, 8))
    if n and draw(st.booleans()):
        phase["advance"] = {"from": draw(st.integers(1, n)), "mode": draw(st.sampled_from(("top", "best"))),
                            "count": draw(st.integers(1, 8))}
    if fmt in ("double_elimination", "single_elimination") and draw(st.booleans()):
        phase["best_of_by_round"] = {"from": draw(st.sampled_from(("top8", "top4", "finals"))), "best_of": 5}
    if fmt == "double_elimination":
        phase["grand_final"] = draw(st.sampled_from(("none", "single", "reset")))
    if fmt == "round_robin":
        phase["double"] = draw(st.booleans())
    if draw(st.booleans()):
        phase["rules"] = {"stage_rule": draw(st.sampled_from(("none", "random", "loser_picks")))}
    if draw(st.booleans()):
        phase.update(auto_call=draw(st.booleans()), auto_walkover=draw(st.booleans()),
                     no_show_minutes=draw(st.integers(0, 120)))
    assert set(phase) - {"name", "format"} <= {*FORMAT_OPTIONS.get(fmt, {}), "best_of", "separate", "pools",
                                                "pool_size", "advance", "best_of_by_round", "rules",
                                                "auto_call", "auto_walkover", "no_show_minutes"}
    return phase


@st.composite
def _spec(draw):
    team = draw(st.booleans())
    stations = draw(st.lists(st.integers(1, 30).map(str), unique=True, max_size=4))
    spec = {"name": draw(TEXT), "venue": draw(st.one_of(st.just(""), TEXT)), "game": draw(st.sampled_from(
        ("other", "sf6", "tekken8", "ggst"))), "entry_cap": draw(st.integers(0, 64)), "fee": draw(st.integers(0, 3000)),
        "start_time": draw(CLOCK), "checkin_closes": draw(CLOCK), "stations": stations,
        "stream_stations": stations[:draw(st.integers(0, 1))], "no_show_minutes": draw(st.integers(0, 120)),
        "stream_takes_regular": draw(st.booleans()), "stream_hold": draw(st.integers(0, 600)),
        "rules": {"side_rule": draw(st.sampled_from(("agreement", "random"))), "double_ko": "replayed"},
        "phases": [draw(_phase(n)) for n in range(draw(st.integers(1, 3)))]}
    if spec["stream_stations"] and draw(st.booleans()):
        spec["scoreboards"] = {spec["stream_stations"][0]: draw(st.integers(2, 9))}
    if draw(st.booleans()):
        spec["curfews"] = {"u16": draw(st.sampled_from(("17:00", "18:00", "17:30"))), "u18": draw(CLOCK),
                           "u16g": draw(st.sampled_from(("21:00", "22:00"))),
                           "prefecture": draw(st.sampled_from(("", "tokyo", "osaka")))}
    hours = sorted(draw(st.lists(st.integers(6, 29), min_size=0, max_size=3)))
    spec["timetable"] = [{"start": f"{h:02d}:00", "end": f"{h:02d}:45", "label": draw(TEXT),
                          "phase": draw(st.integers(0, len(spec["phases"])))} for h in hours]
    if draw(st.booleans()):
        spec["day"] = draw(st.dates(datetime.date(2025, 1, 1), datetime.date(2030, 12, 31)))
    if team:
        spec.update(entrants="team", team_size=draw(st.integers(2, 7)), team_format=draw(st.sampled_from(TEAM_FORMATS)))
    return spec


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=_spec())
def test_a_spec_created_and_dumped_is_the_same_spec_and_file(app, spec):
    checked = event_files.check(spec)
    event = event_files.create_event(checked)
    db.session.flush()
    dumped = event_files.dump(event)
    assert dumped == checked
    assert event_files.check(event_files.parse(event_files.to_toml(dumped))) == dumped
    db.session.rollback()
