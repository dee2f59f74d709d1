"""The day's clock (services/day/day_clock, forecasts, timetables): times, the check-in window, the
timetable made from the phases and the forecast with its warnings."""
from datetime import date, datetime, timedelta, timezone

import pytest

from webapp.extensions import db
from webapp.models import Entrant
from webapp.services import ServiceError
from webapp.services.day import checkin, day_clock, forecasts, stations, timetables
from webapp.services.day.timetables import slots
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.entries.entry import Entry
from webapp.services.matches import brackets
from webapp.services.setup import events
from webapp.tournament import day_play
from webapp.tournament.errors import RuleViolation

JST = timezone(timedelta(hours=9))


class _Person:
    is_authenticated = True

    def __init__(self, desk):
        self.is_desk = desk
        self.event_id = None


def _event(players=8, day=date(2026, 12, 5), **settings):
    event = events.create_event(f"週例会{players}-{len(settings)}", "", game="tekken8", day=day)
    event.settings = dict(settings)
    with db.session.no_autoflush:
        entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": i, "members": []} for i in range(1, players + 1)])
    events.add_phase(event, "予選", "double_elimination", grand_final="reset")
    db.session.flush()
    return event


def _at(hh, mm):
    return datetime(2026, 12, 5, hh, mm, tzinfo=JST)


def test_times_are_saved_and_refusals_name_the_field(app):
    event = _event()
    day_clock.save(event, {"start_time": "10:00", "checkin_opens": "9:15", "checkin_closes": "09:45",
                           "venue_closes": "21:00", "curfew_u16": "18:00", "curfew_u18": "21:30"})
    assert event.settings["checkin_opens"] == "09:15" and event.settings["curfews"] == {"u18": "21:30"}
    assert day_clock.curfews(event) == {"u18": "21:30", "u16": "18:00", "u16g": "22:00"}
    with pytest.raises(ServiceError) as bad:
        day_clock.save(event, {"start_time": "25:00"})
    assert bad.value.params == {"field": "Start time"}
    with pytest.raises(ServiceError) as order:
        day_clock.save(event, {"checkin_opens": "10:00", "checkin_closes": "09:00"})
    assert order.value.code == "day.checkin_order"


def test_the_window_and_its_countdown(app):
    event = _event(checkin_opens="09:15", checkin_closes="09:45")
    assert day_clock.window(event, _at(9, 0)).state == "before"
    open_now = day_clock.window(event, _at(9, 30))
    assert open_now.state == "open" and open_now.next_change == _at(9, 45)
    assert day_clock.remaining_words(open_now, _at(9, 30)) == "15:00"
    assert day_clock.window(event, _at(9, 45)).state == "closed"
    assert day_clock.window(_event(4), _at(9, 45)).state == "none"


def _op(entrant, when, device_time=""):
    return Entry(op_id=f"op-{entrant.id}-{when.minute}", kind="check_in", received_at=when, device_time=device_time,
                 payload={"entrant_id": entrant.id, "checked_in": True})


def test_staff_are_refused_outside_the_window_and_the_desk_checks_in_late(app):
    event = _event(checkin_opens="09:15", checkin_closes="09:45")
    first, second = event.entrants[:2]
    with pytest.raises(ServiceError) as early:
        checkin.apply(_op(first, _at(9, 0)), _Person(False))
    assert early.value.code == "checkin.not_open" and early.value.params == {"time": "09:15"}
    assert checkin.apply(_op(first, _at(9, 20)), _Person(False)).code == "checkin.in"
    with pytest.raises(ServiceError) as late:
        checkin.apply(_op(second, _at(9, 50)), _Person(False))
    assert late.value.code == "checkin.closed" and not second.checked_in
    assert checkin.apply(_op(second, _at(9, 50)), _Person(True)).code == "checkin.late" and second.checked_in


def test_a_tap_made_offline_before_the_close_counts_at_its_time(app):
    event = _event(checkin_opens="09:15", checkin_closes="09:45")
    op = _op(event.entrants[0], _at(9, 55), device_time=_at(9, 40).isoformat())
    assert checkin.apply(op, _Person(False)).code == "checkin.in"


def test_at_the_close_the_absent_are_listed_and_wait_moves_the_close(app):
    event = _event(checkin_opens="09:15", checkin_closes="09:45")
    for entrant in event.entrants[:6]:
        entrant.checked_in = True
    assert checkin.close_list(event, now=_at(9, 40)) == []
    absent = checkin.close_list(event, now=_at(9, 46))
    assert [e.name for e in absent] == ["選手07", "選手08"]
    assert day_clock.wait(event, 10, now=_at(9, 46)) == "09:56"
    assert checkin.close_list(event, now=_at(9, 50)) == []


def test_the_timetable_is_made_from_the_phases_and_edited(app):
    event = _event(16, start_time="10:00", checkin_opens="09:15", checkin_closes="09:45")
    events.add_phase(event, "Top 8", "single_elimination")
    db.session.flush()
    timetables.make(event, 4)
    lines = slots(event)
    assert [line.label_key for line in lines] == ["Check-in", "予選", "Top 8"]
    timetables.edit(event, {"label-0": "受付", "shown-0": "受付"})  # shown in Japanese, left as it was
    assert slots(event)[0].label_key == "Check-in"
    assert lines[1].start == "10:00" and lines[1].end <= lines[2].start
    timetables.edit(event, {"action": "add", "new_start": "12:00", "new_end": "12:30", "new_label": "昼休み"})
    timetables.edit(event, {"action": "up-3", "label-2": "Best 8"})
    assert [line.label_key for line in slots(event)] == ["Check-in", "予選", "昼休み", "Best 8"]
    with pytest.raises(ServiceError) as bad:
        timetables.edit(event, {"end-1": "09:00"})
    assert bad.value.params == {"line": 2}
    timetables.edit(event, {"end-3": "24:30"})  # past midnight, as the day's clock says it
    timetables.edit(event, {"action": "remove-0", "label-0": "受付", "shown-0": "受付"})
    assert len(slots(event)) == 3
    timetables.edit(event, {"label-0": "予選", "shown-0": "予選"})
    assert slots(event)[0].label_key == "予選"


def test_no_timetable_without_a_start_time(app):
    with pytest.raises(ServiceError) as bad:
        timetables.make(_event(), 4)
    assert bad.value.code == "timetable.no_start"


def _forecast(event, now):
    db.session.flush()
    return forecasts._compute(event, "Asia/Tokyo", now.astimezone(timezone.utc))


def test_the_forecast_starts_at_the_start_time_and_warns_past_the_venue_close(app):
    event = _event(16, start_time="10:00", venue_closes="10:30")
    assert _forecast(event, _at(9, 0)).problem == "stations"
    stations.add_numbered(event, 1, 2)
    shown = _forecast(event, _at(9, 0))
    assert shown.lines[0].start == "10:00" and shown.end > "10:30" and shown.past_close
    more = stations.add_numbered(event, 3, 8)
    assert more and _forecast(event, _at(9, 0)).end <= shown.end


def _first_round_played(players: int, stations_count: int, minutes: list[int]):
    """An event whose first round was called at 10:00, each match taking the next of ``minutes`` (in turn)."""
    event = _event(players, start_time="10:00")
    stations.add_numbered(event, 1, stations_count)
    phase = event.phases[0]
    brackets.start_phase(phase, event.entrants)
    db.session.flush()
    first = [m for b in phase.brackets for m in b.matches if m.status == "ready"]
    for match, length in zip(first, minutes * len(first), strict=False):
        match.called_at = _at(10, 0).astimezone(timezone.utc)
        brackets.record_winner(match, match.slot_a)
        match.updated_at = (_at(10, 0) + timedelta(minutes=length)).astimezone(timezone.utc)
    db.session.flush()
    return event, len(first)


def test_the_pace_is_measured_from_finished_matches(app):
    event, played = _first_round_played(8, 4, [30])
    pace, measured, usual = forecasts.pace(event)
    assert measured == played and pace > usual  # 30 minutes a set pulls the usual up
    shown = _forecast(event, _at(10, 31))
    assert shown.lines[0].start == "10:31" and not shown.lines[0].done


def test_minors_still_in_are_named_with_their_curfew(app):
    event = _event(8, start_time="17:00")
    stations.add_numbered(event, 1, 1)
    young = db.session.query(Entrant).filter_by(event_id=event.id, name="選手03").one()
    young.age_group = "u16"
    shown = _forecast(event, _at(16, 0))
    assert [(m.name, m.curfew) for m in shown.minors] == [("選手03", "18:00")]
    young.dq = True
    assert _forecast(event, _at(16, 1)).minors == []


def test_an_import_reads_the_age_column_and_names_a_line_it_cannot_read(app):
    from webapp.services.entrants import entrant_import

    event = events.create_event("年齢の取り込み", "")
    result = entrant_import.plan(event, "名前,年齢\n山田,15\n佐藤,U18\n鈴木,\n田中,18歳未満\n")
    entrant_import.apply(event, result)
    db.session.flush()
    assert {e.name: e.age_group for e in event.entrants} == {"山田": "u16", "佐藤": "u18", "鈴木": "", "田中": "u18"}
    with pytest.raises(RuleViolation) as bad:
        entrant_import.plan(event, "名前,年齢\n高橋,たぶん大人\n")
    assert bad.value.code == "entrants.age_group" and bad.value.params["line"] == 2


def test_later_rounds_at_a_longer_best_of_make_the_day_longer(app):
    plain = _event(16, start_time="10:00")
    longer = _event(16, start_time="10:00", venue_closes="23:00")
    longer.phases[0].options = {**longer.phases[0].options, "best_of_by_round": {"from": "top8", "best_of": 5}}
    for event in (plain, longer):
        stations.add_numbered(event, 1, 4)
    assert _forecast(longer, _at(9, 0)).end > _forecast(plain, _at(9, 0)).end


def test_a_day_whose_sets_vary_more_is_forecast_later(app):
    """The spread is the day's own: the same pace with sets from 5 to 55 minutes makes a round wait
    longer for its slowest match than sets of 30 minutes each, and the forecast says so."""
    (steady, _n), (uneven, _n) = _first_round_played(16, 8, [30]), _first_round_played(16, 8, [5, 55])
    assert forecasts.spread(steady) < day_play.SET_SPREAD < forecasts.spread(uneven)
    assert forecasts.pace(steady)[0] == forecasts.pace(uneven)[0]
    assert _forecast(uneven, _at(11, 0)).end > _forecast(steady, _at(11, 0)).end
