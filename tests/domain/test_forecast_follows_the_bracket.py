"""The builder's estimate and the day's forecast play a bracket as a desk calls it (issue 37.11):
a match starts once the matches sending it its players are over, not once the whole round before
it is; so a double elimination's losers' rounds overlap its winners' rounds."""
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament.day_forecast import PhaseWork, forecast
from webapp.tournament.phase_sizes import PhaseDraft, sizes


def _phase(fmt: str, players: int, best_of: int = 3) -> PhaseWork:
    options = {"grand_final": "single"} if fmt == "double_elimination" else {}
    size = sizes([PhaseDraft("本戦", fmt, 1, options, None, best_of)], players)[0]
    return PhaseWork("p", (), matches=size.links)


def _chain(links, pace: float) -> float:
    """The longest run of matches one after another (the day can never be shorter)."""
    fed_by: dict = {}
    for link in links:
        for target in link.feeds:
            fed_by.setdefault(target, []).append(link.key)
    memo: dict = {}

    def longest(key):
        if key not in memo:
            own = next(link.sets for link in links if link.key == key) * pace
            memo[key] = own + max((longest(f) for f in fed_by.get(key, ())), default=0)
        return memo[key]
    return max(longest(link.key) for link in links)


def test_a_20_player_double_elimination_on_5_stations_at_20_minutes_a_set():
    phase = _phase("double_elimination", 20)
    assert sum(1 for m in phase.matches if m.sets) == 38  # 2n - 2, byes not counted
    day = forecast([phase], 5, 20, "10:00")
    length = day.end - day.start
    assert length >= max(38 * 20 / 5, _chain(phase.matches, 20))
    assert length <= 4 * 60 + 30  # was 6 h 12 min, every round waiting for every round before it


@settings(max_examples=40, deadline=None)
@given(fmt=st.sampled_from(("double_elimination", "single_elimination")), players=st.integers(3, 64),
       stations=st.integers(1, 16), pace=st.sampled_from((8, 12, 20)))
def test_a_bracket_lasts_at_least_its_longest_chain_and_its_work_and_at_most_all_in_a_row(fmt, players,
                                                                                          stations, pace):
    phase = _phase(fmt, players)
    work = sum(m.sets for m in phase.matches) * pace
    length = (lambda d: d.end - d.start)(forecast([phase], stations, pace, 600))
    assert length >= max(work / stations, _chain(phase.matches, pace)) - 1  # whole minutes, rounded
    assert length <= work + 1
