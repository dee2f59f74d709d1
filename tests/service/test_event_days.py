"""Whole days of both seed events through the service layer (operations, rules, routing)."""
import random

import pytest
from play_support import kgp_top4

from webapp.extensions import db
from webapp.models import Entrant
from webapp.services.matches import simulate
from webapp.services.setup import event_templates as et
from webapp.tournament.draw import draw

CHARS = ["一八", "仁", "ポール", "キング", "ロウ"]


def _teams(n):
    return [{"name": f"チーム{i:02d}", "seed": i,
             "members": [(f"T{i}-{k}", CHARS[k - 1]) for k in range(1, 6)]} for i in range(1, n + 1)]


def _players(n):
    return [{"name": f"プレイヤー{i:03d}", "seed": i, "members": []} for i in range(1, n + 1)]


def _run_day(event, rng):
    for phase in event.phases:
        et.start(phase, draw_seed="cafe0123" if phase.seeding == "draw" else None)
        db.session.commit()
        simulate.play_phase(phase, rng)
        db.session.commit()
        assert phase.status == "done", phase.name


def test_tekken_56_team_day(app):
    event = et.create_from_template("tekken7_hiza_5on5", "膝まったり杯", _teams(56))
    db.session.commit()
    rng = random.Random(7)
    for phase in event.phases[:3]:   # both first-qualifier blocks and the second qualifier
        et.start(phase)
        db.session.commit()
        simulate.play_phase(phase, rng)
        db.session.commit()
    wildcard = next(p for p in event.phases if p.key == "wildcard")
    routed = et.entrants_for(wildcard)
    assert len(routed) == 35
    et.start(wildcard)
    db.session.commit()
    tier = {e["id"]: e["tier"] for e in wildcard.brackets[0].entrants}
    assert sorted(tier.values()).count(1) == 14
    simulate.play_phase(wildcard, rng)
    db.session.commit()
    best8 = next(p for p in event.phases if p.key == "best8")
    et.start(best8, draw_seed="0123456789abcdef")
    db.session.commit()
    wildcard_winner = next(p.entrant_id for p in et.brackets.placements(wildcard.brackets[0]) if p.rank == 1)
    ids = {e["id"] for e in best8.brackets[0].entrants}
    assert len(ids) == 8 and wildcard_winner in ids
    assert draw(best8.draw["inputs"], best8.draw["seed"]) == best8.draw["result"]
    simulate.play_phase(best8, rng)
    db.session.commit()
    standings = et.final_standings(event)
    assert len(standings) == 56 and standings[0][0] == 1
    assert {e.id for _, _, e in standings} == {e.id for e in db.session.query(Entrant)}


def _rounds_played(bracket_row, entrant_id):
    return sum(1 for m in bracket_row.matches if entrant_id in (m.slot_a, m.slot_b) and m.status == "done")


@pytest.mark.parametrize("teams", [8, 13, 60])
def test_tekken_other_team_counts_run_to_a_champion(app, teams):
    event = et.create_from_template("tekken7_hiza_5on5", f"テスト{teams}", _teams(teams))
    db.session.commit()
    _run_day(event, random.Random(teams))
    standings = et.final_standings(event)
    assert standings[0][0] == 1 and len(standings) == teams


@pytest.mark.parametrize("players", [5, 16, 100])
def test_kgp_runs_to_a_champion(app, players):
    event = et.create_from_template("kgp2025", f"KGP {players}", _players(players))
    db.session.commit()
    _run_day(event, random.Random(players))
    ranks = [r for r, _, _ in et.final_standings(event)]
    assert ranks[:4] == [1, 2, 3, 3]


def _kgp_at_finals():
    event, _, finals = kgp_top4()
    et.start(finals)
    db.session.commit()
    return event, finals


def _match(phase, key):
    return next(m for m in phase.brackets[0].matches if m.key == key)


def _placement(phase, entrant_id):
    return next((p.rank, p.rank_to) for p in et.brackets.placements(phase.brackets[0]) if p.entrant_id == entrant_id)


@pytest.mark.parametrize("results, advances", [
    (["winners"], "winners"),                 # winners-side player wins Q1
    (["losers", "winners"], "winners"),       # loses, then wins the replay
    (["losers", "losers"], "losers"),         # loses both: the losers-side player goes on
])
def test_kgp_finals_qualifier_with_one_life(app, results, advances):
    _, finals = _kgp_at_finals()
    q1 = _match(finals, "Q1")
    w_side, l_side = q1.slot_a, q1.slot_b
    for result, key in zip(results, ("Q1", "Q1R"), strict=False):
        match = _match(finals, key)
        et.brackets.record_winner(match, w_side if result == "winners" else l_side)
        db.session.commit()
    if len(results) == 1:
        assert _match(finals, "Q1R").status == "void"
    expected = w_side if advances == "winners" else l_side
    final = _match(finals, "F")
    assert expected in (final.slot_a, final.slot_b)
    other = l_side if advances == "winners" else w_side
    q2 = _match(finals, "Q2")
    et.brackets.record_winner(q2, q2.slot_a)
    db.session.commit()
    et.brackets.record_winner(final, expected)
    db.session.commit()
    assert _placement(finals, expected) == (1, 1)
    assert _placement(finals, other) == (3, 3)
