"""KGP finals stage: one-life qualifiers, conditional rematches, final, placements."""
import pytest

from webapp.tournament.bracket import Entrant
from webapp.tournament.bracket_results import record_result
from webapp.tournament.errors import BracketError
from webapp.tournament.formats import generate, placements
from webapp.tournament.formats.double_elimination import recent_pairs
from webapp.tournament.formats.kgp_finals import change_pairing, kgp_entrants

W1, W2, L1, L2 = 11, 12, 21, 22


def four():
    """Two winners-side players (tier 0) and two losers-side players (tier 1)."""
    return [Entrant(W1, 1, 0), Entrant(W2, 2, 0), Entrant(L1, 3, 1), Entrant(L2, 4, 1)]


def ranks(b):
    """{entrant: (rank, rank_to)}."""
    return {p.entrant_id: (p.rank, p.rank_to) for p in placements(b)}


def test_shape_and_default_pairing():
    b = generate("kgp_finals", four())
    assert list(b.matches) == ["Q1", "Q2", "Q1R", "Q2R", "F"]
    assert b.matches["Q1"].slots == [W1, L2] and b.matches["Q2"].slots == [W2, L1]
    assert b.matches["Q1R"].conditional == "reset" and b.matches["Q1R"].status == "pending"
    assert [m.key for m in b.ready_matches()] == ["Q1", "Q2"]


def test_winners_side_player_wins_first_time():
    b = generate("kgp_finals", four())
    changed = record_result(b, "Q1", W1)
    assert "Q1R" in changed and "F" in changed
    assert b.matches["Q1R"].status == "void" and b.matches["F"].slots[0] == W1
    assert ranks(b) == {L2: (3, 3)}


def test_loses_once_then_wins_the_rematch():
    b = generate("kgp_finals", four())
    record_result(b, "Q1", L2)
    assert b.matches["Q1R"].status == "ready" and set(b.matches["Q1R"].slots) == {W1, L2}
    assert b.matches["F"].slots == [None, None]
    record_result(b, "Q1R", W1)
    assert b.matches["F"].slots[0] == W1 and ranks(b)[L2] == (3, 3)


def test_loses_both_and_losers_side_advances():
    b = generate("kgp_finals", four())
    record_result(b, "Q1", L2)
    record_result(b, "Q1R", L2)
    record_result(b, "Q2", W2)
    assert b.matches["F"].slots == [L2, W2] and b.matches["F"].status == "ready"
    assert not b.finished
    record_result(b, "F", W2)
    assert b.finished
    assert ranks(b) == {W2: (1, 1), L2: (2, 2), W1: (3, 3), L1: (3, 3)}


def test_pairing_avoids_immediate_rematch_and_desk_can_set_it():
    b = generate("kgp_finals", four(), previous_opponents=[(W1, L2)])
    assert b.matches["Q1"].slots == [W1, L1] and b.matches["Q2"].slots == [W2, L2]
    b = generate("kgp_finals", four(), pairing=[(L1, W1), (W2, L2)])
    assert b.matches["Q1"].slots == [W1, L1]
    b2 = change_pairing(b, [(W1, L2), (W2, L1)])
    assert b2.matches["Q1"].slots == [W1, L2]
    record_result(b2, "Q1", W1)
    with pytest.raises(BracketError) as err:
        change_pairing(b2, [(W1, L1), (W2, L2)])
    assert err.value.code == "bracket.already_started"


@pytest.mark.parametrize("pairing", [[(W1, W2), (L1, L2)], [(W1, L1), (W1, L2)], [(W1, L1)]])
def test_bad_pairings_are_refused(pairing):
    with pytest.raises(BracketError) as err:
        generate("kgp_finals", four(), pairing=pairing)
    assert err.value.code == "bracket.bad_pairing"


def test_wrong_entrants_are_refused():
    with pytest.raises(BracketError) as err:
        generate("kgp_finals", four()[:3])
    assert err.value.code == "bracket.too_few_entrants"
    es = four()
    es[2].tier = 0
    with pytest.raises(BracketError) as err:
        generate("kgp_finals", es)
    assert err.value.code == "bracket.kgp_finals_tiers"


def test_from_modified_double_elimination_to_finals():
    de = generate("double_elimination", [Entrant(100 + s, s) for s in range(1, 9)], stop_at_top=4)
    while de.ready_matches():
        for m in de.ready_matches():
            record_result(de, m.key, min(m.slots))
    four_ = kgp_entrants(de)
    assert [(e.id, e.seed, e.tier) for e in four_] == [(101, 1, 0), (102, 2, 0), (103, 3, 1), (104, 4, 1)]
    fin = generate("kgp_finals", four_, previous_opponents=recent_pairs(de))
    # 103 just lost to 102 in the winners side, 104 to 101: both crossings are rematches
    # either way, so the default W1 v L2 stays
    assert fin.matches["Q1"].slots == [101, 104] or fin.matches["Q1"].slots == [101, 103]
    pairs = {frozenset(p) for p in recent_pairs(de)}
    straight = {frozenset((101, 103)), frozenset((102, 104))}
    crossed = {frozenset((101, 104)), frozenset((102, 103))}
    chosen = {frozenset(fin.matches[k].slots) for k in ("Q1", "Q2")}
    assert len(chosen & pairs) == min(len(straight & pairs), len(crossed & pairs))
