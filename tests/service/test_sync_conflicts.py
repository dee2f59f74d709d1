"""Conflicts through operations: two phones disagree, the desk decides, the phones see it."""
import uuid

from phone_entries import submit
from play_support import member_ids, send, team_event

from webapp.extensions import db
from webapp.models import AuditEntry, Conflict, MatchRow, Operation
from webapp.operations.log import stored_outcome
from webapp.services.accounts import users as accounts


def _desk():
    user = accounts.create_user("desk1", "desk-pass-123", role="desk", display_name="本部")
    db.session.commit()
    return user


def _decide(match, op_id, decision, user, **extra):
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "resolve_conflict", "match_id": match.id,
          "payload": {"conflict_op": op_id, "decision": decision, **extra}}
    outcome = submit(op, user)
    db.session.expire_all()
    return outcome


def _outcome(op_id):
    return stored_outcome(db.session.query(Operation).filter_by(op_id=op_id).one())


def _two_coin_tosses(match):
    first = send(match, "coin_toss", device="p1", position=0, winner="a", choice="stage")
    same = send(match, "coin_toss", device="p2", position=0, base_version=1, winner="a", choice="stage")
    other = send(match, "coin_toss", device="p2", position=0, base_version=1, winner="b", choice="side", side_of_winner="1P")
    return first, same, other


def test_same_entry_confirms_different_entry_conflicts(app):
    _, match = team_event()
    first, same, other = _two_coin_tosses(match)
    assert (first.outcome, same.outcome, other.outcome) == ("applied", "confirmed", "conflict")
    conflict = db.session.query(Conflict).one()
    assert conflict.reason == "different_result" and conflict.status == "open"


def test_desk_keeps_recorded_version_and_the_loser_sees_it(app):
    user = _desk()
    _, match = team_event()
    first, _, other = _two_coin_tosses(match)
    assert _decide(match, other.op_id, "keep", user).outcome == "applied"
    lost = _outcome(other.op_id)
    assert (lost.outcome, lost.resolution, lost.lost) == ("conflict", "kept", True)
    assert _outcome(first.op_id).resolution is None
    assert db.session.query(Conflict).one().status == "kept"
    assert db.session.query(AuditEntry).filter_by(action="conflict.resolve").count() == 1


def test_desk_takes_conflicting_version_rebuilds_match(app):
    user = _desk()
    _, match = team_event()
    first, _, other = _two_coin_tosses(match)
    b = member_ids(match, "b")
    a = member_ids(match, "a")
    send(match, "name_player", side="a", member_id=a[0], blind=True, position=1)
    send(match, "name_player", side="b", member_id=b[0], blind=True, position=2)
    taken = _decide(match, other.op_id, "take", user)
    assert taken.outcome == "applied", taken
    row = db.session.get(MatchRow, match.id)
    assert row.actions[0]["winner"] == "b" and len(row.actions) == 3
    assert (_outcome(first.op_id).resolution, _outcome(first.op_id).lost) == ("taken", True)
    assert (_outcome(other.op_id).resolution, _outcome(other.op_id).lost) == ("taken", False)


def test_desk_enters_third_version_and_a_decided_conflict_stays_decided(app):
    user = _desk()
    _, match = team_event()
    _, _, other = _two_coin_tosses(match)
    outcome = _decide(match, other.op_id, "third", user, fields={"winner": "b", "choice": "stage"})
    assert outcome.outcome == "applied"
    row = db.session.get(MatchRow, match.id)
    assert (row.actions[0]["winner"], row.actions[0]["choice"]) == ("b", "stage")
    again = _decide(match, other.op_id, "keep", user)
    assert (again.outcome, again.code) == ("rejected", "conflict.closed")


def test_a_third_version_that_breaks_a_rule_is_refused(app):
    user = _desk()
    _, match = team_event()
    _, _, other = _two_coin_tosses(match)
    outcome = _decide(match, other.op_id, "third", user, fields={"winner": "x", "choice": "stage"})
    assert outcome.outcome == "rejected"
    assert db.session.query(Conflict).one().status == "open"


def test_staff_cannot_decide_or_use_desk_kinds(app):
    _, match = team_event()
    staff = accounts.create_user("ref", "ref-pass-123", role="staff")
    db.session.commit()
    outcome = send(match, "record_winner", user=staff, winner=match.slot_a)
    assert (outcome.outcome, outcome.code) == ("rejected", "op.desk_only")


def test_desk_results_and_corrections_are_operations(app):
    user = _desk()
    event, _ = team_event(teams=4, match_type="best_of")
    semis = [m for m in event.phases[0].brackets[0].matches if m.status == "ready"]
    for semi in semis:
        assert send(semi, "record_winner", user=user, winner=semi.slot_a).outcome == "applied"
    final = next(m for m in event.phases[0].brackets[0].matches if m.round == 2 and m.side == "W")
    db.session.refresh(final)
    stale_base = final.version
    assert send(semis[0], "record_winner", user=user, winner=semis[0].slot_a).outcome == "confirmed"
    assert send(semis[0], "record_winner", user=user, winner=semis[0].slot_b).outcome == "conflict"
    fixed = send(semis[0], "correct_result", user=user, winner=semis[0].slot_b, reason="typo")
    assert fixed.outcome == "applied"
    late = send(final, "coin_toss", base_version=stale_base, winner="a", choice="stage")
    assert (late.outcome, late.code) == ("conflict", "conflict.participants_changed")
