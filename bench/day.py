"""Benchmark: a whole tournament day played through /sync/ops as 16 phones would.

A KGP2025 double elimination of N players (stop at the top 4), or with --pools K a groups
phase of K double-elimination pools, is played to its end over HTTP against the production
server (bench/bench_server.py: gunicorn's asyncio workers behind the buffering front, its
default settings, as `make serve` runs it) on a temporary SQLite file or the PostgreSQL
database given by --database (emptied first: give a scratch one). Sixteen phones, each with
its own device id and seq order, take the ready matches as they come and send their entries
in batches of about ten; every game is a report_game with characters, stage and side (2-0 or
2-1 for side a). The phones know which matches become ready by running the bracket engine on
their side (as a phone's offline pack would), so the bench reads nothing from the database
while it plays.

ms per entry is wall time over entries while the first and the last 10 % of the entries
were answered (16 phones in flight, so 1 / the rate at that point of the day); the server's
CPU time per entry (its processes' user + system time, read from /proc) is printed too, as
other work on a shared machine slows the wall clock but not that. Last line:
    day: N players (sqlite): E entries in S s: first 10 % X ms/entry, last 10 % Y ms/entry, R entries/s
Run from the repo root: .venv/bin/python bench/day.py --players 2048 [--pools K] [--database URL] [--runs D]
With --runs D the day is played D times over (a new database and server each time) and its row in
docs/benchmarks.md keeps the median day and the spread: this machine's speed moves by a third within
minutes, more than one day can tell apart.
Issue 27's days (bench/day_formats.py): --format pools-top64 --players 2000 (round-robin pools of 5
into a top 64 DE) and --format swiss --players 1024 --rounds 10; issue 41's (bench/major.py):
--format major --players 4096.
"""
import argparse
import copy
import itertools
import re
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import deque
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench import phone_bytes  # noqa: E402
from bench.record import command_line, record  # noqa: E402
from bench.sync import _free_port, prepare, serve  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.tournament import bracket as bracket_engine  # noqa: E402
from webapp.tournament.bracket_results import record_result  # noqa: E402
from webapp.tournament.games import get_title  # noqa: E402

# The KGP2025 day's game (the catalogue moved the old gamedata module's lists here)
TEKKEN7_CHARACTERS, TEKKEN7_STAGES = get_title("tekken7").character_values(), get_title("tekken7").stage_values()

PHONES, BATCH = 16, 10
BENCH_USER = {"id": 1}  # the account the phones sign in as (entered_by: what a shared phone sends)


def build(app, players: int, pools: int) -> list[tuple[bracket_engine.Bracket, dict]]:
    """The event, started; each bracket as the engine sees it, with its match ids by key."""
    from webapp.services.accounts import users as accounts
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import bracket_rows, brackets
    from webapp.services.setup import event_templates, events

    rows = [{"name": f"選手{i:05d}", "seed": i, "members": []} for i in range(1, players + 1)]
    with app.app_context():
        BENCH_USER["id"] = accounts.create_user("bench", "bench-pass-123", role="desk").id
        if pools > 1:
            event = events.create_event("一日負荷試験 予選", "kgp2025", entrant_kind="player", team_size=1)
            entrants.add_entrants(event, rows)
            phase = events.add_phase(event, "予選プール", "double_elimination", group_count=pools)
            db.session.flush()
            brackets.start_phase(phase, event.entrants)
        else:
            event = event_templates.create_from_template("kgp2025", "一日負荷試験", rows)
            db.session.flush()
            phase = event.phases[0]
            event_templates.start(phase)
        db.session.commit()
        return [(bracket_rows.load(row), {m.key: m.id for m in row.matches}) for row in phase.brackets]


class Day:
    """The phones' shared view of the day: ready matches, who plays them, what is in flight."""

    def __init__(self, played: list[tuple[bracket_engine.Bracket, dict]]):
        self.lock = threading.Condition()
        self.brackets = played
        self.ready = deque((b, m.key, ids[m.key]) for b, ids in played for m in b.ready_matches())
        self.in_flight = 0
        self.answered: list[tuple[float, int]] = []  # (time, entries) per batch answered
        self.outcomes: dict[str, int] = {}
        self.games = itertools.count()
        self.server_pid: int | None = None
        self.busy = 0  # 503 answers (the database was busy), each sent again
        self.total = 0  # entries the day will have, when known; then CPU marks at 10 % and 90 %
        self.cpu_marks: list[tuple[int, float]] = []

    def mark_cpu(self) -> None:
        """The server's CPU time as the answered entries pass 10 % and 90 % of the day."""
        if not self.server_pid or not self.total:
            return
        done = sum(n for _, n in self.answered)
        due = [0, int(self.total * 0.1), int(self.total * 0.9), self.total]
        if len(self.cpu_marks) < 4 and done >= due[len(self.cpu_marks)]:
            self.cpu_marks.append((done, cpu_seconds(self.server_pid)))

    def ended(self, bracket: bracket_engine.Bracket, key: str, winner: int) -> None:
        """A match's result was applied: the phones' engine plays it and queues what became ready
        (a formats day also pairs a Swiss round or starts the next phase here: bench/day_formats.py)."""
        changed = record_result(bracket, key, winner)
        ids = next(i for b, i in self.brackets if b is bracket)
        self.ready.extend((bracket, k, ids[k]) for k in changed if k != key and bracket.matches[k].status == "ready")

    def finished(self) -> bool:
        return not self.ready and self.in_flight == 0 and all(b.finished for b, _ in self.brackets)

    def entries_for(self, bracket: bracket_engine.Bracket, key: str, match_id: int) -> list[dict]:
        """A whole match as a phone enters it (2-0 or 2-1 for side a, characters, stage, side), in the
        bytes real phones send (bench/phone_bytes.py): every other match from the online page, the
        others from the offline page. The phone's device id and seq are set when it sends them.
        The online page's base version is the match's version when its page was drawn, which this
        bench does not read (it reads nothing from the database while it plays): one no change passed."""
        match = bracket.matches[key]
        n = next(self.games)
        winners = ["a", "a"] if n % 3 else ["a", "b", "a"]
        chars = TEKKEN7_CHARACTERS[n % 40], TEKKEN7_CHARACTERS[(n + 7) % 40]
        entries = []
        for position, winner in enumerate(winners):
            looks = {"char_a": chars[0], "char_b": chars[1], "side_a": "1P" if position % 2 == 0 else "2P",
                     "stage": TEKKEN7_STAGES[(n + position) % len(TEKKEN7_STAGES)]}
            common = (str(uuid.uuid4()), "", 0, match_id)
            if n % 2:
                entries.append(phone_bytes.online_game(*common, 1 << 30, position, winner, 1 if winner == "b" else 0,
                                                       BENCH_USER["id"], **looks))
            else:
                entries.append(phone_bytes.offline_game(*common, 1 << 30, position, winner, 1 if winner == "b" else 0,
                                                        BENCH_USER["id"], tuple(match.slots), **looks))
        entries[-1]["ends"] = (bracket, key, match.slots[0])
        return entries


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its children (the server's workers)."""
    import os
    ticks = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    try:
        pids += [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        return sum(sum(int(f) for f in Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[11:13])
                   for p in pids) / ticks
    except OSError:  # not Linux: no figure
        return float("nan")


class Phone(threading.Thread):
    """One scorer's phone: takes ready matches, sends its entries in seq order, ~10 a batch."""

    def __init__(self, day: Day, number: int, url: str, cookies):
        super().__init__(daemon=True)
        self.day, self.device, self.url = day, f"phone-{number:02d}", url
        self.session = requests.Session()
        self.session.cookies.update(cookies)
        self.queue: deque = deque()
        self.seq = itertools.count(1)
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            while (batch := self._next_batch()) is not None:
                self._send(batch)
        except BaseException as problem:  # noqa: BLE001 - reported by the main thread
            self.failure = problem
            with self.day.lock:
                self.day.ready.clear()
                self.day.lock.notify_all()

    def _next_batch(self) -> list[dict] | None:
        day = self.day
        with day.lock:
            while True:
                while len(self.queue) < BATCH and day.ready:
                    self.queue.extend(day.entries_for(*day.ready.popleft()))
                if self.queue:
                    day.in_flight += 1
                    return [self.queue.popleft() for _ in range(min(BATCH, len(self.queue)))]
                if day.finished() or self.failure or any(p.failure for p in PHONES_RUNNING):
                    day.lock.notify_all()
                    return None
                day.lock.wait(1)

    def _send(self, batch: list[dict]) -> None:
        ops = [{**{k: v for k, v in op.items() if k != "ends"}, "device_id": self.device, "seq": next(self.seq)}
               for op in batch]
        body = phone_bytes.body(self.device, ops, waiting=len(ops) + len(self.queue))
        for attempt in range(20):  # "busy: nothing was committed, send again", as the outbox does
            reply = self.session.post(f"{self.url}/sync/ops", data=body, timeout=120,
                                      headers={"Content-Type": "application/json"})
            if reply.status_code != 503:
                break
            self.day.busy += 1
            time.sleep(0.05 * (attempt + 1))
        reply.raise_for_status()
        results = reply.json()["results"]
        day = self.day
        with day.lock:
            day.in_flight -= 1
            day.answered.append((time.perf_counter(), len(batch)))
            day.mark_cpu()
            for op, result in zip(batch, results, strict=True):
                day.outcomes[result["outcome"]] = day.outcomes.get(result["outcome"], 0) + 1
                if result["outcome"] != "applied":
                    raise RuntimeError(f"{self.device}: {op['kind']} on match {op['match_id']}: {result}")
                if "ends" in op:
                    day.ended(*op["ends"])
            day.lock.notify_all()


PHONES_RUNNING: list[Phone] = []


def per_entry(day: Day, started: float, share: float = 0.1) -> tuple[float, float]:
    """ms per entry while the first and the last `share` of the entries were answered."""
    answered = sorted(day.answered)
    total = sum(n for _, n in answered)
    counts = list(itertools.accumulate(n for _, n in answered))
    first = next(i for i, c in enumerate(counts) if c >= total * share)
    last = next(i for i, c in enumerate(counts) if c >= total * (1 - share))
    first_ms = (answered[first][0] - started) / counts[first]
    last_ms = (answered[-1][0] - answered[last][0]) / max(total - counts[last], 1)
    return first_ms * 1000, last_ms * 1000


def matches_to_play(played: list) -> int:
    """How many matches the day will play (side a always wins): the bracket engine, on a copy."""
    count = 0
    for bracket, _ in copy.deepcopy(played):
        while ready := bracket.ready_matches():
            for match in ready:
                record_result(bracket, match.key, match.slots[0])
                count += 1
    return count


def play(url: str, played: list, server_pid: int, day: Day | None = None) -> tuple[Day, float, float]:
    """Sign in, let the phones play the day out; (day, started, elapsed)."""
    session = requests.Session()
    session.post(f"{url}/login", data={"username": "bench", "password": "bench-pass-123"}, allow_redirects=False)
    day = day or Day(played)
    matches = matches_to_play(played)
    day.total = sum(2 if n % 3 else 3 for n in range(matches))
    day.server_pid = server_pid
    day.cpu_marks.append((0, cpu_seconds(server_pid)))
    PHONES_RUNNING[:] = [Phone(day, n, url, session.cookies) for n in range(1, PHONES + 1)]
    started = time.perf_counter()
    for phone in PHONES_RUNNING:
        phone.start()
    for phone in PHONES_RUNNING:
        phone.join()
    failures = [p.failure for p in PHONES_RUNNING if p.failure]
    if failures:
        raise SystemExit(f"the day stopped: {failures[0]!r}")
    if not day.finished():
        raise SystemExit("the day stopped before every bracket was finished")
    return day, started, time.perf_counter() - started


def stop(server) -> None:
    """Stop the server (and its workers): a loaded machine may need more than a moment."""
    server.terminate()
    try:
        server.wait(60)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


def wait_until_up(url: str, seconds: float = 120) -> None:
    """The server answers (a loaded machine may take a while to start its workers)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            requests.get(f"{url}/offline", timeout=10)
            return
        except requests.RequestException:
            time.sleep(0.2)
    raise SystemExit("the bench server did not start")


def server_cpu(day: Day) -> str:
    """The server's CPU ms per entry over the first and last 10 % and the whole day."""
    if len(day.cpu_marks) < 4:
        return "not measured"
    (_, start), (n1, at10), (n9, at90), (total, end) = day.cpu_marks
    return (f"first 10 % {(at10 - start) * 1000 / n1:.2f} ms/entry, last 10 % {(end - at90) * 1000 / (total - n9):.2f} "
            f"ms/entry, whole day {(end - start) * 1000 / total:.2f} ms/entry")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--pools", type=int, default=1, help="a groups phase of this many pools")
    parser.add_argument("--database", help="a scratch PostgreSQL URL (emptied!); default: a new SQLite file")
    parser.add_argument("--format", choices=("pools-top64", "swiss", "major"),
                        help="issue 27's days: round-robin pools of 5 into a top 64 DE, or a Swiss of --rounds")
    parser.add_argument("--rounds", type=int, default=10, help="Swiss rounds (--format swiss)")
    parser.add_argument("--runs", type=int, default=1, help="days played one after another; the row keeps the median")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs counts the days to play: 1 or more")
    if args.runs > 1 and args.format:
        parser.error("--runs plays the plain day (or its pools) again; a format's bench plays its day once")
    if args.format == "major":  # issue 41's day: DE pools keeping sides into a top 8 of 4 + 4
        from bench.major import run
        return run(args)
    if args.format:
        from bench.day_formats import run
        return run(args)
    days = [one_day(args) for _ in range(args.runs)]
    record_day(day_shape(args), days[0][0], [(rate, cpu) for _, rate, cpu in days])


def day_shape(args) -> str:
    """The day's name in the lines and the row: "2048 players", "9000 players in 500 pools"."""
    return f"{args.players} players" + (f" in {args.pools} pools" if args.pools > 1 else "")


def one_day(args) -> tuple[str, float, float]:
    """A day played out on a new database and server, its lines printed: (database, entries/s, server CPU ms/entry)."""
    url = args.database or f"sqlite:///{Path(tempfile.mkdtemp()) / 'day.sqlite3'}"
    url = re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", url)  # psycopg 3 is the driver
    app = prepare(url)
    played = build(app, args.players, args.pools)
    with app.app_context():
        name = db.engine.dialect.name
        db.engine.dispose()  # the server's processes must not share our connections
    port = _free_port()
    server = serve(url, port)
    try:
        wait_until_up(f"http://127.0.0.1:{port}")
        day, started, elapsed = play(f"http://127.0.0.1:{port}", played, server.pid)
    finally:
        stop(server)
    entries = sum(n for _, n in day.answered)
    first, last = per_entry(day, started)
    print(f"outcomes: {day.outcomes}" + (f", {day.busy} busy answers sent again" if day.busy else ""))
    print(f"server CPU: {server_cpu(day)}")
    print(f"day: {day_shape(args)} ({name}): {entries} entries in {elapsed:.1f} s: first 10 % {first:.2f} ms/entry, "
          f"last 10 % {last:.2f} ms/entry, {entries / elapsed:.0f} entries/s")
    return name, entries / elapsed, whole_day_cpu(day)


def whole_day_cpu(day: Day) -> float:
    """The server's CPU ms per entry over the whole day (infinite for a day too short to mark its tenths)."""
    if len(day.cpu_marks) < 4:
        return float("inf")
    (_, start), _, _, (total, end) = day.cpu_marks
    return (end - start) * 1000 / total


# Targets: a whole day's rate (issue 21) and, on SQLite at N=2048, the server's CPU per entry (issue 29).
RATE_TARGETS = {("2048 players", "sqlite"): 300, ("2048 players", "postgresql"): 200,
                ("9000 players in 500 pools", "sqlite"): 300}
CPU_TARGET = {("2048 players", "sqlite"): 1.0}


def record_day(shape: str, name: str, days: list[tuple[float, float]]) -> None:
    """The row of docs/benchmarks.md: entries/s and server CPU per entry against the targets, of the median
    day by server CPU when several were played (with the spread)."""
    rate, cpu = sorted(days, key=lambda d: d[1])[(len(days) - 1) // 2]  # of an even count, the lower middle
    rate_target, cpu_target = RATE_TARGETS.get((shape, name)), CPU_TARGET.get((shape, name))
    targets = ([f"≥ {rate_target} entries/s"] if rate_target else []) + \
        ([f"≤ {cpu_target} ms server CPU per entry"] if cpu_target else [])
    met = None if not targets else (rate >= (rate_target or 0) and cpu <= (cpu_target or cpu))
    spread = f" (median of {len(days)} days: {min(c for _, c in days):.2f}–{max(c for _, c in days):.2f})"
    record(f"day {shape} ({name})", command_line("day.py"),
           f"{rate:.0f} entries/s; server CPU {cpu:.2f} ms/entry" + (spread if len(days) > 1 else ""),
           "; ".join(targets) or "—", met)


if __name__ == "__main__":
    main()
