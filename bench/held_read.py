"""Benchmark: the read every sync batch starts with (operations/held.new_batch), as refusals pile up.

A venue laptop that keeps a year of weeklies, or one long day with many refused entries, holds
thousands of refused entries in its log. Every batch reads, under the write lock, which matches have
held entries and which phones had an entry refused in the matches it may decide: that read must not
grow with the refusals of other matches (it did: it read every refused entry of the database).

The log is filled with --refusals refused entries (rejected and conflict, 40 phones, each on its own
match) beside one held entry; then new_batch is timed for a batch of ten matches (median of 5 rounds
of 200 reads) with no refusals and with all of them. SQLite by default; --database URL for
PostgreSQL (emptied first: give a scratch one).
Last line: held read: R refusals (db): X ms per batch with none, Y ms with R
"""
import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.record import command_line, record  # noqa: E402
from bench.sync import prepare  # noqa: E402

TARGET_MS = 1.0  # a batch's whole budget is ~10 ms: this read must stay a small, flat part of it


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refusals", type=int, default=10_000)
    parser.add_argument("--database", help="a scratch PostgreSQL URL (emptied)")
    args = parser.parse_args(argv)
    app = prepare(args.database or f"sqlite:///{tempfile.mkdtemp()}/held.sqlite3")
    with app.app_context():
        _log([("held", "phone-held", 1)])
        empty = timed()
        _log([("rejected" if n % 2 else "conflict", f"phone-{n % 40}", 1000 + n) for n in range(args.refusals)])
        full = timed()
        kind = "postgresql" if args.database else "sqlite"
    print(f"held read: {args.refusals} refusals ({kind}): {empty:.2f} ms per batch with none, "
          f"{full:.2f} ms with {args.refusals}")
    record(f"held_read {args.refusals} refusals ({kind})", command_line("held_read.py", argv),
           f"{full:.2f} ms per batch ({empty:.2f} ms with none)", f"≤ {TARGET_MS} ms per batch",
           full <= TARGET_MS)


def _log(rows: list[tuple]) -> None:
    from webapp.extensions import db
    from webapp.models import Operation

    db.session.execute(Operation.__table__.insert(), [
        {"op_id": f"held-bench-{outcome}-{device}-{match}", "device_id": device, "seq": n, "kind": "report_game",
         "match_id": match, "outcome": outcome, "payload": {}, "params": {}}
        for n, (outcome, device, match) in enumerate(rows)])
    db.session.commit()


def timed() -> float:
    """Median ms of one read, for a batch of ten matches (each round inside one transaction, as a batch)."""
    from webapp.extensions import db
    from webapp.operations import held

    rounds = []
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(200):
            held.new_batch(matches=range(1, 11))
        rounds.append((time.perf_counter() - started) * 1000 / 200)
        db.session.rollback()
    return statistics.median(rounds)


if __name__ == "__main__":
    main()
