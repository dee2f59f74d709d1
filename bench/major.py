"""bench/day.py --format major: a major's day on the same 16 phones through /sync/ops (issue 41).

4,096 players in 128 double-elimination pools of 32, each played down to its top 2 and sending
1 + 1 (256) into 16 pools of 16 entered on both sides, each played down to its top 4 and sending
2 + 2 (64) into a top 64 entered on both sides, played down to its top 8, which starts as its own
phase with 4 + 4 and is played to its champion. The desk starts each phase (POST
/desk/phase/<id>/start) when the last bracket before it ends; the phones then play its brackets.
Pools are called in waves of 64 (two waves of the first round).

Printed and recorded: the server's CPU per entry over the first and the last 10 % of the entries
(target: last within 1.5× first), the slowest progression's start (seeding both sides of every
pool; target ≤ 1 s), a pool page drawn after one result (target ≤ 100 ms server CPU), the top 64's
page drawn cold (target ≤ 0.5 s) and the largest worker's memory (target ≤ 200 MB).
--players scales the first round (a multiple of 1,024: pools of 32 stay, the later rounds keep the shape;
1,024 gives 32 pools, 4 second-round pools and a top 16 played down to its top 8).
"""
from __future__ import annotations

import re
import subprocess
import tempfile
import time
from pathlib import Path

import requests
from sqlalchemy import text

from bench.day import play, stop, wait_until_up
from bench.day_formats import POOLS_PER_PAGE, FormatDay, _load, tenths
from bench.record import command_line, record
from bench.sync import _free_port, prepare, serve
from webapp.extensions import db

FIRST_POOL, SECOND_POOL, PER_WAVE = 32, 16, 64


def build_major(app, players: int):
    """The event: four phases keeping sides from one to the next; the first round of pools started."""
    from webapp.services.accounts import users as accounts
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import bracket_rows, brackets
    from webapp.services.setup import events, progressions
    rows = [{"name": f"選手{i:05d}", "reading": "", "seed": i, "members": []} for i in range(1, players + 1)]
    if players < 1024 or players % 1024:
        raise SystemExit("a major's shape needs a multiple of 1,024 players (pools of 32, then of 16, then a top cut)")
    first_pools = players // FIRST_POOL
    with app.app_context():
        accounts.create_user("bench", "bench-pass-123", role="desk")
        event = events.create_event("メジャー負荷試験", "kgp2025", entrant_kind="player", team_size=1)
        entrants.add_entrants(event, rows)
        first = events.add_phase(event, "予選プール", "double_elimination", group_count=first_pools,
                                 stop_at_top=2, pools_per_wave=PER_WAVE)
        second = events.add_phase(event, "二次プール", "double_elimination",
                                  group_count=max(1, 2 * first_pools // SECOND_POOL), stop_at_top=4)
        top64 = events.add_phase(event, "TOP64", "double_elimination", stop_at_top=8)
        top8 = events.add_phase(event, "TOP8", "double_elimination", best_of=3, grand_final="reset")
        db.session.commit()
        for later, earlier in ((second, first), (top64, second), (top8, top64)):
            progressions.set_rule(later, earlier, "sides", 0)
        brackets.start_phase(first, event.entrants)
        db.session.commit()
        played = [(bracket_rows.load(row), {m.key: m.id for m in row.matches}) for row in first.brackets]
        return played, {"slug": event.slug, "pools": first.id, "next": [second.id, top64.id, top8.id],
                        "top64": top64.id}


class MajorDay(FormatDay):
    """The formats day whose desk starts each next phase when the brackets before it end."""

    def __init__(self, played, url: str, database: str, info: dict):
        super().__init__(played, url, database, info)
        self.top_started = True  # FormatDay's single top phase: replaced by the chain below
        self.waiting_phases = list(info["next"])
        self.start_seconds: list[float] = []
        self.cold_top64 = None

    def ended(self, bracket, key: str, winner: int) -> None:
        super().ended(bracket, key, winner)
        if self.waiting_phases and all(b.finished for b, _ in self.brackets):
            self._start_next(self.waiting_phases.pop(0))

    def _start_next(self, phase_id: int) -> None:
        """The desk starts the next phase (its seeding timed; not counted in the per-entry clocks)."""
        wall, cpu = time.perf_counter(), self._cpu()
        answer = self.desk.post(f"{self.url}/desk/phase/{phase_id}/start", data={"gate": "anyway"},
                                allow_redirects=False, timeout=600)
        answer.raise_for_status()
        self.start_seconds.append(time.perf_counter() - wall)
        if phase_id == self.info["top64"]:
            self.cold_top64 = self._page_seconds(f"{self.url}/e/{self.info['slug']}/phase/{phase_id}")
        with self.engine.connect() as conn:
            ids = conn.execute(text("SELECT id FROM bracket WHERE phase_id = :p ORDER BY id"), {"p": phase_id})
            for (bracket_id,) in ids.fetchall():
                self.brackets.append((_load(self.database_app, bracket_id), self._ids(bracket_id)))
                bracket, match_ids = self.brackets[-1]
                self.ready.extend((bracket, m.key, match_ids[m.key]) for m in bracket.ready_matches())
        self.paused_wall += time.perf_counter() - wall
        self.paused_cpu += self._cpu() - cpu

    def _cpu(self) -> float:
        from bench.day import cpu_seconds
        return cpu_seconds(self.server_pid)

    def _page_seconds(self, address: str) -> float:
        started = time.perf_counter()
        self.desk.get(address, timeout=120).raise_for_status()
        return time.perf_counter() - started


def pool_page_after_result(url: str, day: MajorDay, session) -> tuple[float, float]:
    """The first page of pools drawn right after a result in one of its pools: (wall ms, server CPU ms)."""
    import itertools

    from bench.day import cpu_seconds
    from webapp.tournament.bracket_results import record_result
    address = f"{url}/e/{day.info['slug']}/phase/{day.info['pools']}"
    for _ in range(2):  # a page spectators have open: the result is what changes
        session.get(address, timeout=60).raise_for_status()
    first_page = [b for b, _ in day.brackets[:POOLS_PER_PAGE]]
    bracket, key, match_id = next(r for r in day.ready if r[0] in first_page)
    day.ready.remove((bracket, key, match_id))
    ops = [{**{k: v for k, v in op.items() if k != "ends"}, "device_id": "desk-bench", "seq": seq}
           for seq, op in zip(itertools.count(1), day.entries_for(bracket, key, match_id), strict=False)]
    session.post(f"{url}/sync/ops", json={"device_id": "desk-bench", "ops": ops}, timeout=60).raise_for_status()
    ids = next(i for b, i in day.brackets if b is bracket)
    day.ready.extend((bracket, k, ids[k]) for k in record_result(bracket, key, bracket.matches[key].slots[0])
                     if k != key and bracket.matches[k].status == "ready")
    started, used = time.perf_counter(), cpu_seconds(day.server_pid)
    session.get(address, timeout=60).raise_for_status()
    return (time.perf_counter() - started) * 1000, (cpu_seconds(day.server_pid) - used) * 1000


def worker_memory_mb(server_pid: int) -> float:
    """The largest resident memory of the server's processes (the master and its workers), in MB."""
    children = subprocess.run(["pgrep", "-P", str(server_pid)], capture_output=True, text=True).stdout.split()
    sizes = []
    for pid in [str(server_pid), *children]:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        sizes += [int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith("VmRSS:")]
    return max(sizes, default=0.0)


def run(args) -> None:
    """Build, serve, play, print and record the major."""
    url = args.database or f"sqlite:///{Path(tempfile.mkdtemp()) / 'major.sqlite3'}"
    url = re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", url)
    app = prepare(url)
    played, info = build_major(app, args.players)
    with app.app_context():
        name = db.engine.dialect.name
        db.engine.dispose()
    port = _free_port()
    server = serve(url, port)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base)
        day = MajorDay(played, base, url, info)
        day.database_app = app
        report(args, name, day, base, server.pid)
    finally:
        stop(server)


def report(args, name: str, day: MajorDay, base: str, server_pid: int) -> None:
    """Play the day out, print its figures and record them."""
    desk = requests.Session()
    desk.post(f"{base}/login", data={"username": "bench", "password": "bench-pass-123"}, allow_redirects=False)
    day.desk, day.server_pid = desk, server_pid
    page_ms, page_cpu = pool_page_after_result(base, day, desk)
    day, _started, elapsed = play(base, day.brackets, server_pid, day)
    memory = worker_memory_mb(server_pid)
    wall1, wall9, cpu1, cpu9 = tenths(day)
    entries = day.samples[-1][0]
    slowest_start = max(day.start_seconds, default=0.0)
    print(f"outcomes: {day.outcomes}" + (f", {day.busy} busy answers sent again" if day.busy else ""))
    print(f"phases started in {', '.join(f'{s * 1000:.0f} ms' for s in day.start_seconds)}; "
          f"top 64 page cold {day.cold_top64 * 1000:.0f} ms; largest process {memory:.0f} MB")
    print(f"day: {args.players} players, a major ({name}): {entries} entries in {elapsed:.1f} s: first 10 % "
          f"{wall1:.2f} ms/entry (server CPU {cpu1:.2f}), last 10 % {wall9:.2f} ms/entry (server CPU {cpu9:.2f})")
    met = (cpu9 <= 1.5 * cpu1 and slowest_start <= 1.0 and page_cpu <= 100 and day.cold_top64 <= 0.5
           and memory <= 200)
    figure = (f"server CPU first 10 % {cpu1:.2f}, last 10 % {cpu9:.2f} ms/entry; slowest progression start "
              f"{slowest_start * 1000:.0f} ms; pool page after a result {page_ms:.0f} ms (server CPU {page_cpu:.0f} "
              f"ms); top 64 cold {day.cold_top64 * 1000:.0f} ms; largest process {memory:.0f} MB")
    target = "last 10 % ≤ 1.5× first; progression ≤ 1 s; pool page ≤ 100 ms CPU; top 64 cold ≤ 0.5 s; ≤ 200 MB"
    record(f"day {args.players} players, a major of DE pools keeping sides ({name})", command_line("day.py"),
           figure, target, met)
