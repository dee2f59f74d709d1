"""Phase sizes for the event builder's preview: players, matches and the waves they come in."""
import pytest

from webapp.tournament.errors import RuleViolation
from webapp.tournament.phase_sizes import PhaseDraft, sizes


def test_a_bracket_counts_its_real_matches_in_the_waves_its_feeders_allow():
    (single,) = sizes([PhaseDraft("本戦", "single_elimination")], 6)  # two byes
    assert (single.matches, single.waves) == (5, (2, 2, 1))
    (double,) = sizes([PhaseDraft("本戦", "double_elimination", options={"grand_final": "none"})], 16)
    assert double.matches == 29 and double.waves[0] == 8 and sum(double.waves) == 29


def test_pools_swiss_and_who_goes_on():
    pools, top8 = sizes([PhaseDraft("予選", "round_robin", 4), PhaseDraft("TOP8", "single_elimination",
                                                                         advance=("top", 2))], 20)
    assert (pools.entrants, pools.matches, len(pools.waves)) == (20, 40, 5)
    assert (top8.entrants, top8.matches) == (8, 7)
    swiss, best = sizes([PhaseDraft("スイス", "swiss"), PhaseDraft("TOP8", "single_elimination",
                                                                   advance=("best", 8))], 33)
    assert swiss.waves == (16,) * 6 and best.entrants == 8


def test_later_rounds_at_another_best_of_weigh_more():
    (plain,) = sizes([PhaseDraft("本戦", "single_elimination", best_of=3)], 16)
    (later,) = sizes([PhaseDraft("本戦", "single_elimination", best_of=3,
                                 best_of_by_round={"from": "top4", "best_of": 5})], 16)
    assert plain.games == (24, 12, 6, 3) and later.games == (24, 12, 10, 5)


def test_impossible_shapes_are_refused_with_the_phase_named():
    with pytest.raises(RuleViolation) as taken:
        sizes([PhaseDraft("予選", "round_robin", 2), PhaseDraft("本戦", "single_elimination", advance=("best", 9))], 8)
    assert taken.value.params["phase"] == "本戦"
    with pytest.raises(RuleViolation):
        sizes([PhaseDraft("予選", "round_robin", 4)], 6)


def test_pools_cut_at_their_top_two_and_a_top_eight_of_four_and_four_play_what_their_brackets_play():
    """The builder's estimate of a major (issue 41): DE pools cut at 2 play down to the cut, not to
    a champion; the next phase takes each pool's 1 + 1, half entering on the losers' side, and plays
    exactly the matches its bracket has (the generator's own count)."""
    from webapp.tournament.bracket import Entrant, real_matches
    from webapp.tournament.formats import generate_phase

    full, cut, top8 = sizes([PhaseDraft("予選", "double_elimination", 4, {"grand_final": "reset"}),
                             PhaseDraft("予選", "double_elimination", 4, {"grand_final": "reset", "stop_at_top": 2}),
                             PhaseDraft("TOP8", "double_elimination", 1, {"grand_final": "reset"},
                                        advance=("sides", 2))], 32)
    assert cut.matches < full.matches
    pool = generate_phase("double_elimination", [Entrant(i, i) for i in range(1, 9)], stop_at_top=2)[0]
    assert cut.matches == 4 * len(list(real_matches(pool)))
    assert top8.entrants == 8
    sided = generate_phase("double_elimination", [Entrant(i, i) for i in range(1, 9)], grand_final="reset",
                           losers_side=[5, 6, 7, 8])[0]
    assert top8.matches == len(list(real_matches(sided)))
