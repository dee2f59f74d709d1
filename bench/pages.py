"""Benchmark: public pages under load, against a Flask hello-world served the same way.

Both run under gunicorn (2 sync workers) in this one run; wrk (Debian's, installed with
apt-get when missing) loads each for a few seconds with 50 connections, in interleaved
rounds (the median counts), with
`Accept-Encoding: gzip, br`, as a phone's browser asks. The event is a 99-player
double elimination, half played. The last line gives the ratios to hello-world:
    pages: bracket 0.NN, poll-304 0.NN, standings 0.NN of hello-world (N req/s); 99-player page N KB br / N KB gzip
Targets: bracket >= 0.20, 304 poll >= 0.40, standings >= 0.20, page <= 15 KB compressed.
Run from the repo root: .venv/bin/python bench/pages.py [--seconds 8] [--database URL]
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
    from webapp.services import brackets, entrants, events

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


def serve(module: str, database: str) -> tuple[subprocess.Popen, str]:
    """gunicorn with 2 workers on a free port; waits until it answers."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database, "SECRET_KEY": "bench"}
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}",
                                "--log-level", "warning", module], cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            httpx.get(url + "/", timeout=1)
            return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
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
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="taikai-bench-")
    database = args.database or f"sqlite:///{workdir}/bench.sqlite3"
    slug, phase_id = build(database)
    wrk = ensure_wrk()
    hello, hello_url = serve("bench.hello:app", database)
    app, app_url = serve("wsgi:app", database)
    try:
        bracket_url = f"{app_url}/e/{slug}/phase/{phase_id}"
        etag = httpx.get(bracket_url, headers={"HX-Request": "true"}).headers["ETag"]
        assert httpx.get(bracket_url, headers={"HX-Request": "true", "If-None-Match": etag}).status_code == 304
        targets = {"hello": (hello_url + "/", ENCODING), "bracket": (bracket_url, ENCODING),
                   "poll": (bracket_url, {**ENCODING, "HX-Request": "true", "If-None-Match": etag}),
                   "standings": (app_url + f"/e/{slug}/standings", ENCODING)}
        for url, headers in targets.values():
            load(wrk, url, 1, headers)  # warm both workers' caches
        # Interleaved rounds: the machine's other load falls on every target alike.
        runs = {name: [] for name in targets}
        for _ in range(args.rounds):
            for name, (url, headers) in targets.items():
                runs[name].append(load(wrk, url, args.seconds, headers))
        rates = {name: statistics.median(values) for name, values in runs.items()}
        sizes = {enc: compressed_size(bracket_url, enc) / 1024 for enc in ("br", "gzip")}
    finally:
        for process in (hello, app):
            process.terminate()
            process.wait(10)
    for name, rate in rates.items():
        print(f"{name:10s} {rate:8.0f} req/s")
    hello_rate = rates["hello"]
    print(f"pages: bracket {rates['bracket'] / hello_rate:.2f}, poll-304 {rates['poll'] / hello_rate:.2f}, "
          f"standings {rates['standings'] / hello_rate:.2f} of hello-world ({hello_rate:.0f} req/s); "
          f"{PLAYERS}-player page {sizes['br']:.1f} KB br / {sizes['gzip']:.1f} KB gzip")


if __name__ == "__main__":
    main()
