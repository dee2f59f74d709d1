"""Self-report (issue 30): a player's games wait for the opponent, and staff entries outrank them."""
import uuid
from datetime import datetime, timedelta, timezone

import pytest
from play_support import send, team_event

from webapp.extensions import db
from webapp.models import MatchRow, Operation, PlayerReport
from webapp.services import ServiceError
from webapp.services.players import report_clock, self_report
from webapp.tournament.errors import RuleViolation


def _event(on=True, minutes=""):
    event, match = team_event("best_of", "kgp2025", teams=4, size=1)
    desk = type("Desk", (), {"is_desk": True, "id": None})()
    self_report.save_settings(event, on, minutes, desk)
    db.session.commit()
    return event, match


def _game(match, who, winner, op_id=None, **extra):
    rounds = {"rounds_a": 2, "rounds_b": 0} if winner == "a" else {"rounds_a": 0, "rounds_b": 2}
    report = self_report.add_entry(db.session.get(MatchRow, match.id), who, op_id or str(uuid.uuid4()),
                                   "report_game", {"winner": winner, **rounds, "char_a": "テリー", "char_b": "舞", **extra})
    db.session.commit()
    return report


def _report_two_nil(match, who=None):
    who = who or match.slot_a
    _game(match, who, "a")
    return _game(match, who, "a")


def test_a_report_waits_for_the_opponent_and_does_not_advance_the_bracket(app):
    _, match = _event()
    report = _report_two_nil(match)
    row = db.session.get(MatchRow, match.id)
    assert report.status == "waiting" and row.status == "ready" and not row.actions


def test_the_opponent_confirms_and_the_entries_are_the_players(app):
    _, match = _event()
    report = _report_two_nil(match)
    row = db.session.get(MatchRow, match.id)
    self_report.check_confirmer(self_report.live_report(row), row, row.slot_b)
    self_report.apply_report(report.id, "opponent")
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == row.slot_a
    devices = {op.device_id for op in db.session.query(Operation).filter_by(match_id=match.id)}
    assert devices == {f"player-{row.slot_a}"}
    assert db.session.get(PlayerReport, report.id).decided_by == "opponent"


def test_only_the_opponent_confirms_and_only_players_of_the_match_report(app):
    event, match = _event()
    row = db.session.get(MatchRow, match.id)
    stranger = next(e.id for e in event.entrants if e.id not in (row.slot_a, row.slot_b))
    with pytest.raises(ServiceError, match="only your own match"):
        _game(match, stranger, "a")
    _report_two_nil(match)
    with pytest.raises(ServiceError) as own:
        self_report.check_confirmer(self_report.live_report(row), row, row.slot_a)
    assert own.value.code == "report.own"
    with pytest.raises(ServiceError) as other:
        _game(match, row.slot_b, "b")
    assert other.value.code == "report.opponent_reported"


def test_the_same_rules_refuse_a_players_entry(app):
    _, match = _event()
    _game(match, match.slot_a, "a")
    with pytest.raises(RuleViolation) as refused:
        _game(match, match.slot_a, "b", char_a="ロック")  # KGP: the winner keeps their character
    assert refused.value.code == "kgp.winner_changed_character"
    assert len(self_report.live_report(db.session.get(MatchRow, match.id)).entries) == 1


def test_a_resend_is_kept_once(app):
    _, match = _event()
    _game(match, match.slot_a, "a", op_id="resend-0001")
    report = _game(match, match.slot_a, "a", op_id="resend-0001")
    assert len(report.entries) == 1


def test_a_referee_entry_replaces_an_unconfirmed_report_and_refuses_a_later_one(app):
    _, match = _event()
    report = _report_two_nil(match)
    assert send(match, "report_game", winner="b", rounds_a=1, rounds_b=2, char_a="テリー", char_b="舞").outcome == "applied"  # the referee's first game
    row = db.session.get(MatchRow, match.id)
    assert self_report.live_report(row) is None
    self_report.retire_outranked(row)
    assert db.session.get(PlayerReport, report.id).status == "replaced"
    with pytest.raises(ServiceError) as later:
        _game(match, match.slot_b, "b")
    assert later.value.code == "report.referee"


def test_a_dispute_waits_for_the_desk_which_applies_or_discards(app):
    event, match = _event()
    report = _report_two_nil(match)
    row = db.session.get(MatchRow, match.id)
    self_report.dispute(row, row.slot_b, "2-1 for me")
    db.session.commit()
    assert [r.id for r in self_report.event_reports(event, ("disputed",))] == [report.id]
    referee = type("Referee", (), {"is_desk": False, "is_authenticated": True, "id": None})()
    for decide in (lambda: self_report.discard(report.id, referee),
                   lambda: self_report.apply_report(report.id, "desk", referee)):
        with pytest.raises(ServiceError):
            decide()  # the desk's decision, refused to anyone else in the service itself
    desk = type("Desk", (), {"is_desk": True, "id": None})()
    self_report.discard(report.id, desk)
    db.session.commit()
    assert self_report.live_report(row) is None and not db.session.get(MatchRow, match.id).actions


def test_an_unconfirmed_report_is_confirmed_by_the_event_clock_or_never(app):
    event, match = _event(minutes="5")
    _report_two_nil(match)
    soon, later = (datetime.now(timezone.utc) + timedelta(minutes=m) for m in (1, 6))
    assert report_clock.sweep(soon) == 0
    assert report_clock.sweep(later) == 1
    assert db.session.get(MatchRow, match.id).status == "done"


def test_never_means_never_and_off_means_refused(app):
    event, match = _event(minutes="")
    _report_two_nil(match)
    assert report_clock.sweep(datetime.now(timezone.utc) + timedelta(days=1)) == 0
    other, second = _event(on=False)
    with pytest.raises(ServiceError) as off:
        _game(second, second.slot_a, "a")
    assert off.value.code == "report.off"


def test_the_desk_setting_is_checked(app):
    event, _ = _event()
    desk = type("Desk", (), {"is_desk": True, "id": None})()
    with pytest.raises(ServiceError):
        self_report.save_settings(event, True, "0", desk)
    with pytest.raises(ServiceError):
        self_report.save_settings(event, True, "5", type("Staff", (), {"is_desk": False})())


def test_the_desk_sees_a_players_entry_under_the_players_name(app):
    from webapp.models import Entrant
    from webapp.services.decisions import conflicts

    event, match = _event()
    name = db.session.get(Entrant, match.slot_a).name
    assert conflicts._player(f"player-{match.slot_a}") == name  # noqa: SLF001
    assert conflicts._player("phone-1") == "—"  # noqa: SLF001
