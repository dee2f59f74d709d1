"""Whole-day runs of both event templates through the bracket engine and the routing."""
import random

import pytest

from webapp.tournament.bracket import Entrant
from webapp.tournament.bracket_results import record_result
from webapp.tournament.draw import draw
from webapp.tournament.errors import RuleViolation
from webapp.tournament.event_plans import TEMPLATES, build, build_phase, entry_split, final_standings, phase_entrants
from webapp.tournament.event_plans.tekken7_hiza_5on5 import group_sizes
from webapp.tournament.formats import placements
from webapp.tournament.formats.double_elimination import recent_pairs
from webapp.tournament.formats.kgp_finals import kgp_entrants
from webapp.tournament.routing import phase_labels, phase_places, route

TEKKEN, KGP = "tekken7_hiza_5on5", "kgp2025"


def chalk(b, m):
    """The better seed of the match's bracket wins."""
    return min(m.slots, key=lambda i: b.entrants[i].seed)


def randomly(seed):
    """A picker choosing winners at random, reproducibly."""
    rng = random.Random(seed)
    return lambda b, m: rng.choice(m.slots)


def play(brackets, pick):
    """Play every bracket to the end with ``pick(bracket, match) -> winner``."""
    for b in brackets:
        while b.ready_matches():
            m = b.ready_matches()[0]
            record_result(b, m.key, pick(b, m))


class Day:
    """One event run end to end: brackets, routed lists, places per phase."""

    def __init__(self, name, n, pick, draw_seed="hiza-2019"):
        self.plan = build(name, n)
        self.ids = [1000 + i for i in range(1, n + 1)]
        self.brackets, self.routed, self.places, self.record = {}, {}, {}, None
        entrants = [Entrant(i, s) for s, i in enumerate(self.ids, 1)]
        for key, (ents, assignment) in entry_split(self.plan, entrants).items():
            self._run(key, build_phase(self.plan, key, ents, assignment), pick)
        for phase in self.plan.phases:
            if phase.seeding != "entry":
                labels = {k: phase_labels(bs) for k, bs in self.brackets.items()}
                self.routed[phase.key] = route(self.plan.progressions, self.places, labels)[phase.key]
                ents, record = phase_entrants(self.plan, phase.key, self.routed[phase.key], draw_seed)
                self.record = record or self.record
                self._run(phase.key, build_phase(self.plan, phase.key, ents, **self._extra(phase.key)), pick)

    def _extra(self, key):
        """KGP finals: avoid immediate rematches with the DE's last rounds."""
        return {"previous_opponents": recent_pairs(self.brackets["de"][0])} if key == "finals" else {}

    def _run(self, key, brackets, pick):
        """Keep a phase's brackets, play them, read the places route() takes."""
        self.brackets[key] = brackets
        play(brackets, pick)
        self.places[key] = phase_places(brackets)

    def standings(self):
        """The event's final standings from each bracket's own placements."""
        raw = {k: [placements(b) for b in bs] for k, bs in self.brackets.items()}
        return final_standings(self.plan, raw)

    def entrants_of(self, key):
        """Entrant ids of every bracket of a phase."""
        return {i for b in self.brackets[key] for i in b.entrants}


def check_standings(day):
    """Everyone ranked once; ranks never go down the list; one champion."""
    rows = day.standings()
    assert sorted(i for _, _, i in rows) == sorted(day.ids)
    assert [r for r, _, _ in rows] == sorted(r for r, _, _ in rows)
    assert rows[0][:2] == (1, 1) and sum(1 for r, _, _ in rows if r == 1) == 1
    assert all(r <= t <= len(day.ids) for r, t, _ in rows)
    return rows


def rounds_to_win(b, entrant):
    """Rounds an entrant of a single elimination must win: all, or one fewer after a bye."""
    k = len(b.rounds("W"))
    first = [m for m in b.rounds("W")[0] if entrant in m.slots]
    return k if first and first[0].status != "bye" else k - 1


def check_wildcard_tiers(day):
    """Every tier-1 (group 3rd) team has at least as many wildcard rounds as any tier-0 team."""
    wb = day.brackets["wildcard"][0]
    tier = {r.entrant_id: r.tier for r in day.routed["wildcard"]}
    low = min(rounds_to_win(wb, i) for i in tier if tier[i] == 1)
    assert low >= max(rounds_to_win(wb, i) for i in tier if tier[i] == 0)


# ---------------------------------------------------------------- Tekken

@pytest.mark.parametrize("pick", [chalk, randomly(7)], ids=["chalk", "random"])
def test_tekken_56_full_day(pick):
    day = Day(TEKKEN, 56, pick)
    assert [p.group_count for p in day.plan.phases[:2]] == [7, 7]
    assert len(day.routed["q2"]) == 14 and len(day.brackets["q2"][0].matches) == 7
    wild = day.routed["wildcard"]
    assert len(wild) == 35 and sum(r.tier == 1 for r in wild) == 14
    group_places = {p.entrant_id: p.rank for k in ("q1a", "q1b") for g in day.places[k] for p in g}
    q2_losers = {p.entrant_id for g in day.places["q2"] for p in g if p.rank == 2}
    assert {r.entrant_id for r in wild} == {i for i, r in group_places.items() if r in (2, 3)} | q2_losers
    assert all(r.tier == (1 if group_places[r.entrant_id] == 3 and r.entrant_id not in q2_losers else 0)
               for r in wild)
    check_wildcard_tiers(day)
    best8 = day.entrants_of("best8")
    assert len(best8) == 8 and len(best8 & day.entrants_of("wildcard")) == 1
    q2_winners = {p.entrant_id for g in day.places["q2"] for p in g if p.rank == 1}
    assert best8 - q2_winners == best8 & day.entrants_of("wildcard") and len(q2_winners) == 7
    rec = day.record
    assert rec.verify() and draw(rec.inputs, rec.seed) == rec.result
    again, _ = phase_entrants(day.plan, "best8", day.routed["best8"], rec.seed)
    assert [e.id for e in again] == [e.id for e in sorted(day.brackets["best8"][0].entrants.values(),
                                                          key=lambda e: e.seed)]
    rows = check_standings(day)
    assert [(r, t) for r, t, _ in rows[:8]] == [(1, 1), (2, 2), (3, 4), (3, 4)] + [(5, 8)] * 4
    assert {i for r, t, i in rows if (r, t) == (43, 56)} == {i for i, r in group_places.items() if r == 4}


def test_tekken_56_wildcard_shape():
    day = Day(TEKKEN, 56, chalk)
    wb = day.brackets["wildcard"][0]
    first = [m for m in wb.rounds("W")[0] if m.status != "bye"]
    assert len(first) == 3                          # 35 teams: 29 byes, 6 third places play R1
    assert all(wb.entrants[i].tier == 1 for m in first for i in m.slots)
    assert day.routed["wildcard"][0].source == "Second qualifier P1 2nd"
    assert day.routed["q2"][0].source == "Group A 1st" and day.routed["q2"][13].source == "Group N 1st"


@pytest.mark.parametrize("n", [8, 13, 60])
@pytest.mark.parametrize("pick", [chalk, randomly(3)], ids=["chalk", "random"])
def test_tekken_other_counts_run_to_a_champion(n, pick):
    day = Day(TEKKEN, n, pick)
    groups = -(-n // 4)
    assert len(day.entrants_of("best8")) == -(-groups // 2) + 1
    assert len(day.routed["wildcard"]) == 2 * groups + groups // 2
    assert day.brackets["best8"][0].finished
    check_wildcard_tiers(day)
    check_standings(day)


def test_tekken_group_sizes_never_five_or_two():
    for n in range(8, 130):
        sizes = group_sizes(n)
        assert sum(sizes) == n and set(sizes) <= {3, 4}
    assert sorted(group_sizes(13)) == [3, 3, 3, 4] and group_sizes(60) == [4] * 15


def test_tekken_odd_group_winners_bye_goes_to_group_a_winner():
    day = Day(TEKKEN, 60, chalk)
    q2 = day.brackets["q2"][0]
    bye = next(m for m in q2.matches.values() if m.status == "bye")
    assert bye.winner == day.routed["q2"][0].entrant_id and day.routed["q2"][0].group == "A"
    assert len(q2.matches) == 8 and any("odd" in note for note in day.plan.notes)


def test_tekken_plan_shape_and_minimum():
    plan = build(TEKKEN, 56)
    assert [p.key for p in plan.phases] == ["q1a", "q1b", "q2", "wildcard", "best8"]
    assert [p.name for p in plan.phases][:2] == ["一次予選 前半", "一次予選 後半"]
    assert [p.match_type for p in plan.phases] == ["kachinuki"] * 3 + ["representative", "kachinuki"]
    assert plan.phase("best8").seeding == "draw" and plan.phase("best8").options["third_place"] is False
    assert plan.phase("q1b").group_labels[0] == "H" and plan.entrant_kind == "team" and plan.team_size == 5
    assert plan.planned_matches == {"q1a": 35, "q1b": 35, "q2": 7, "wildcard": 34, "best8": 7}
    with pytest.raises(RuleViolation) as err:
        build(TEKKEN, 7)
    assert err.value.code == "template.too_few_entrants"
    with pytest.raises(RuleViolation):
        build("nope", 10)
    assert {TEKKEN, KGP} <= set(TEMPLATES)


# ---------------------------------------------------------------- KGP

@pytest.mark.parametrize("n", [5, 16, 100])
@pytest.mark.parametrize("pick", [chalk, randomly(11)], ids=["chalk", "random"])
def test_kgp_runs_to_a_champion(n, pick):
    day = Day(KGP, n, pick)
    de = day.brackets["de"][0]
    finals = day.brackets["finals"][0]
    assert [(e.id, e.tier) for e in sorted(finals.entrants.values(), key=lambda e: e.seed)] == \
        [(e.id, e.tier) for e in kgp_entrants(de)]
    rows = check_standings(day)
    assert [(r, t) for r, t, _ in rows[:4]] == [(1, 1), (2, 2), (3, 3), (3, 3)]
    assert all(r >= 5 for r, _, _ in rows[4:])
    de_ranks = {p.entrant_id: (p.rank, p.rank_to) for p in placements(de)}
    assert {i: (r, t) for r, t, i in rows[4:]} == de_ranks     # DE bands unchanged from 5 down


def test_kgp_16_chalk_standings_bands():
    rows = Day(KGP, 16, chalk).standings()
    assert [(r, t) for r, t, _ in rows] == ([(1, 1), (2, 2), (3, 3), (3, 3), (5, 6), (5, 6), (7, 8), (7, 8)]
                                           + [(9, 12)] * 4 + [(13, 16)] * 4)


@pytest.fixture
def finals():
    plan = build(KGP, 16)
    entrants = [Entrant(1000 + s, s) for s in range(1, 17)]
    de = build_phase(plan, "de", entry_split(plan, entrants)["de"][0])
    play(de, chalk)
    routed = route(plan.progressions, {"de": phase_places(de)})["finals"]
    ents, _ = phase_entrants(plan, "finals", routed)
    return build_phase(plan, "finals", ents, previous_opponents=recent_pairs(de[0]))[0]


def sides(b, key):
    """(winners-side player, losers-side player) of a qualifier."""
    return tuple(b.matches[key].slots)


def test_kgp_winners_side_player_wins_q_and_advances(finals):
    w, l_ = sides(finals, "Q1")
    assert finals.entrants[w].tier == 0 and finals.entrants[l_].tier == 1
    record_result(finals, "Q1", w)
    assert finals.matches["Q1R"].status == "void" and finals.matches["F"].slots[0] == w


def test_kgp_loses_then_wins_replay_advances(finals):
    w, l_ = sides(finals, "Q2")
    record_result(finals, "Q2", l_)
    assert finals.matches["F"].slots[1] is None and finals.matches["Q2R"].status == "ready"
    record_result(finals, "Q2R", w)
    assert finals.matches["F"].slots[1] == w


def test_kgp_loses_both_losers_side_advances_and_places(finals):
    w1, l1 = sides(finals, "Q1")
    w2, l2 = sides(finals, "Q2")
    record_result(finals, "Q1", l1)
    record_result(finals, "Q1R", l1)
    record_result(finals, "Q2", w2)
    assert finals.matches["F"].slots == [l1, w2]
    record_result(finals, "F", w2)
    got = {p.entrant_id: (p.rank, p.rank_to) for p in placements(finals)}
    assert got == {w2: (1, 1), l1: (2, 2), w1: (3, 3), l2: (3, 3)}


def test_kgp_plan_shape():
    plan = build(KGP, 100)
    de, fin = plan.phases
    assert de.options == {"stop_at_top": 4} and de.best_of == 3 and de.seeding == "entry"
    assert fin.format == "kgp_finals" and fin.options["best_of"] == {"Q": 5, "F": 5}
    assert fin.generate_options() == {}
    assert [(p.rank, p.tier) for p in plan.progressions] == [(1, 0), (3, 1)]
    assert plan.timetable[1].start == "10:00" and plan.timetable[-1].end == "19:00"
    with pytest.raises(RuleViolation):
        build(KGP, 4)
