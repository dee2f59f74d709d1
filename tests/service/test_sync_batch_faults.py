"""A fault in one entry of a batch (after it changed its match) touches no other entry of the batch."""
from phone_entries import submit_many
from play_support import kachinuki_ops, member_ids, team_event

from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.services.matches import play


def test_a_fault_half_way_through_an_entry_is_its_own_rejection_and_is_rolled_back(app, desk_user, monkeypatch):
    _, first = team_event()
    _, second = team_event()
    broken_member = member_ids(second, "b")[0]
    ops = kachinuki_ops(second)[:3] + kachinuki_ops(first)[:3]
    real = play.apply_action

    def faulty(match, action, state=None):
        new = real(match, action, state)  # the match row has changed already
        if action.get("member_id") == broken_member:
            raise RuntimeError("a bug after the change")
        return new
    monkeypatch.setattr(play, "apply_action", faulty)

    outcomes = submit_many(ops, desk_user)

    assert [(o.outcome, o.code) for o in outcomes] == [("applied", None), ("applied", None),
                                                       ("rejected", "server.error")] + [("applied", None)] * 3
    db.session.expire_all()
    assert len(db.session.get(MatchRow, second.id).actions) == 2  # the faulty change was rolled back
    assert len(db.session.get(MatchRow, first.id).actions) == 3
    logged = [r.op_id for r in db.session.query(Operation).order_by(Operation.id)]
    assert logged == [op["op_id"] for op in ops]  # each entry logged once, in order
