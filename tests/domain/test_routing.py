"""Phase routing: progressions as data, seeding order, pairs and top-4 reading, diffs."""
from webapp.tournament.bracket import Entrant, Placement
from webapp.tournament.bracket_results import correct_result, record_result
from webapp.tournament.formats import generate, generate_phase, placements
from webapp.tournament.routing import Progression, Routed, diff_routes, ordinal, phase_labels, phase_places, route


def P(i, rank, rank_to=None):
    return Placement(i, rank, rank_to or rank)


def groups_of_four():
    """Two finished groups: A = 11..14 in place order, B = 21..24."""
    return [[P(11, 1), P(12, 2), P(13, 3), P(14, 4)], [P(21, 1), P(22, 2), P(23, 3), P(24, 4)]]


PROGS = [Progression("q1", 1, "q2", 0, "Group"),
         Progression("q1", 2, "wc", 0, "Group"),
         Progression("q1", 3, "wc", 1, "Group")]


def test_route_by_rank_then_group_order_with_sources():
    out = route(PROGS, {"q1": groups_of_four()})
    assert [r.entrant_id for r in out["q2"]] == [11, 21]
    assert [(r.entrant_id, r.tier) for r in out["wc"]] == [(12, 0), (22, 0), (13, 1), (23, 1)]
    assert out["wc"][1] == Routed(22, 0, "Group B 2nd", "q1", "B", 2)
    assert 14 not in {r.entrant_id for rows in out.values() for r in rows}


def test_route_orders_tier_before_rank_and_uses_given_labels():
    progs = [Progression("q1", 3, "wc", 0, "Group"), Progression("q1", 2, "wc", 1, "Group")]
    out = route(progs, {"q1": groups_of_four()}, {"q1": ["H", "I"]})
    assert [r.source for r in out["wc"]] == ["Group H 3rd", "Group I 3rd", "Group H 2nd", "Group I 2nd"]


def test_partial_phase_routes_only_settled_places():
    partial = [[P(14, 4)], []]   # group A has only settled its 4th place
    assert route(PROGS, {"q1": partial}) == {}
    assert route(PROGS, {}) == {}


def test_single_bracket_source_has_no_group_letter():
    out = route([Progression("wc", 1, "best8", 0, "Wildcard")], {"wc": [[P(5, 1), P(6, 2)]]})
    assert out["best8"][0].source == "Wildcard 1st" and ordinal(4) == "4th"


def test_pairs_read_per_match_loser_is_rank_two():
    b = generate("pairs", [Entrant(i, i) for i in range(1, 6)])
    record_result(b, "P1", 2)
    record_result(b, "P2", 3)
    lists = phase_places([b])
    assert lists == [[P(2, 1), P(1, 2)], [P(3, 1), P(4, 2)], [P(5, 1)]]   # P3 is a bye
    assert phase_labels([b]) == ["P1", "P2", "P3"]
    out = route([Progression("q2", 2, "wc", 0, "Second qualifier"), Progression("q2", 1, "b8")],
                {"q2": lists}, {"q2": phase_labels([b])})
    assert [r.entrant_id for r in out["wc"]] == [1, 4] and out["wc"][1].source == "Second qualifier P2 2nd"
    assert [r.entrant_id for r in out["b8"]] == [2, 3, 5]


def test_stop_at_top_de_top4_as_ranks_one_and_three():
    de = generate("double_elimination", [Entrant(i, i) for i in range(1, 9)], stop_at_top=4)
    assert phase_places([de]) == [placements(de)] == [[]]
    while de.ready_matches():
        m = de.ready_matches()[0]
        record_result(de, m.key, min(m.slots))
    places = phase_places([de])[0]
    assert places[:4] == [P(1, 1, 2), P(2, 1, 2), P(3, 3, 4), P(4, 3, 4)]
    out = route([Progression("de", 1, "f", 0), Progression("de", 3, "f", 1)], {"de": [places]})
    assert [(r.entrant_id, r.tier) for r in out["f"]] == [(1, 0), (2, 0), (3, 1), (4, 1)]


def test_diff_after_upstream_correction():
    groups = generate_phase("groups", [Entrant(i, i) for i in range(1, 9)], group_count=2,
                            inner_format="double_elimination", grand_final="none")
    for g in groups:
        while g.ready_matches():
            m = g.ready_matches()[0]
            record_result(g, m.key, min(m.slots))
    before = route(PROGS, {"q1": phase_places(groups)})
    a = groups[0]
    final = a.rounds("W")[-1][0]
    first, second = final.winner, final.loser
    correct_result(a, final.key, second, cascade=True)
    lf = a.rounds("L")[-1][0]
    record_result(a, lf.key, first)          # the old 1st wins the losers-side final: now 2nd
    after = route(PROGS, {"q1": phase_places(groups)})
    changes = diff_routes(before, after)
    assert sorted(changes) == sorted([(first, ("q2", 0, "Group A 1st"), ("wc", 0, "Group A 2nd")),
                                   (second, ("wc", 0, "Group A 2nd"), ("q2", 0, "Group A 1st"))])
    assert diff_routes(after, after) == []


def test_diff_reports_dropped_and_new_entries():
    old = {"wc": [Routed(1, 0, "Group A 2nd", "q1")]}
    new = {"wc": [Routed(2, 0, "Group A 2nd", "q1")]}
    assert diff_routes(old, new) == [(1, ("wc", 0, "Group A 2nd"), None), (2, None, ("wc", 0, "Group A 2nd"))]
