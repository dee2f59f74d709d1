"""Timetable as data and the ahead/behind estimate."""
import datetime as dt

from webapp.tournament.event_plans import build
from webapp.tournament.schedule import TEKKEN_TIMETABLE, Slot, hhmm, minutes, progress

PLAN = build("tekken7_hiza_5on5", 56).planned_matches   # q1a 35, q1b 35, q2 7, wildcard 34, best8 7
TOTAL = sum(PLAN.values())


def done(**kw):
    return dict({k: 0 for k in PLAN}, **kw)


def test_tekken_timetable_is_the_seeds():
    rows = [(s.start, s.end, s.phase_key) for s in TEKKEN_TIMETABLE]
    assert rows[0] == ("09:30", "09:45", None) and rows[1] == ("09:45", "12:00", "q1a")
    assert ("12:15", "14:30", "q1b") in rows and ("14:45", "15:45", "q2") in rows
    assert ("16:00", "17:00", "wildcard") in rows and ("17:15", "17:35", None) in rows
    assert [r for r in rows if r[2] == "best8"] == [("17:40", "18:40", "best8"), ("18:40", "19:40", "best8"),
                                                    ("19:40", "20:40", "best8")]
    assert rows[-1] == ("20:45", "21:00", None)


def test_on_time_before_and_at_the_start():
    p = progress(TEKKEN_TIMETABLE, "09:30", done(), PLAN)
    assert (p.running_phase_key, p.expected_done_fraction, p.minutes_ahead, p.estimated_end) == \
        ("q1a", 0.0, 0, "21:00")


def test_ahead_and_behind_within_a_slot():
    ahead = progress(TEKKEN_TIMETABLE, "11:00", done(q1a=35), PLAN)
    assert ahead.minutes_ahead == 60 and ahead.estimated_end == "20:00"
    assert abs(ahead.expected_done_fraction - 35 * 75 / 135 / TOTAL) < 1e-9
    assert abs(ahead.actual_done_fraction - 35 / TOTAL) < 1e-9
    assert ahead.running_phase_key == "q1b"
    behind = progress(TEKKEN_TIMETABLE, dt.time(11, 0), done(), PLAN)
    assert behind.minutes_ahead == -75 and behind.estimated_end == "22:15"
    assert behind.running_phase_key == "q1a" and behind.actual_done_fraction == 0


def test_break_on_plan_is_zero_and_late_matches_count_as_behind():
    assert progress(TEKKEN_TIMETABLE, "12:10", done(q1a=35), PLAN).minutes_ahead == 0
    late = progress(TEKKEN_TIMETABLE, "12:10", done(q1a=28), PLAN)  # 7 of 35 left: 27 min of the slot
    assert late.minutes_ahead == -37 and late.estimated_end == "21:37"


def test_best8_slots_share_matches_by_weight():
    before = done(q1a=35, q1b=35, q2=7, wildcard=34)
    assert progress(TEKKEN_TIMETABLE, "18:40", dict(before, best8=4), PLAN).minutes_ahead == 0
    assert progress(TEKKEN_TIMETABLE, "19:40", dict(before, best8=6), PLAN).minutes_ahead == 0
    finished = progress(TEKKEN_TIMETABLE, "20:00", dict(before, best8=7), PLAN)
    assert finished.running_phase_key is None and finished.actual_done_fraction == 1.0
    assert finished.minutes_ahead == 40


def test_extra_matches_do_not_count_and_helpers():
    p = progress(TEKKEN_TIMETABLE, "12:00", done(q1a=99), PLAN)
    assert p.minutes_ahead == 0 and abs(p.actual_done_fraction - 35 / TOTAL) < 1e-9
    assert minutes("09:05") == 545 and hhmm(545) == "09:05" and hhmm(24 * 60 + 10) == "24:10"
    slots = [Slot("10:00", "11:00", "x", "a")]
    assert progress(slots, "10:30", {"a": 5}, {"a": 10}).minutes_ahead == 0
    assert progress(slots, "10:30", {}, {}).expected_done_fraction == 1.0


def test_kgp_timetable_runs():
    plan = build("kgp2025", 16)
    p = progress(plan.timetable, "13:15", {"de": 13}, plan.planned_matches)
    assert p.running_phase_key == "de" and p.minutes_ahead == 0
