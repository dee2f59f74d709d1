"""20 threads replay overlapping batches with duplicates and conflicts: each op applied at most once,
every one answered, and the final state equals a serial replay of the log."""
import random
import threading
import uuid

from phone_entries import submit_many
from play_support import member_ids, team_event

from webapp import create_app
from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.operations import export as oplog


def _ops_for(match) -> list[dict]:
    a, b = member_ids(match, "a"), member_ids(match, "b")
    entries = [("p1", "coin_toss", {"winner": "a", "choice": "stage", "position": 0}),
               ("p2", "coin_toss", {"winner": "b", "choice": "side", "side_of_winner": "1P", "position": 0}),
               ("p1", "name_player", {"side": "a", "member_id": a[0], "position": 1}),
               ("p2", "name_player", {"side": "a", "member_id": a[0], "position": 1}),
               ("p1", "name_player", {"side": "b", "member_id": b[0], "position": 2}),
               ("p2", "name_player", {"side": "b", "member_id": b[1], "position": 2})]
    return [{"op_id": str(uuid.uuid4()), "device_id": device, "seq": i, "kind": kind, "match_id": match.id,
             "base_version": 1, "payload": payload} for i, (device, kind, payload) in enumerate(entries)]


def _worker(app, batches, answers, errors):
    try:
        with app.app_context():
            for batch in batches:
                outcomes = submit_many(batch, None)
                answers.extend(zip([op["op_id"] for op in batch], [o.outcome for o in outcomes], strict=True))
            db.session.remove()
    except Exception as problem:  # noqa: BLE001 - reported by the test
        errors.append(problem)


def _batches(ops, rng):
    chosen = sorted(rng.sample(range(len(ops)), k=len(ops) // 2)) + [rng.randrange(len(ops))]
    picked = [ops[i] for i in chosen]
    return [picked[i:i + 4] for i in range(0, len(picked), 4)]


def test_twenty_threads_overlapping_batches(app, tmp_path):
    event, _ = team_event(teams=8)
    ready = [m for m in event.phases[0].brackets[0].matches if m.status == "ready"]
    ops = [op for match in ready for op in _ops_for(match)]
    rng = random.Random(5)
    answers, errors = [], []
    threads = [threading.Thread(target=_worker, args=(app, _batches(ops, rng), answers, errors)) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors
    db.session.rollback()  # end this thread's read snapshot
    rows = db.session.query(Operation).all()
    sent = {op_id for op_id, _ in answers}
    assert {r.op_id for r in rows} == sent and len(rows) == len(sent)  # one row per op, each answered
    # I3: at most one final answer per op; exactly one unless it was held (a held entry sent
    # again may answer "held" again, and its final outcome is then on the log and /sync/outcomes)
    answered: dict = {}
    for op_id, outcome in answers:
        answered.setdefault(op_id, []).append(outcome)
    for outcomes in answered.values():
        finals = [o for o in outcomes if o not in ("duplicate", "held")]
        assert len(finals) <= 1 and (finals or "held" in outcomes)
    for match in ready:
        row = db.session.get(MatchRow, match.id)
        applied = [r for r in rows if r.match_id == match.id and r.outcome == "applied"]
        assert len(row.actions) == len(applied)
    _assert_serial_replay_equal(tmp_path)


def _assert_serial_replay_equal(tmp_path):
    from flask_migrate import upgrade

    path = str(tmp_path / "log.jsonl")
    oplog.export(path)
    before = oplog.snapshot()
    other = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'serial.sqlite3'}"})
    with other.app_context():
        upgrade()
        oplog.replay(path, batch=1)
        db.session.expire_all()
        assert oplog.snapshot() == before
        db.session.remove()

