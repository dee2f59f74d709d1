"""Benchmark: 2,000 queued result operations replayed over HTTP in batches of 50.

The app runs under gunicorn as `make serve` runs it (webapp/venue/server.py: its own
processes on a loopback port, so the client does not share their interpreter lock)
against a temporary SQLite file with synchronous=FULL, or
against the PostgreSQL database given by --database (emptied first: give a scratch one);
a desk session cookie signs the requests in. Each
match is a 5on5 kachinuki won 5-0 by side a (toss, names, games), as a phone
would have queued it. The last line is the figure:
    sync: 2000 ops in batches of 50: N ops/s
Run from the repo root: .venv/bin/python bench/sync.py [--database postgresql://…/scratch]
"""
import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

from play_support import kachinuki_ops, team_event  # noqa: E402

from bench import phone_bytes  # noqa: E402
from bench.record import command_line, record  # noqa: E402
from webapp import create_app  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402

OPS, BATCH = 2000, 50


def build(app) -> list[dict]:
    """Events with one ready match each, until there are enough operations."""
    ops = []
    with app.app_context():
        user_id = accounts.create_user("bench", "bench-pass-123", role="desk").id
        db.session.commit()
        while len(ops) < OPS:
            _, match = team_event()
            ops.extend(kachinuki_ops(match, seq=0))
    for i, op in enumerate(ops[:OPS], start=1):
        op["seq"] = i
    # As the online match page sends them (bench/phone_bytes.py): the form's fields in the payload.
    return [phone_bytes.as_online(op, user_id) for op in ops[:OPS]]


def serve(url: str, port: int, kind: str = "front") -> subprocess.Popen:
    """The production server (bench/bench_server.py, its default workers) on the database at url;
    kind "gthread" is the server before the buffering front, for comparison."""
    extra = ["gthread"] if kind == "gthread" else []
    return subprocess.Popen([sys.executable, "-m", "bench.bench_server", str(port), *extra],
                            cwd=ROOT, env={**os.environ, "BENCH_DATABASE_URL": url})


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system, all threads) the server and its workers have used so far.

    Unlike the rate, this hardly depends on what else the machine runs: it is how the front's
    cost shows on a busy machine.
    """
    total, ticks = 0, os.sysconf("SC_CLK_TCK")
    for process in [pid, *_descendants(pid)]:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def _descendants(pid: int) -> list[int]:
    children = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children += [int(child) for child in (task / "children").read_text().split()]
        except FileNotFoundError:
            continue
    return children + [grandchild for child in children for grandchild in _descendants(child)]


def prepare(url: str):
    """An app on an empty database at url, its schema made by the migrations."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            with db.engine.begin() as conn:
                conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
                conn.execute(text("CREATE SCHEMA public"))
        upgrade()
    return app


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_until_up(url: str, server: subprocess.Popen | None = None) -> None:
    """Until the server answers: a minute, as start-up takes 10 s and more on a busy machine."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (server is None or server.poll() is None):
        try:
            requests.get(f"{url}/offline", timeout=10)
            return
        except requests.RequestException:
            time.sleep(0.1)
    raise SystemExit("the bench server did not start")


def send(url: str, server: subprocess.Popen, ops: list[dict]) -> tuple[dict, float, float]:
    """Sign in and send the batches: (outcome counts, seconds, server CPU seconds meanwhile)."""
    _wait_until_up(url, server)
    session = requests.Session()
    session.post(f"{url}/login", data={"username": "bench", "password": "bench-pass-123"}, allow_redirects=False)
    cpu_before, started = server_cpu(server.pid), time.perf_counter()
    outcomes = {}
    for i in range(0, len(ops), BATCH):
        reply = session.post(f"{url}/sync/ops", json={"device_id": "bench", "ops": ops[i:i + BATCH]})
        reply.raise_for_status()
        for result in reply.json()["results"]:
            outcomes[result["outcome"]] = outcomes.get(result["outcome"], 0) + 1
    return outcomes, time.perf_counter() - started, server_cpu(server.pid) - cpu_before


def main() -> None:
    """Build, serve, sign in, send, print the rate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="a scratch PostgreSQL URL (emptied!); default: a new SQLite file")
    parser.add_argument("--server", choices=("front", "gthread"), default="front",
                        help="front: as make serve runs (default); gthread: the server before the front")
    args = parser.parse_args()
    url = args.database or f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.sqlite3'}"
    url = re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", url)  # psycopg 3 is the driver
    app = prepare(url)
    ops = build(app)
    with app.app_context():
        name = db.engine.dialect.name
        db.engine.dispose()  # the server's processes must not share our connections
    port = _free_port()
    server = serve(url, port, args.server)
    try:
        outcomes, elapsed, cpu = send(f"http://127.0.0.1:{port}", server, ops)
    finally:
        server.terminate()  # whatever happened: never leave a server behind
        server.wait(10)
    print(f"outcomes: {outcomes}")
    print(f"server CPU: {cpu * 1000 / (len(ops) / BATCH):.1f} ms per batch ({args.server})")
    print(f"sync ({name}, gunicorn {args.server}): {len(ops)} ops in batches of {BATCH}: "
          f"{len(ops) / elapsed:.0f} ops/s")
    target = {"sqlite": 2000, "postgresql": 1000}.get(name)
    record(f"sync ({name}, {args.server})", command_line("sync.py"),
           f"{len(ops) / elapsed:,.0f} ops/s; server CPU {cpu * 1000 / (len(ops) / BATCH):.1f} ms per batch of {BATCH}",
           f"≥ {target:,} ops/s" if target else "—", None if target is None else len(ops) / elapsed >= target)


if __name__ == "__main__":
    main()
