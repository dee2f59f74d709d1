"""Every refusal happens before any change (play.apply_action): a refused match entry in a batch
without savepoints (submit.py's first strategy) leaves its match exactly as if it never came."""
import uuid

from phone_entries import submit_many
from play_support import kachinuki_ops, member_ids, team_event

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.operations import submit as pipeline


def _state(match) -> tuple:
    """The match's play, version and result, its members named by side and order (two events
    have different ids)."""
    row = db.session.get(MatchRow, match.id)
    seat = {m: f"{side}{n}" for side in "ab" for n, m in enumerate(member_ids(row, side))}
    actions = [{**a, "member_id": seat.get(a.get("member_id"))} for a in row.actions]
    return actions, row.version, row.status, row.winner_id == row.slot_a


def test_a_refused_match_entry_changes_nothing_without_a_savepoint(app, desk_user, monkeypatch):
    _, plain = team_event()
    _, refused = team_event()
    db.session.commit()
    nested = []
    real = db.session.begin_nested
    monkeypatch.setattr(db.session, "begin_nested", lambda: nested.append(1) or real())
    wrong_side = {"op_id": str(uuid.uuid4()), "device_id": "other-phone", "kind": "name_player",
                  "match_id": refused.id, "base_version": 1,
                  "payload": {"side": "b", "member_id": member_ids(refused, "a")[1], "position": 3}}
    ops = kachinuki_ops(refused)
    outcomes = submit_many(ops[:3] + [wrong_side] + ops[3:], desk_user)
    submit_many(kachinuki_ops(plain), desk_user)

    assert [o.outcome for o in outcomes].count("applied") == len(ops)
    assert outcomes[3].outcome == "rejected"
    assert nested == [] and pipeline.PG_SAVEPOINTS is False  # no savepoint caught the refusal
    db.session.expire_all()
    assert _state(refused) == _state(plain)
