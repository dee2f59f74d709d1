"""How long the day's forecast of a major takes to make: 4,096 entrants in 128 DE pools of 32 (waves of
16), then 16 pools keeping sides, a top 64 and a top 8 of 4 + 4 (bench/major.py's event), 64 stations,
nothing played yet. The forecast is made again at most once a minute per event and process, inside a
page's request (the public pools list, the event page, the desk's day page): it must stay well under a
second. Run from the repo root: .venv/bin/python bench/forecast_major.py
"""
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.major import build_major  # noqa: E402
from bench.record import command_line, record  # noqa: E402
from bench.sync import prepare  # noqa: E402

TARGET = 1.0  # seconds for one forecast


def main() -> None:
    app = prepare(f"sqlite:///{Path(tempfile.mkdtemp()) / 'forecast.sqlite3'}")
    build_major(app, 4096)
    from webapp.extensions import db
    from webapp.models import Event
    from webapp.services.day import forecasts, stations

    with app.app_context():
        event = db.session.query(Event).one()
        stations.add_numbered(event, 1, 64)
        db.session.commit()
        times = []
        for _ in range(3):
            started = time.perf_counter()
            made = forecasts._compute(event, "Asia/Tokyo", datetime.now(timezone.utc))  # noqa: SLF001
            times.append(time.perf_counter() - started)
    seconds = min(times)
    print(f"forecast of a 4,096-entrant major on 64 stations: {seconds:.2f} s ({len(made.lines)} phases, "
          f"ends {made.end})")
    record("forecast_major 4,096 entrants, 64 stations (sqlite)", command_line("forecast_major.py"),
           f"{seconds:.2f} s per forecast", f"≤ {TARGET:.0f} s", seconds <= TARGET)


if __name__ == "__main__":
    main()
