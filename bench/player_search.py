"""Benchmark: a player's history page asked for a name nobody has (issue 35.9), with ~50,000 stored
entrants across 500 events — the worst case for the search, which used to read every entrant and
member of every event in Python (0.27 s at 50,000). Now the folded name's and reading's indexes answer.

Entrants are written straight into a new database (the keys filled as every write fills them); the
page's two reads — history(name) and suggestions(name) — are timed in process, the median of 20.
The last line is the figure; target: ≤ 20 ms.
Run from the repo root: .venv/bin/python bench/player_search.py [--entrants N] [--database URL]
"""
import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.record import command_line, record  # noqa: E402

PER_EVENT = 100
TARGET_MS = 20


def fill(total: int) -> None:
    """`total` entrants in events of PER_EVENT, each with one member, in bulk."""
    from webapp.extensions import db
    from webapp.models import Entrant, Event, Member
    from webapp.tournament.textsearch import fold
    for first in range(0, total, PER_EVENT):
        event = Event(slug=f"weekly-{first}", name=f"Weekly {first}", entrant_kind="player", team_size=1)
        db.session.add(event)
        db.session.flush()
        rows = [{"event_id": event.id, "name": f"山田{n:06d}", "reading": f"やまだ{n:06d}",
                 "name_key": fold(f"山田{n:06d}"), "reading_key": fold(f"やまだ{n:06d}")}
                for n in range(first, min(first + PER_EVENT, total))]
        db.session.execute(db.insert(Entrant), rows)
        ids = db.session.scalars(db.select(Entrant.id).where(Entrant.event_id == event.id)).all()
        db.session.execute(db.insert(Member), [{"entrant_id": i, "name": f"m{i}", "reading": "",
                                               "name_key": f"m{i}", "reading_key": ""} for i in ids])
    db.session.commit()


def timed(query: str) -> float:
    """Milliseconds for the page's two reads of a name nobody has."""
    from webapp.services.reads import player_history
    started = time.perf_counter()
    assert player_history.history(query) == [] and player_history.suggestions(query) == []
    return (time.perf_counter() - started) * 1000


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=50_000)
    parser.add_argument("--database", help="a scratch PostgreSQL URL (emptied!); default: a new SQLite file")
    args = parser.parse_args(argv)
    os.environ["DATABASE_URL"] = args.database or f"sqlite:///{Path(tempfile.mkdtemp()) / 'search.sqlite3'}"
    from flask_migrate import upgrade

    from webapp import create_app
    from webapp.extensions import db
    app = create_app({"SECRET_KEY": "bench"})
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            db.session.execute(db.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
            db.session.commit()
        upgrade()
        fill(args.entrants)
        times = [timed(f"誰も登録していない{n}") for n in range(20)]
        name = db.engine.dialect.name
    median = statistics.median(times)
    print(f"player search: {args.entrants} entrants ({name}): a name nobody has in {median:.1f} ms (median of 20)")
    record(f"player_search {args.entrants} entrants ({name})", command_line("player_search.py"),
           f"{median:.1f} ms for a name nobody has", f"≤ {TARGET_MS} ms", median <= TARGET_MS)


if __name__ == "__main__":
    main()
