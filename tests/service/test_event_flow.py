"""Events, entrants, phases and results through the service layer, on a real database."""
import pytest

from webapp.extensions import db
from webapp.models import Entrant, MatchRow
from webapp.services import ServiceError
from webapp.services.entrants import entrant_import
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events
from webapp.tournament.errors import BracketError


def _event_with(n: int, fmt="double_elimination", **options):
    event = events.create_event("テスト大会", "kgp2025")
    rows = [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, n + 1)]
    entrants.add_entrants(event, rows)
    phase = events.add_phase(event, "本戦", fmt, **options)
    db.session.commit()
    return event, phase


def _play_chalk(phase):
    seeds = {e.id: e.seed for e in db.session.query(Entrant)}
    while True:
        ready = [m for b in phase.brackets for m in b.matches if m.status == "ready"]
        if not ready:
            return
        match = ready[0]
        best = min((match.slot_a, match.slot_b), key=lambda e: seeds[e])
        brackets.record_winner(match, best)
        db.session.commit()


def test_double_elimination_played_out_gives_seed_placements(app):
    event, phase = _event_with(8, grand_final="reset")
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    _play_chalk(phase)
    assert phase.status == "done"
    places = brackets.placements(phase.brackets[0])
    by_name = {db.session.get(Entrant, p.entrant_id).name: (p.rank, p.rank_to) for p in places}
    assert by_name["選手1"] == (1, 1)
    assert by_name["選手2"] == (2, 2)
    assert by_name["選手3"] == (3, 3)


def test_result_for_a_match_not_ready_is_refused_and_nothing_saved(app):
    event, phase = _event_with(8)
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    pending = next(m for m in phase.brackets[0].matches if m.status == "pending")
    version = pending.version
    with pytest.raises(BracketError) as info:
        brackets.record_winner(pending, event.entrants[0].id)
    db.session.rollback()
    assert info.value.code == "bracket.match_not_ready"
    assert db.session.get(MatchRow, pending.id).version == version


def test_duplicate_names_and_bad_seeds_are_refused_whole(app):
    event, _ = _event_with(3)
    with pytest.raises(ServiceError) as info:
        entrants.add_entrants(event, [{"name": "新人", "seed": None, "members": []},
                                      {"name": "選手1", "seed": None, "members": []}])
    assert info.value.code == "entrants.duplicate"
    with pytest.raises(ServiceError) as info:
        entrants.add_entrants(event, [{"name": "新人", "seed": 9, "members": []}])
    assert info.value.code == "entrants.seed_range"
    db.session.rollback()
    assert db.session.query(Entrant).count() == 3


def test_shift_jis_csv_with_japanese_names(app):
    text = entrants.decode_csv("名前,シード\nさくら,2\nＴＡＲＯ,1\n".encode("cp932"))
    rows = entrant_import.sheet_rows(text, 1)
    assert [(r["name"], r["seed"]) for r in rows] == [("さくら", 2), ("TARO", 1)]


def test_correction_reopens_downstream(app):
    event, phase = _event_with(4, fmt="single_elimination")
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    first = next(m for m in phase.brackets[0].matches if m.status == "ready")
    loser = first.slot_b
    brackets.record_winner(first, first.slot_a)
    db.session.commit()
    correction = brackets.correct_winner(first, loser, reason="審判の判断")
    db.session.commit()
    final = next(m for m in phase.brackets[0].matches if m.key in correction.reopened)
    assert loser in (final.slot_a, final.slot_b)


def test_disqualified_entrant_gives_walkovers_now_and_later(app):
    event, phase = _event_with(4, fmt="single_elimination")
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    dq = next(e for e in event.entrants if e.seed == 4)
    with pytest.raises(ServiceError):
        brackets.disqualify(dq, reason=" ")
    brackets.disqualify(dq, reason="無断欠席")
    db.session.commit()
    first = next(m for m in phase.brackets[0].matches if dq.id in (m.slot_a, m.slot_b))
    assert first.status == "done" and first.walkover and first.winner_id != dq.id
