"""Best-of by round: which rounds of a bracket play the later best-of."""
from webapp.tournament.bracket import Entrant
from webapp.tournament.formats import generate
from webapp.tournament.round_best_of import best_of


def later_rounds(fmt, n, rule, **options):
    b = generate(fmt, [Entrant(i, i) for i in range(1, n + 1)], **options)
    sizes, last = {}, {}
    for m in b.matches.values():
        sizes[(m.side, m.round)] = sizes.get((m.side, m.round), 0) + 1
        last[m.side] = max(last.get(m.side, 0), m.round)
    double = any(s == "L" for s, _r in sizes)
    return sorted(k for k, size in sizes.items()
                  if best_of({"from": rule, "best_of": 5}, k[0], size, k[1] == last[k[0]], double, 3) == 5)


def test_evo_japan_tekken_finals_are_winners_final_losers_final_and_grand_final():
    got = later_rounds("double_elimination", 32, "finals", grand_final="reset")
    assert got == [("GF", 1), ("GF", 2), ("L", 8), ("W", 5)]


def test_top8_of_a_double_elimination_starts_at_winners_semifinals():
    got = later_rounds("double_elimination", 32, "top8", grand_final="single")
    assert [k for k in got if k[0] == "W"] == [("W", 4), ("W", 5)]
    assert [k for k in got if k[0] == "L"] == [("L", 5), ("L", 6), ("L", 7), ("L", 8)]


def test_single_elimination_top8_is_the_quarterfinals_on_and_no_rule_keeps_the_default():
    assert later_rounds("single_elimination", 20, "top8") == [("W", 3), ("W", 4), ("W", 5)]
    assert later_rounds("single_elimination", 20, "grand_final") == [("W", 5)]
    assert best_of(None, "W", 1, True, False, 3) == 3
    assert later_rounds("round_robin", 5, "top8") == []
