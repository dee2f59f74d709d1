"""Replay: 20 threads re-send overlapping slices of a 500-entry mixed log; I1–I3 are checked.

The production server (as bench/sync.py runs it: gunicorn, its own processes) on a new SQLite
file or on the PostgreSQL database given by --database (emptied first: give a scratch one).
The log is made by phones at 5on5 kachinuki matches, each entry with the step its phone put
it at: plain matches; twins from a second phone (the same entries: confirmed); a rival phone
with a different game 1 (a conflict, and whichever arrives second follows a refused entry);
a phone whose game 2 breaks a rule (refused), its later entries made after it, then the
corrected game 2 resent. Twenty threads each send their own overlapping slices of the
phones' outboxes, shuffled (any delivery order, resends, early arrivals), in batches. Then
every phone sends its whole outbox once more, as a phone does until every entry has an answer.

Checked from the database afterwards (the invariants are in webapp/operations/__init__.py):
- applied at another step (I2): an applied entry whose step in its match holds another action;
- lost (I3): an entry sent that has no final outcome (no log row, or still held though every
  entry of its phone was delivered);
- doubled (I3): a log row twice for one op_id, or a match whose recorded steps are not the
  applied entries once each; an entry that got two different final answers.
The last line is: applied at another step: N, lost: N, doubled: N.
Run from the repo root: .venv/bin/python bench/replay.py [--database postgresql://…/scratch]
"""
import argparse
import random
import re
import sys
import tempfile
import threading
import uuid
from collections import Counter
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

from play_support import member_ids, team_event  # noqa: E402

from bench.record import command_line, record  # noqa: E402
from bench.sync import _free_port, _wait_until_up, prepare, serve  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow, Operation  # noqa: E402
from webapp.operations.decide import same_action  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402

ENTRIES, THREADS, BATCH = 500, 20, 10
FINAL_OUTCOMES = ("applied", "confirmed", "conflict", "rejected")


def _kachinuki(match, game_two=None) -> list[tuple]:
    """A 5-0 for side a as (kind, payload) steps; game 2 replaced when given."""
    a, b = member_ids(match, "a"), member_ids(match, "b")
    steps = [("coin_toss", {"winner": "a", "choice": "stage"}),
             ("name_player", {"side": "a", "member_id": a[0]}), ("name_player", {"side": "b", "member_id": b[0]})]
    for n in range(5):
        steps.append(("report_game", {"winner": "a", "rounds_a": 3, "rounds_b": n % 3}))
        if n < 4:
            steps.append(("name_player", {"side": "b", "member_id": b[n + 1]}))
    if game_two is not None:
        steps[5] = ("report_game", game_two)
    return steps


def _ops(match, device, steps, first=0) -> list[dict]:
    return [{"op_id": str(uuid.uuid4()), "device_id": device, "seq": 0, "kind": kind, "match_id": match.id,
             "base_version": 1, "payload": {**payload, "position": first + i}}
            for i, (kind, payload) in enumerate(steps)]


def _match_log(match, style: int) -> dict[str, list[dict]]:
    """Each phone's outbox for one match, in the order its referee tapped."""
    name = f"m{match.id}"
    if style == 1:   # a second phone at the same station enters the same match
        steps = _kachinuki(match)
        return {f"{name}-a": _ops(match, f"{name}-a", steps), f"{name}-b": _ops(match, f"{name}-b", steps)}
    if style == 2:   # a rival phone enters a different game 1 and what follows it
        rival = _kachinuki(match)
        rival[3] = ("report_game", {"winner": "b", "rounds_a": 1, "rounds_b": 3})
        return {f"{name}-a": _ops(match, f"{name}-a", _kachinuki(match)),
                f"{name}-b": _ops(match, f"{name}-b", rival[:5])}
    if style == 3:   # game 2 breaks a rule; the phone goes on, then resends it corrected
        bad = _kachinuki(match, {"winner": "a", "rounds_a": 2, "rounds_b": 0})
        ops = _ops(match, f"{name}-a", bad[:8])
        ops += _ops(match, f"{name}-a", [_kachinuki(match)[5]], first=5)
        return {f"{name}-a": ops}
    return {f"{name}-a": _ops(match, f"{name}-a", _kachinuki(match))}


def build(app) -> dict[str, list[dict]]:
    """Phones' outboxes over enough 8-team kachinuki events for ENTRIES entries."""
    phones: dict[str, list[dict]] = {}
    count, style = 0, 0
    with app.app_context():
        accounts.create_user("bench", "bench-pass-123", role="desk")
        db.session.commit()
        while count < ENTRIES:
            event, _ = team_event(teams=8)
            for match in [m for m in event.phases[0].brackets[0].matches if m.status == "ready"]:
                for device, ops in _match_log(match, style % 4).items():
                    phones[device] = ops
                    count += len(ops)
                style += 1
                if count >= ENTRIES:
                    break
    seq = 0
    for ops in phones.values():
        for op in ops:
            seq += 1
            op["seq"] = seq
    return phones


def _slices(phones: dict, rng: random.Random) -> list[tuple[str, list[dict]]]:
    """One thread's overlapping slices: stretches of some phones' outboxes, shuffled a little."""
    out = []
    for device in rng.sample(sorted(phones), k=max(1, len(phones) // 4)):
        ops = phones[device]
        start = rng.randrange(len(ops))
        chunk = ops[start:start + rng.randint(3, 12)]
        if rng.random() < 0.5:
            rng.shuffle(chunk)        # delivered in another order than tapped
        out.append((device, chunk))
    return out


def _send(session, url, device, ops, answers, lock):
    for i in range(0, len(ops), BATCH):
        batch = ops[i:i + BATCH]
        for _ in range(20):
            reply = session.post(f"{url}/sync/ops", json={"device_id": device, "ops": batch})
            if reply.status_code != 503:  # busy: the phone retries
                break
        reply.raise_for_status()
        with lock:
            for op, result in zip(batch, reply.json()["results"], strict=True):
                answers.setdefault(op["op_id"], []).append(result["outcome"])


def replay(url, cookies, phones) -> dict[str, list[str]]:
    answers, lock, errors = {}, threading.Lock(), []

    def worker(n):
        try:
            session = requests.Session()
            session.cookies.update(cookies)
            for device, ops in _slices(phones, random.Random(n)):
                _send(session, url, device, ops, answers, lock)
        except Exception as problem:  # noqa: BLE001 - reported below
            errors.append(problem)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise SystemExit(f"a thread failed: {errors[0]!r}")
    session = requests.Session()
    session.cookies.update(cookies)
    for device, ops in phones.items():  # each phone sends its outbox until every entry is answered
        _send(session, url, device, ops, answers, lock)
    return answers


def check(app, phones, answers) -> dict:
    """Outcome counts and the three failure counts, read from the database."""
    sent = {op["op_id"]: op for ops in phones.values() for op in ops}
    with app.app_context():
        rows = db.session.query(Operation).all()
        by_id = Counter(r.op_id for r in rows)
        final = {r.op_id: r for r in rows}
        counts = Counter(r.outcome for r in rows)
        elsewhere = doubled = 0
        for match in db.session.query(MatchRow).filter(MatchRow.id.in_({op["match_id"] for op in sent.values()})):
            applied = [r for r in rows if r.match_id == match.id and r.outcome == "applied"]
            steps = sorted(int(r.payload["position"]) for r in applied)
            doubled += steps != list(range(len(match.actions or [])))
            for r in applied:
                at = int(r.payload["position"])
                action = {"kind": r.kind, **{k: v for k, v in r.payload.items() if k != "position"}}
                elsewhere += at >= len(match.actions or []) or not same_action(match.actions[at], action)
    doubled += sum(1 for n in by_id.values() if n > 1)
    doubled += sum(1 for said in answers.values() if len([a for a in said if a in FINAL_OUTCOMES]) > 1)
    lost = sum(1 for op_id in sent if op_id not in final or final[op_id].outcome == "held")
    return {"outcomes": dict(counts), "elsewhere": elsewhere, "lost": lost, "doubled": doubled,
            "answers": sum(len(a) for a in answers.values())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="a scratch PostgreSQL URL (emptied!); default: a new SQLite file")
    args = parser.parse_args()
    url = args.database or f"sqlite:///{Path(tempfile.mkdtemp()) / 'replay.sqlite3'}"
    url = re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", url)
    app = prepare(url)
    phones = build(app)
    with app.app_context():
        name = db.engine.dialect.name
        db.engine.dispose()
    port = _free_port()
    server = serve(url, port)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base)
        login = requests.Session()
        login.post(f"{base}/login", data={"username": "bench", "password": "bench-pass-123"}, allow_redirects=False)
        answers = replay(base, login.cookies, phones)
    finally:
        server.terminate()
        server.wait(10)
    result = check(app, phones, answers)
    entries = sum(len(ops) for ops in phones.values())
    print(f"replay ({name}): {entries} entries from {len(phones)} phones, {THREADS} threads, "
          f"{result['answers']} answers")
    print(f"outcomes: {result['outcomes']}")
    print(f"applied at another step: {result['elsewhere']}, lost: {result['lost']}, doubled: {result['doubled']}")
    record(f"replay ({name})", command_line("replay.py"),
           f"{result['elsewhere']} applied at another step, {result['lost']} lost, {result['doubled']} doubled "
           f"({entries} entries, {THREADS} threads)", "0, 0, 0",
           result["elsewhere"] == result["lost"] == result["doubled"] == 0)


if __name__ == "__main__":
    main()
