"""The forecast is right from the moment the entrants are known (issue 37.10): a Swiss → top 8 made
in the builder with its rounds fixed, the entrants imported afterwards, no timetable step — the very
next forecast (the same minute) plays the Swiss's rounds and warns past the venue's closing."""
from datetime import date, datetime, timezone

from webapp.extensions import db
from webapp.services.day import forecasts, stations
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.setup import events

NOW = datetime(2026, 12, 12, 3, 0, tzinfo=timezone.utc)  # 12:00 in Tokyo, before the 13:00 start


def _swiss_day():
    event = events.create_event("TEKKEN 8 スイス", "", game="tekken8", day=date(2026, 12, 12))
    event.settings = {"start_time": "13:00", "venue_closes": "18:00"}
    events.add_phase(event, "スイスドロー", "swiss", rounds=6)
    events.add_phase(event, "TOP8", "double_elimination", grand_final="reset",
                     progression={"mode": "best", "count": 8})
    stations.add_numbered(event, 1, 8)
    db.session.commit()
    return event


def test_before_anyone_entered_nothing_is_finished_and_after_the_import_the_day_is_forecast(app):
    event = _swiss_day()
    before = forecasts.forecast(event, "Asia/Tokyo", NOW)
    assert before.problem == "nothing" and not before.lines  # "nothing to play yet", not "スイスドロー：終了"
    with db.session.no_autoflush:
        entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": i, "members": []} for i in range(1, 65)])
    db.session.commit()
    after = forecasts.forecast(event, "Asia/Tokyo", NOW)  # the same minute: not the kept one
    swiss, top8 = after.lines
    assert swiss.matches_left == 6 * 32 and not swiss.unknown
    assert swiss.end >= "17:00" and top8.end > swiss.end
    assert after.past_close  # warned at once, no "timetable from phases" needed


def test_a_majors_later_phases_are_forecast_with_the_players_each_cut_keeps(app):
    """DE pools cut at their top 2 send 1 + 1 each into four pools of 8, cut at 2 again, which send 1 + 1
    each into a top 8 starting four and four on both sides (issue 41): each later phase is forecast from the players it will have,
    its losers-side entrants skipping the winners' rounds, not left as "players not known"."""
    from webapp.services.day import forecast_work
    from webapp.services.setup import progressions

    event = events.create_event("メジャー予想", "", game="sf6", day=date(2026, 12, 12))
    event.settings = {"start_time": "10:00"}
    with db.session.no_autoflush:
        entrants.add_entrants(event, [{"name": f"選手{i:03d}", "seed": i, "members": []} for i in range(1, 129)])
    first = events.add_phase(event, "予選プール", "double_elimination", group_count=16, stop_at_top=2)
    second = events.add_phase(event, "二次プール", "double_elimination", group_count=4, stop_at_top=2)
    top8 = events.add_phase(event, "TOP8", "double_elimination", grand_final="reset")
    stations.add_numbered(event, 1, 16)
    db.session.commit()
    progressions.set_rule(second, first, "sides", 0)
    progressions.set_rule(top8, second, "sides", 0)
    db.session.commit()
    assert [forecast_work.expected_entrants(p) for p in (second, top8)] == [32, 8]
    lines = forecasts.forecast(event, "Asia/Tokyo", NOW).lines
    assert [line.unknown for line in lines] == [False, False, False]
    assert all(line.matches_left > 0 for line in lines)
    assert lines[0].end <= lines[1].start <= lines[1].end <= lines[2].start
