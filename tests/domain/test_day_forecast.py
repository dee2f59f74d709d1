"""The day's forecast (tournament/day_forecast.py): examples and properties."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament import day_play
from webapp.tournament.day_forecast import MatchLink, PhaseWork, RoundWork, forecast, rounds_from_matches
from webapp.tournament.errors import RuleViolation

R = RoundWork


def _top8():
    return PhaseWork("top8", (R("W1", 4, 4), R("W2", 2, 2, ("W1",)), R("L1", 2, 2, ("W1",)),
                              R("GF", 1, 1, ("W2", "L1"), sets=1.5)), after=("pools",), pause=20)


def test_pools_then_top8_with_a_pause(monkeypatch):
    monkeypatch.setattr(day_play, "SET_SPREAD", 0)  # every set exactly its minutes: the arithmetic below
    pools = PhaseWork("pools", (R("A1", 4, 4), R("A2", 4, 4, ("A1",)), R("A3", 4, 4, ("A2",))))
    day = forecast([pools, _top8()], 4, 12, "10:00")
    assert (day.phase("pools").start, day.phase("pools").end) == (600, 636)
    # top 8 after a 20-minute draw; W1 (4 on 4 stations), then W2 and L1 together, then a longer final
    assert (day.phase("top8").start, day.phase("top8").end) == (656, 656 + 12 + 12 + 18)
    assert day.end == day.phase("top8").end


def test_a_finished_phase_is_done_and_the_next_starts_now():
    pools = PhaseWork("pools", (R("A1", 4, 0),))
    day = forecast([pools, _top8()], 4, 10, 900)
    assert day.phase("pools").done and day.phase("pools").end == 900
    assert day.phase("top8").start == 920


def test_a_match_under_way_ends_after_half_a_set():
    day = forecast([PhaseWork("p", (R("1", 2, 1, under_way=1),))], 2, 10, 600)
    assert day.end == 605


@pytest.mark.parametrize("phases, stations, pace, code", [
    ([PhaseWork("p", (R("1", 1, 1),))], 0, 10, "forecast.stations"),
    ([PhaseWork("p", (R("1", 1, 1),))], 1, 0, "forecast.pace"),
    ([PhaseWork("p", (R("1", 1, 2),))], 1, 10, "forecast.round_counts"),
    ([PhaseWork("p", (R("1", 1, 1, ("2",)), R("2", 1, 1)))], 1, 10, "forecast.round_order"),
    ([PhaseWork("p", (), ("q",)), PhaseWork("q", ())], 1, 10, "forecast.phase_order"),
])
def test_refusals_name_the_rule(phases, stations, pace, code):
    with pytest.raises(RuleViolation) as caught:
        forecast(phases, stations, pace, 600)
    assert caught.value.code == code


def test_rounds_from_a_double_elimination_shape():
    links = [MatchLink("w1a", "W1", ("w2",)), MatchLink("w1b", "W1", ("w2", "l1"), over=True),
             MatchLink("l1", "L1", ("gf",)), MatchLink("w2", "W2", ("gf", "l1")),
             MatchLink("gf", "GF", (), sets=1.5)]
    rounds = rounds_from_matches(links)
    assert [r.key for r in rounds] == ["W1", "W2", "L1", "GF"]
    assert rounds[0].left == 1 and rounds[0].total == 2
    assert rounds[2].after == ("W1", "W2") and rounds[3].after == ("W2", "L1") and rounds[3].sets == 1.5


@st.composite
def days(draw):
    phases = []
    for p in range(draw(st.integers(1, 4))):
        rounds = []
        for r in range(draw(st.integers(0, 4))):
            total = draw(st.integers(0, 6))
            left = draw(st.integers(0, total))
            after = tuple(draw(st.sets(st.sampled_from([x.key for x in rounds]))) if rounds else ())
            rounds.append(R(f"r{r}", total, left, tuple(sorted(after)), draw(st.sampled_from([1.0, 1.5, 2.0])),
                            draw(st.integers(0, left))))
        after = tuple(sorted(draw(st.sets(st.sampled_from([x.key for x in phases]))))) if phases else ()
        phases.append(PhaseWork(f"p{p}", tuple(rounds), after, draw(st.sampled_from([0, 0, 15]))))
    return phases


@settings(max_examples=150, deadline=None)
@given(days(), st.integers(1, 6), st.integers(1, 3), st.integers(5, 20), st.integers(0, 8))
def test_more_stations_never_end_later(phases, stations, more, pace, extra):
    fewer = forecast(phases, stations, pace, 600)
    assert forecast(phases, stations + more, pace, 600).end <= fewer.end


@settings(max_examples=150, deadline=None)
@given(days(), st.integers(1, 6), st.integers(5, 20), st.integers(1, 10))
def test_a_slower_pace_never_ends_earlier(phases, stations, pace, slower):
    assert forecast(phases, stations, pace + slower, 600).end >= forecast(phases, stations, pace, 600).end


@settings(max_examples=150, deadline=None)
@given(days(), st.integers(1, 6), st.integers(5, 20))
def test_phases_follow_what_they_wait_for_and_work_takes_time(phases, stations, pace):
    day = forecast(phases, stations, pace, 600)
    for p in phases:
        mine = day.phase(p.key)
        assert day.start <= mine.start <= mine.end <= day.end
        for before in p.after:
            assert mine.end >= day.phase(before).end + p.pause or mine.done
            under_way = any(r.under_way for r in p.rounds)
            assert mine.start >= day.phase(before).end + p.pause or mine.done or under_way
    work = sum((r.left - r.under_way / 2) * r.sets * pace for p in phases for r in p.rounds)
    assert day.end - day.start >= work / stations - 1


def test_a_round_played_as_a_whole_waits_for_its_slowest_match():
    """Four matches at once on four stations, sets varying: the next round waits for the slowest
    of four, about 0.7 of a set beyond the average (bench/forecast_accuracy.py holds it to played days)."""
    day = forecast([PhaseWork("pools", (R("A1", 4, 4), R("A2", 4, 4, ("A1",))))], 4, 12, 600)
    assert 600 + 2 * 12 < day.end <= 600 + 2 * (12 + 9)


def test_pools_of_an_earlier_wave_are_called_first(monkeypatch):
    """Issue 41.3: the desk runs pools in waves; a later wave's pool waits for free stations after the
    earlier wave's matches, whatever order the pools are listed in."""
    monkeypatch.setattr(day_play, "SET_SPREAD", 0)
    late = R("B1", 2, 2, wave=1)
    early = R("A1", 2, 2, wave=0)
    day = forecast([PhaseWork("pools", (late, early))], 2, 10, 600)
    first_two = day_play.Day([PhaseWork("pools", (late, early))], 2, 10, 600)
    first_two.fill()
    started = sorted(first_two.order[job] for job in range(len(first_two.length)) if first_two.station[job]
                     and job not in [j for _o, j in first_two._ready])
    assert [order[1] for order in started[:2]] == [0, 0]  # both stations take wave 0 first
    assert day.end == 620


def test_each_wave_of_pools_says_when_it_is_expected(monkeypatch):
    """A major's pools in waves: each wave's first call and last result, so a player of wave 3 knows
    when to come. Two stations, two waves of two pools of two rounds, each set 10 minutes."""
    monkeypatch.setattr(day_play, "SET_SPREAD", 0)
    rounds = (R("A1", 1, 1, wave=0), R("B1", 1, 1, wave=0), R("A2", 1, 1, ("A1",), wave=0),
              R("B2", 1, 1, ("B1",), wave=0), R("C1", 1, 1, wave=1), R("D1", 1, 1, wave=1),
              R("C2", 1, 1, ("C1",), wave=1), R("D2", 1, 1, ("D1",), wave=1))
    day = forecast([PhaseWork("pools", rounds)], 2, 10, 600)
    waves = day.phase("pools").waves
    assert [(w.wave, w.start, w.end) for w in waves] == [(0, 600, 620), (1, 620, 640)]
    assert forecast([PhaseWork("pools", rounds[:4])], 2, 10, 600).phase("pools").waves == ()  # one wave: none


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(1, 4)), min_size=1, max_size=8), st.integers(1, 6))
def test_waves_start_in_their_order_and_end_within_the_phase(pools, stations):
    """Whatever the pools and stations: a later wave is not called before an earlier one, and every
    wave's times lie within its phase's."""
    rounds = tuple(R(f"P{i}", n, n, wave=wave) for i, (wave, n) in enumerate(pools))
    phase = forecast([PhaseWork("pools", rounds)], stations, 10, 600).phase("pools")
    starts = [w.start for w in phase.waves]
    assert starts == sorted(starts)
    assert all(phase.start <= w.start <= w.end <= phase.end for w in phase.waves)
    assert [w.wave for w in phase.waves] == sorted({wave for wave, _n in pools}) or len({w for w, _ in pools}) < 2


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(1, 5), st.sampled_from([1.0, 1.5, 2.0])), min_size=1,
                max_size=6), st.integers(1, 9))
def test_the_stations_bound_misses_no_better_day(pools, stations):
    """Fewer stations are tried only while their bound could beat the best end: the answer is the
    same as trying every count (the search the bound replaces)."""
    from webapp.tournament.day_forecast import _simulate

    rounds = tuple(R(f"P{i}", n, n, sets=sets, wave=wave) for i, (wave, n, sets) in enumerate(pools))
    phases = [PhaseWork("pools", rounds), _top8()]
    every = min((_simulate(phases, count, 10, 600) for count in range(1, stations + 1)), key=lambda d: d.end)
    assert forecast(phases, stations, 10, 600).end == every.end
