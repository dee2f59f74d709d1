"""Cold and warm page times for a big event, in one process (bench/pages.py --players N).

The event (a KGP2025 double elimination of N players, or a groups phase of K pools) is
built and half played, every game a report_game, by a child process on a SQLite file (or
the scratch PostgreSQL database given); this process then asks for each page through the
app's test client as a viewer or the desk would, and prints:
    cold: the first answer after a one-game change (the process has answered the page once
          before, so its templates are compiled; the bracket redraws the blocks that changed);
    empty cache (the bracket): every fragment forgotten, every round drawn;
    warm: the same page again (a viewer without a session: the page gate's replay);
and the process's memory after those pages (a worker's: now, and its peak). Times are wall clock and,
in brackets, this process's CPU time (what other work on a shared machine does not inflate).
BENCH_PLAIN_TITLES=1 draws every match title as a constant, to measure the rest of a page
apart from the round names (services/reads/round_names.py).
"""
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = {"kind": "report_game", "winner": "a", "rounds_a": 2, "rounds_b": 0, "char_a": "一八", "char_b": "仁",
        "stage": "Arena", "side_a": "1P"}


def build(url: str, players: int, pools: int) -> dict:
    """In this process: the event, started, half its matches played two games to none."""
    sys.path[:0] = [str(ROOT)]
    from bench.day import build as build_day
    from bench.sync import prepare
    from webapp.extensions import db
    from webapp.models import MatchRow, Phase
    from webapp.services.matches import play

    app = prepare(url)
    played = build_day(app, players, pools)
    total = sum(len(ids) for _, ids in played)
    with app.app_context():
        phase_id = db.session.get(MatchRow, next(iter(played[0][1].values()))).bracket.phase_id
        phase = db.session.get(Phase, phase_id)
        done = 0
        while done < total // 2:
            ready = [m for b in phase.brackets for m in b.matches if m.status == "ready"]
            for match in ready[: max(1, total // 2 - done)]:
                play.apply_action(match, dict(GAME))
                play.apply_action(match, dict(GAME))
                done += 1
            db.session.commit()
        return {"slug": phase.event.slug, "phase": phase_id, "url": url}


def measure(event: dict, figures: dict | None = None) -> list[str]:
    """Cold and warm times of the public bracket, standings and the desk's run table (wall ms into
    figures, by page name, with "empty cache" and "memory" in MB)."""
    figures = {} if figures is None else figures
    sys.path[:0] = [str(ROOT)]
    from webapp import create_app
    from webapp.extensions import db
    from webapp.models import Phase
    from webapp.services.matches import play

    app = create_app({"SQLALCHEMY_DATABASE_URI": event["url"], "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "CACHE_DIR": os.path.join(os.path.dirname(event["url"].removeprefix("sqlite:///")) or "/tmp",
                                                "fragments")})
    if os.environ.get("BENCH_PLAIN_TITLES"):
        app.jinja_env.globals["match_title"] = lambda match, *args, **kwargs: "—"
    viewer, desk = app.test_client(), app.test_client()
    desk.post("/login", data={"username": "bench", "password": "bench-pass-123"})
    bracket = f"/e/{event['slug']}/phase/{event['phase']}"
    pages = {"public bracket": (viewer, bracket), "standings": (viewer, f"/e/{event['slug']}/standings"),
             "desk run table": (desk, f"/desk/phase/{event['phase']}")}
    lines = []
    for name, (client, path) in pages.items():
        client.get(path)  # the process warmed up (templates compiled): "cold" is the page, not the process
        with app.app_context():  # one game more: every cached copy of the page is stale
            phase = db.session.get(Phase, event["phase"])
            match = next(m for b in phase.brackets for m in b.matches if m.status == "ready" and not m.actions)
            play.apply_action(match, dict(GAME))
            db.session.commit()
        times = []
        for _ in range(2):
            started, cpu = time.perf_counter(), time.process_time()
            answer = client.get(path, headers={"Accept-Encoding": "br, gzip"})
            times.append(((time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000))
            assert answer.status_code == 200, (path, answer.status_code)
        (cold, cold_cpu), (warm, warm_cpu) = times
        figures[name] = cold
        lines.append(f"{name}: cold {cold:.0f} ms ({cold_cpu:.0f} ms CPU), warm {warm:.1f} ms ({warm_cpu:.1f} ms CPU), "
                     f"{len(answer.data) / 1024:.0f} KB")
        if name == "public bracket":
            lines.append(_empty_cache(app, client, path, figures))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures["memory"] = _resident()
    lines.append(f"memory: {_resident():.0f} MB now (a worker after the pages: issue 21's figure), "
                 f"{peak:.0f} MB peak in this process")
    return lines


def _resident() -> float:
    """This process's resident memory now, in MB (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return 0.0


def _empty_cache(app, client, path: str, figures: dict) -> str:
    """The page with nothing cached at all (a new deployment): every round drawn."""
    from webapp.extensions import cache
    from webapp.polling import fragments
    with app.app_context():
        fragments._LOCAL.clear()  # noqa: SLF001
        cache.clear()
        app.extensions["taikai_page_gate"].kept.clear()  # and the replayed answers (polling/pagegate.py: an LRU)
    started, cpu = time.perf_counter(), time.process_time()
    assert client.get(path, headers={"Accept-Encoding": "br, gzip"}).status_code == 200
    figures["empty cache"] = (time.perf_counter() - started) * 1000
    return (f"public bracket, empty cache: {figures['empty cache']:.0f} ms "
            f"({(time.process_time() - cpu) * 1000:.0f} ms CPU)")


def main(players: int, pools: int, database: str | None) -> None:
    import tempfile
    url = database or f"sqlite:///{Path(tempfile.mkdtemp()) / 'pages.sqlite3'}"
    made = subprocess.run([sys.executable, __file__, "build", url, str(players), str(pools)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    event = json.loads(made.stdout.strip().splitlines()[-1])
    if database:
        event["url"] = url
    shape = f"{players} players" + (f" in {pools} pools" if pools > 1 else "")
    figures = {}
    for line in measure(event, figures):
        print(f"{shape}: {line}")
    record_times(shape, url, figures)


# Targets (issue 21), wall clock: (page, most ms) per event shape; memory in MB.
TARGETS = {"4096 players": (("public bracket", 100), ("empty cache", 1500), ("desk run table", 300), ("memory", 150)),
           "1024 players": (("public bracket", 300),),
           "9000 players in 500 pools": (("public bracket", 1000), ("empty cache", 1000))}


def record_times(shape: str, url: str, figures: dict) -> None:
    """This shape's row of docs/benchmarks.md: each page after one game, the empty cache, memory."""
    from bench.record import command_line, record
    targets = TARGETS.get(shape, ())
    record(f"pages {shape} ({url.split(':')[0].split('+')[0]})", command_line("pages.py"),
           f"public bracket after one game {figures['public bracket']:.0f} ms, empty cache "
           f"{figures['empty cache']:.0f} ms; standings {figures['standings']:.0f} ms; desk run table "
           f"{figures['desk run table']:.0f} ms; worker {figures['memory']:.0f} MB",
           "; ".join(f"{name} ≤ {most:,} {'MB' if name == 'memory' else 'ms'}" for name, most in targets) or "—",
           all(figures[name] <= most for name, most in targets) if targets else None)


if __name__ == "__main__" and sys.argv[1:2] == ["build"]:
    import re
    url = re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", sys.argv[2])
    print(json.dumps(build(url, int(sys.argv[3]), int(sys.argv[4]))))
