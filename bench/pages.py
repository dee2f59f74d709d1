"""Benchmark: public pages under load, against a Flask hello-world served the same way.

Both run under gunicorn (2 sync workers) in this one run; wrk (Debian's, installed with
apt-get when missing) loads each for a few seconds with 50 connections, in interleaved
rounds (the median counts), with
`Accept-Encoding: gzip, br`, as a phone's browser asks, and no cookie, as a player's or a
spectator's phone that never signed in. The event is a 99-player double elimination, half
played. The last line gives the ratios to hello-world:
    pages: bracket 0.NN, poll-304 0.NN, standings 0.NN, static 0.NN of hello-world (N req/s); 99-player page ...
Targets (issue 21): bracket >= 0.6, 304 poll >= 0.9, static file >= 0.9; page <= 15 KB compressed.
Run from the repo root: .venv/bin/python bench/pages.py [--seconds 8] [--database URL]

With --players N [--pools K] it prints instead each page's cold and warm time for an event of
that size, half played (bench/page_times.py), and the process's peak memory.
"""
import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
PLAYERS, CONNECTIONS = 99, 50
ENCODING = {"Accept-Encoding": "gzip, br"}


def build(database: str) -> tuple[str, int]:
    """A 99-player double elimination, half its matches played; returns (slug, phase id)."""
    os.environ["DATABASE_URL"] = database
    from flask_migrate import upgrade

    from webapp import create_app
    from webapp.extensions import db
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import brackets
    from webapp.services.setup import events

    app = create_app({"SECRET_KEY": "bench"})
    with app.app_context():
        upgrade()
        event = events.create_event(f"負荷試験 {int(time.time())}", "kgp2025")
        entrants.add_entrants(event, [{"name": f"プレイヤー{i:03d}", "seed": i, "members": []}
                                      for i in range(1, PLAYERS + 1)])
        phase = events.add_phase(event, "本戦 ダブルエリミネーション", "double_elimination")
        db.session.flush()
        brackets.start_phase(phase, event.entrants)
        db.session.commit()
        real = sum(1 for m in phase.brackets[0].matches if m.status not in ("bye", "void"))
        for _ in range(real // 2):
            match = next(m for m in phase.brackets[0].matches if m.status == "ready")
            brackets.record_winner(match, min(match.slot_a, match.slot_b))
            db.session.commit()
        return event.slug, phase.id


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(module: str, database: str, kind: str = "sync") -> tuple[subprocess.Popen, str]:
    """gunicorn with 2 workers on a free port; waits until it answers.

    kind "sync": gunicorn's sync workers; "front": as `make serve` runs (the asyncio worker and
    buffering front, bench/bench_server.py); "gthread": the server before the front.
    """
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database, "SECRET_KEY": "bench"}
    if kind == "sync":
        command = ["-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}", "--log-level", "warning", module]
    else:
        env = {**env, "BENCH_DATABASE_URL": re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", database)}
        command = ["-m", "bench.bench_server", str(port), *(["gthread"] if kind == "gthread" else []),
                   *(["--hello"] if module == "bench.hello:app" else [])]
    process = subprocess.Popen([sys.executable, *command], cwd=ROOT, env=env,
                               stderr=subprocess.DEVNULL if kind != "sync" else None)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60  # start-up takes 10 s and more on a busy machine
    while time.monotonic() < deadline and process.poll() is None:
        try:
            httpx.get(url + "/", timeout=1)
            return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    process.terminate()
    raise RuntimeError(f"{module} did not start")


def ensure_wrk() -> str:
    """wrk from the system, or installed from Debian's packages."""
    if not shutil.which("wrk"):
        print("installing Debian's wrk for the benchmark", file=sys.stderr)
        subprocess.run(["apt-get", "-o", "DPkg::Lock::Timeout=600", "install", "-y", "-qq", "wrk"],
                       check=False, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        if not shutil.which("wrk"):
            subprocess.run(["apt-get", "update", "-qq"], check=True)
            subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True,
                           env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    return shutil.which("wrk")


def load(wrk: str, url: str, seconds: int, headers: dict) -> float:
    """Requests per second that wrk measured (errors fail the run)."""
    args = [wrk, "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s"]
    for name, value in headers.items():
        args += ["-H", f"{name}: {value}"]
    out = subprocess.run(args + [url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx or 3xx" in out or "Socket errors" in out and "timeout 0" not in out:
        print(out, file=sys.stderr)
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def compressed_size(url: str, encoding: str) -> int:
    """Bytes on the wire for a page in one encoding."""
    with httpx.stream("GET", url, headers={"Accept-Encoding": encoding}) as response:
        assert response.headers.get("Content-Encoding") == encoding, response.headers
        return sum(len(chunk) for chunk in response.iter_raw())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database", help="a PostgreSQL URL (default: a temporary SQLite file)")
    parser.add_argument("--players", type=int, help="cold and warm page times for an event this big")
    parser.add_argument("--pools", type=int, default=1, help="with --players: a groups phase of this many pools")
    parser.add_argument("--server", default="sync",
                        help="sync (gunicorn sync workers, the default), front (as make serve runs), gthread (the "
                             "server before the front), or several, comma-separated, interleaved in one run")
    args = parser.parse_args()
    if args.players:
        from bench import page_times
        page_times.main(args.players, args.pools, args.database)
        return
    kinds = args.server.split(",")
    workdir = tempfile.mkdtemp(prefix="taikai-bench-")
    database = args.database or f"sqlite:///{workdir}/bench.sqlite3"
    slug, phase_id = build(database)
    wrk = ensure_wrk()
    processes, targets = [], {}
    try:
        for kind in kinds:
            hello, hello_url = serve("bench.hello:app", database, kind)
            app, app_url = serve("wsgi:app", database, kind)
            processes += [hello, app]
            targets.update(page_targets(kind, hello_url, app_url, slug, phase_id))
        for url, headers in targets.values():
            load(wrk, url, 1, headers)  # warm both workers' caches
        # Interleaved rounds: the machine's other load falls on every target alike.
        runs = {name: [] for name in targets}
        for _ in range(args.rounds):
            for name, (url, headers) in targets.items():
                runs[name].append(load(wrk, url, args.seconds, headers))
        rates = {name: statistics.median(values) for name, values in runs.items()}
        bracket_url = targets[(kinds[0], "bracket")][0]
        sizes = {enc: compressed_size(bracket_url, enc) / 1024 for enc in ("br", "gzip")}
    finally:
        for process in processes:
            process.terminate()
            process.wait(10)
    for (kind, name), rate in rates.items():
        print(f"{kind:8s} {name:10s} {rate:8.0f} req/s")
    for kind in kinds:
        hello_rate = rates[(kind, "hello")]
        print(f"pages ({kind}): bracket {rates[(kind, 'bracket')] / hello_rate:.2f}, "
              f"poll-304 {rates[(kind, 'poll')] / hello_rate:.2f}, "
              f"standings {rates[(kind, 'standings')] / hello_rate:.2f}, "
              f"static {rates[(kind, 'static')] / hello_rate:.2f} of hello-world ({hello_rate:.0f} req/s); "
              f"{PLAYERS}-player page {sizes['br']:.1f} KB br / {sizes['gzip']:.1f} KB gzip")
    for kind in kinds:
        record_ratios(kind, database, rates, sizes)


def record_ratios(kind: str, database: str, rates: dict, sizes: dict) -> None:
    """This server kind's row of docs/benchmarks.md: each page's rate as a share of hello-world's."""
    from bench.record import command_line, record
    hello = rates[(kind, "hello")]
    ratio = {name: rates[(kind, name)] / hello for name in ("bracket", "poll", "standings", "static")}
    met = (ratio["bracket"] >= 0.6 and ratio["poll"] >= 0.9 and ratio["static"] >= 0.9 and sizes["br"] <= 15)
    record(f"pages ({database.split(':')[0].split('+')[0]}, {kind})", command_line("pages.py"),
           f"bracket {ratio['bracket']:.2f}, poll-304 {ratio['poll']:.2f}, standings {ratio['standings']:.2f}, "
           f"static {ratio['static']:.2f} of hello-world ({hello:,.0f} req/s); page {sizes['br']:.1f} KB br",
           "bracket ≥ 0.6, poll-304 ≥ 0.9, static ≥ 0.9 of hello-world; page ≤ 15 KB", met)


def page_targets(kind: str, hello_url: str, app_url: str, slug: str, phase_id: int) -> dict:
    """(kind, name) → (url, headers) for wrk: hello-world, the bracket, its 304 poll, standings and
    the page's script (a versioned static file, as the page names it)."""
    bracket_url = f"{app_url}/e/{slug}/phase/{phase_id}"
    script = re.search(r'<script src="(/static/[^"]+)"', httpx.get(bracket_url).text).group(1).replace("&amp;", "&")
    etag = httpx.get(bracket_url, headers={"HX-Request": "true"}).headers["ETag"]
    assert httpx.get(bracket_url, headers={"HX-Request": "true", "If-None-Match": etag}).status_code == 304
    return {(kind, "hello"): (hello_url + "/", ENCODING), (kind, "bracket"): (bracket_url, ENCODING),
            (kind, "poll"): (bracket_url, {**ENCODING, "HX-Request": "true", "If-None-Match": etag}),
            (kind, "standings"): (app_url + f"/e/{slug}/standings", ENCODING),
            (kind, "static"): (app_url + script, ENCODING)}

if __name__ == "__main__":
    main()
