"""DQ, its undo, withdrawal and its undo are entries of the operation log (I4): the export
replays them into an empty database and the brackets and entrants come out the same."""
import pytest
from play_support import send, team_event
from replay_support import empty_app  # noqa: F401 - the fixture

from webapp.extensions import db
from webapp.models import Entrant, MatchRow, Operation
from webapp.operations import export as oplog
from webapp.operations.desk import submit_change
from webapp.services import ServiceError
from webapp.services.accounts import users as accounts
from webapp.services.decisions import disqualifications
from webapp.views.entry_labels import entry_kind_label


def _semis(event):
    return sorted((m for m in event.phases[0].brackets[0].matches if m.status == "ready"), key=lambda m: m.id)


def _change(kind, entrant_id, desk, reason=""):
    submit_change(kind, db.session.get(Entrant, entrant_id), desk, reason)
    db.session.expire_all()


def _standing():
    return sorted((e.id, e.dq, bool((e.info or {}).get("withdrawn"))) for e in db.session.query(Entrant))


def test_dq_undo_and_withdrawal_are_logged_and_replay_to_the_same_brackets(app, empty_app, tmp_path):  # noqa: F811
    desk = accounts.create_user("desk1", "desk-pass-123", role="desk")
    event, _ = team_event(teams=4)
    db.session.commit()
    first, second = _semis(event)
    first_id, second_id, a, b = first.id, second.id, second.slot_a, second.slot_b
    _change("disqualify", a, desk, "unsporting conduct")
    assert db.session.get(MatchRow, second_id).walkover
    _change("undo_dq", a, desk)
    assert db.session.get(MatchRow, second_id).status == "ready"
    _change("withdraw", b, desk)
    assert db.session.get(MatchRow, second_id).winner_id == a
    first = db.session.get(MatchRow, first_id)
    assert send(first, "record_winner", user=desk, winner=first.slot_a).outcome == "applied"
    _change("disqualify", db.session.get(MatchRow, first_id).winner_id, desk, "late again")
    kinds = [o.kind for o in db.session.query(Operation).order_by(Operation.id)]
    assert [k for k in kinds if k in disqualifications.KINDS] == ["disqualify", "undo_dq", "withdraw", "disqualify"]
    assert {o.event_id for o in db.session.query(Operation).filter(Operation.kind.in_(disqualifications.KINDS))} \
        == {event.id}
    path = str(tmp_path / "log.jsonl")
    oplog.export(path)
    before, standing = oplog.snapshot(), _standing()
    with empty_app.app_context():
        oplog.replay(path)
        db.session.expire_all()
        assert oplog.snapshot() == before
        assert _standing() == standing
        db.session.remove()


def test_undo_withdraw_replays_from_a_withdrawal_made_before_the_log_knew_it(app, empty_app, tmp_path):  # noqa: F811
    """A withdrawal made outside the log (before this change): the set-up keeps it, the logged undo replays."""
    from webapp.services.entrants import entrant_edits

    desk = accounts.create_user("desk1", "desk-pass-123", role="desk")
    event, _ = team_event(teams=4)
    db.session.commit()
    second = _semis(event)[1]
    entrant_edits.withdraw(db.session.get(Entrant, second.slot_b), desk)
    db.session.commit()
    _change("undo_withdraw", second.slot_b, desk)
    path = str(tmp_path / "log.jsonl")
    oplog.export(path)
    before, standing = oplog.snapshot(), _standing()
    with empty_app.app_context():
        oplog.replay(path)
        db.session.expire_all()
        assert oplog.snapshot() == before
        assert _standing() == standing
        db.session.remove()


def test_a_refused_dq_change_is_logged_and_raised_with_its_reason(app):
    desk = accounts.create_user("desk1", "desk-pass-123", role="desk")
    event, _ = team_event(teams=4)
    db.session.commit()
    entrant = db.session.get(Entrant, _semis(event)[0].slot_a)
    with pytest.raises(ServiceError) as refused:
        submit_change("undo_dq", entrant, desk)
    assert refused.value.code == "dq.not_disqualified"
    with pytest.raises(ServiceError, match="reason"):
        submit_change("disqualify", entrant, desk, " ")
    assert [o.outcome for o in db.session.query(Operation)] == ["rejected", "rejected"]


def test_staff_may_not_disqualify(app):
    desk = accounts.create_user("desk1", "desk-pass-123", role="desk")
    event, _ = team_event(teams=4)
    staff = accounts.create_user("staff1", "staff-pass-123", role="staff")
    staff.event_id = event.id
    db.session.commit()
    entrant = db.session.get(Entrant, _semis(event)[0].slot_a)
    with pytest.raises(ServiceError) as refused:
        submit_change("disqualify", entrant, staff, "no")
    assert refused.value.code == "op.desk_only"
    assert not db.session.get(Entrant, entrant.id).dq and desk


def test_the_entries_have_labels_in_words(app):
    with app.test_request_context("/?lang=ja"):
        labels = {kind: entry_kind_label(kind) for kind in disqualifications.KINDS}
        assert entry_kind_label("no such kind") not in labels.values()
    assert labels == {"disqualify": "失格", "undo_dq": "失格の取り消し", "withdraw": "棄権",
                      "undo_withdraw": "棄権の取り消し"}
