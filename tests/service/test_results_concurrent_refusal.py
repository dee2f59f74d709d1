"""I2 on the retry path: an entry refused by a concurrent request settles its held follower at once."""
import uuid

from phone_entries import submit
from play_support import team_event

from webapp.extensions import db
from webapp.models import Operation
from webapp.operations import log
from webapp.operations.log import Outcome
from webapp.operations.submit import _own_transaction
from webapp.services.entries.entry import Entry


def _op(match, position, **payload):
    return Entry.from_wire({"op_id": str(uuid.uuid4()), "device_id": "phone-1", "seq": position + 1,
                            "kind": "report_game", "match_id": match.id, "base_version": match.version,
                            "payload": {**payload, "position": position}})


def test_a_follower_held_behind_an_entry_a_concurrent_request_refused_is_a_conflict_at_once(app, monkeypatch):
    event, _ = team_event(teams=2)
    db.session.commit()
    match = event.phases[0].brackets[0].matches[0]
    first, second = (_op(match, at, winner="a", rounds_a=3, rounds_b=0) for at in (0, 1))
    assert submit(second, None).outcome == "held"
    # The concurrent request: it refused `first` and committed before our follower was visible to it.
    log.record(first, None, Outcome(first.op_id, "rejected", "play.no_toss", "No toss yet.", {}), None)
    db.session.commit()
    real, calls = log.replayed, []

    def not_yet(op):  # our look-up ran before the concurrent commit: our insert then collides
        calls.append(op.op_id)
        return None if len(calls) == 1 else real(op)
    monkeypatch.setattr(log, "replayed", not_yet)
    assert _own_transaction(first, None).outcome == "duplicate"  # noqa: SLF001 - the retry path
    db.session.expire_all()
    row = db.session.query(Operation).filter_by(op_id=second.op_id).one()
    assert (row.outcome, row.code) == ("conflict", "conflict.follows_refused")
