"""Benchmark: a 10,000-entrant event entered from sheets, as the desk does it.

One import takes at most MAX_IMPORT_ROWS rows (docs/running-an-event.md), so the desk imports the sheet in
parts: each part is read (header 名前,ふりがな,シード), compared with everyone already entered
(the preview's duplicate check) and added in one change, then committed — the path of the
desk's 取り込む button (`entrant_import.plan` + `apply`), in process, without HTTP.
The last line is the figure; target: 10,000 entrants in ≤ 5 s.
Run from the repo root: .venv/bin/python bench/import_entrants.py [--entrants N] [--database URL]
"""
import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.record import command_line, record  # noqa: E402

KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねの"


def sheet(first: int, count: int) -> str:
    """A part of the sheet: kanji names with their readings, seeded in order."""
    lines = ["名前,ふりがな,シード"]
    for n in range(first, first + count):
        reading = "".join(KANA[int(d) + 10 * (i % 2)] for i, d in enumerate(f"{n:05d}"))
        lines.append(f"山田{n:05d},やまだ{reading},{n}")
    return "\n".join(lines)


def run(total: int, database: str) -> list[float]:
    """Seconds per part, the whole event entered."""
    os.environ["DATABASE_URL"] = database
    from flask_migrate import upgrade

    from webapp import create_app
    from webapp.extensions import db
    from webapp.services.entrants import entrant_import
    from webapp.services.setup import events

    app = create_app({"SECRET_KEY": "bench"})
    part = entrant_import.MAX_IMPORT_ROWS - entrant_import.MAX_IMPORT_ROWS % 1000 or 1000
    times = []
    with app.app_context():
        upgrade()
        event = events.create_event(f"取り込み試験 {int(time.time())}", "kgp2025")
        db.session.commit()
        for first in range(1, total + 1, part):
            started = time.perf_counter()
            plan = entrant_import.plan(event, sheet(first, min(part, total - first + 1)))
            entrant_import.apply(event, plan)
            db.session.commit()
            times.append(time.perf_counter() - started)
        assert len(event.entrants) == total
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=10_000)
    parser.add_argument("--database", help="a database URL (default: a new SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        times = run(args.entrants, args.database or f"sqlite:///{folder}/bench.db")
    print(f"parts of {args.entrants // len(times)}: first {times[0]:.2f} s, last {times[-1]:.2f} s "
          f"(load average {os.getloadavg()[0]:.1f})")
    print(f"import: {args.entrants:,} entrants in {len(times)} parts, {sum(times):.2f} s (target ≤ 5 s)")
    record(f"import_entrants {args.entrants:,}", command_line("import_entrants.py"),
           f"{sum(times):.2f} s in {len(times)} parts", "≤ 5 s for 10,000" if args.entrants == 10_000 else "—",
           sum(times) <= 5 if args.entrants == 10_000 else None)


if __name__ == "__main__":
    main()
