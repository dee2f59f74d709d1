"""bench/day.py --format: issue 27's days on the same 16 phones through /sync/ops.

- ``pools-top64``: N players (2,000) in round-robin pools of 5, the best 64 overall into a double
  elimination; the desk starts the top 64 (POST /desk/phase/<id>/start) when the last pool ends.
- ``swiss``: N players (1,024) in a Swiss of --rounds rounds; the server pairs each round with the
  round's last result, the phones run the same pairing (formats/swiss.py, from the bracket's
  recorded seed) and read the new matches' ids.

Printed besides day.py's lines: the server's CPU per entry over the first and the last 10 % of
the entries (target: last within 1.5x first; the desk's start of the top 64 is left out of both
clocks), the time to pair a Swiss round (target <= 1 s), and a pool page (its cross tables) drawn
right after one result (target <= 100 ms).
"""
from __future__ import annotations

import itertools
import re
import tempfile
import time
from pathlib import Path

import requests
from sqlalchemy import create_engine, text

from bench.day import Day, cpu_seconds, play, stop, wait_until_up
from bench.record import command_line, record
from bench.sync import _free_port, prepare, serve
from webapp.extensions import db
from webapp.tournament.bracket_results import record_result
from webapp.tournament.formats import swiss

POOL_SIZE, TOP = 5, 64
POOLS_PER_PAGE = 16  # as views/public/pages.py draws them


def build_pools(app, players: int):
    """The event: round-robin pools of 5 and a top 64 DE fed by the best 64 overall; pools started."""
    from webapp.services.accounts import users as accounts
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import bracket_rows, brackets
    from webapp.services.setup import events, progressions
    rows = [{"name": f"選手{i:05d}", "seed": i, "members": []} for i in range(1, players + 1)]
    with app.app_context():
        accounts.create_user("bench", "bench-pass-123", role="desk")
        event = events.create_event("一日負荷試験 予選リーグ", "kgp2025", entrant_kind="player", team_size=1)
        entrants.add_entrants(event, rows)
        pools = events.add_phase(event, "予選リーグ", "round_robin", group_count=-(-players // POOL_SIZE),
                                 tie_resolution="draw")
        # Bo3 throughout: the phones' entries are 2-0 and 2-1 (day.py's entries_for)
        top = events.add_phase(event, "TOP64", "double_elimination", best_of=3)
        db.session.flush()
        progressions.set_rule(top, pools, "best", TOP)
        brackets.start_phase(pools, event.entrants)
        db.session.commit()
        played = [(bracket_rows.load(row), {m.key: m.id for m in row.matches}) for row in pools.brackets]
        return played, {"slug": event.slug, "pools": pools.id, "top": top.id}


def build_swiss(app, players: int, rounds: int):
    """The event: one Swiss of `rounds` rounds, its first round paired."""
    from webapp.services.accounts import users as accounts
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import bracket_rows, brackets
    from webapp.services.setup import events
    rows = [{"name": f"選手{i:05d}", "seed": i, "members": []} for i in range(1, players + 1)]
    with app.app_context():
        accounts.create_user("bench", "bench-pass-123", role="desk")
        event = events.create_event("一日負荷試験 スイス", "kgp2025", entrant_kind="player", team_size=1)
        entrants.add_entrants(event, rows)
        phase = events.add_phase(event, "スイスドロー", "swiss", rounds=rounds)
        db.session.flush()
        brackets.start_phase(phase, event.entrants)
        db.session.commit()
        row = phase.brackets[0]
        return [(bracket_rows.load(row), {m.key: m.id for m in row.matches})], {"slug": event.slug, "bracket": row.id}


class FormatDay(Day):
    """day.py's day, with the server's CPU read at every answer, a Swiss round paired by the
    phones as the server pairs it, and the top 64 started by the desk when the pools end."""

    def __init__(self, played, url: str, database: str, info: dict):
        super().__init__(played)
        self.url, self.info, self.engine = url, info, create_engine(database)
        self.samples: list[tuple[int, float, float]] = []  # (entries answered, wall, CPU) at each answer
        self.paused_wall = self.paused_cpu = 0.0
        self.pairing_seconds: list[float] = []
        self.desk = None
        self.top_started = "top" not in info

    def mark_cpu(self) -> None:
        done = sum(n for _, n in self.answered)
        self.samples.append((done, time.perf_counter() - self.paused_wall, cpu_seconds(self.server_pid)
                             - self.paused_cpu))

    def ended(self, bracket, key: str, winner: int) -> None:
        if bracket.format == "swiss":
            record_result(bracket, key, winner)
            if bracket.finished and swiss.rounds_made(bracket) < int(bracket.options.get("rounds", 0)):
                self._pair(bracket)
            return
        super().ended(bracket, key, winner)
        if not self.top_started and all(b.finished for b, _ in self.brackets):
            self._start_top()

    def _pair(self, bracket) -> None:
        started = time.perf_counter()
        keys = swiss.next_round(bracket)  # the phones' copy of the server's pairing
        self.pairing_seconds.append(time.perf_counter() - started)
        ids = self.brackets[0][1]
        ids.update(self._ids(self.info["bracket"]))
        self.ready.extend((bracket, k, ids[k]) for k in keys if bracket.matches[k].status == "ready")

    def _ids(self, bracket_id: int) -> dict:
        with self.engine.connect() as conn:
            rows = conn.execute(text("SELECT key, id FROM match WHERE bracket_id = :b"), {"b": bracket_id})
            return {k: i for k, i in rows}

    def _start_top(self) -> None:
        """The desk starts the top 64 (not counted in the per-entry clocks)."""
        wall, cpu = time.perf_counter(), cpu_seconds(self.server_pid)
        answer = self.desk.post(f"{self.url}/desk/phase/{self.info['top']}/start", data={"gate": "anyway"},
                                allow_redirects=False, timeout=600)
        answer.raise_for_status()
        self.top_started = True
        with self.engine.connect() as conn:
            bracket_id = conn.execute(text("SELECT id FROM bracket WHERE phase_id = :p"),
                                      {"p": self.info["top"]}).scalar_one()
        self.brackets.append((_load(self.database_app, bracket_id), self._ids(bracket_id)))
        bracket, ids = self.brackets[-1]
        self.ready.extend((bracket, m.key, ids[m.key]) for m in bracket.ready_matches())
        self.paused_wall += time.perf_counter() - wall
        self.paused_cpu += cpu_seconds(self.server_pid) - cpu


def _load(app, bracket_id: int):
    from webapp.models import BracketRow
    from webapp.services.matches import bracket_rows
    with app.app_context():
        bracket = bracket_rows.load(db.session.get(BracketRow, bracket_id))
        db.session.remove()
        return bracket


def tenths(day: FormatDay, share: float = 0.1) -> tuple[float, float, float, float]:
    """(wall ms, CPU ms) per entry over the first and the last `share` of the entries."""
    total = day.samples[-1][0]
    start = (0, day.samples[0][1], day.samples[0][2])
    first = next(s for s in day.samples if s[0] >= total * share)
    last = next(s for s in day.samples if s[0] >= total * (1 - share))
    end = day.samples[-1]
    per = [(b[k] - a[k]) * 1000 / max(b[0] - a[0], 1) for a, b in ((start, first), (last, end)) for k in (1, 2)]
    return per[0], per[2], per[1], per[3]


def pool_page_ms(url: str, day: FormatDay, session, pages: int) -> tuple[float, float]:
    """The slowest of three pool pages (cross tables) drawn right after a result in one of their
    pools: (wall ms, server CPU ms; the server does nothing else meanwhile, so the CPU figure is
    the page's own on a shared machine, to the kernel's 10 ms tick)."""
    slowest, cpu, seqs = 0.0, 0.0, itertools.count(1)
    for page in sorted({1, max(pages // 2, 1), pages}):
        address = f"{url}/e/{day.info['slug']}/phase/{day.info['pools']}"
        params = {"pools": page} if page > 1 else {}
        for _ in range(2):  # a page spectators have open (each worker has drawn it once): the result is what changes
            session.get(address, params=params, timeout=60).raise_for_status()
        bracket, key, match_id = next(r for r in day.ready if r[0].label and _page_of(day, r[0]) == page)
        day.ready.remove((bracket, key, match_id))
        ops = [{**{k: v for k, v in op.items() if k != "ends"}, "device_id": "desk-bench", "seq": seq}
               for seq, op in zip(seqs, day.entries_for(bracket, key, match_id), strict=False)]
        session.post(f"{url}/sync/ops", json={"device_id": "desk-bench", "ops": ops}, timeout=60).raise_for_status()
        for k in record_result(bracket, key, bracket.matches[key].slots[0]):
            if k != key and bracket.matches[k].status == "ready":
                day.ready.append((bracket, k, day.brackets[[b for b, _ in day.brackets].index(bracket)][1][k]))
        started, used = time.perf_counter(), cpu_seconds(day.server_pid)
        answer = session.get(address, params=params, timeout=60)
        slowest = max(slowest, time.perf_counter() - started)
        cpu = max(cpu, cpu_seconds(day.server_pid) - used)
        answer.raise_for_status()
        assert 'class="cross"' in answer.text
    return slowest * 1000, cpu * 1000


def _page_of(day: FormatDay, bracket) -> int:
    return [b for b, _ in day.brackets].index(bracket) // POOLS_PER_PAGE + 1


def run(args) -> None:
    """Build, serve, play, print and record one formats day."""
    url = args.database or f"sqlite:///{Path(tempfile.mkdtemp()) / 'day.sqlite3'}"
    url = re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", url)
    app = prepare(url)
    swiss_day = args.format == "swiss"
    played, info = build_swiss(app, args.players, args.rounds) if swiss_day else build_pools(app, args.players)
    with app.app_context():
        name = db.engine.dialect.name
        db.engine.dispose()
    port = _free_port()
    server = serve(url, port)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base)
        day = FormatDay(played, base, url, info)
        day.database_app = app
        report(args, name, day, base, swiss_day, server.pid)
    finally:
        stop(server)


def report(args, name: str, day: FormatDay, base: str, swiss_day: bool, server_pid: int) -> None:
    """Play the day out, print its figures and record them."""
    desk = requests.Session()
    desk.post(f"{base}/login", data={"username": "bench", "password": "bench-pass-123"}, allow_redirects=False)
    day.desk, day.server_pid = desk, server_pid
    page_ms, page_cpu = (None, None) if swiss_day else pool_page_ms(base, day, desk,
                                                                     -(-len(day.brackets) // POOLS_PER_PAGE))
    day, _started, elapsed = play(base, day.brackets, server_pid, day)
    wall1, wall9, cpu1, cpu9 = tenths(day)
    entries = day.samples[-1][0]
    shape = (f"{args.players} players, Swiss of {args.rounds} rounds" if swiss_day
             else f"{args.players} players in pools of {POOL_SIZE} into a top {TOP} DE")
    print(f"outcomes: {day.outcomes}" + (f", {day.busy} busy answers sent again" if day.busy else ""))
    if swiss_day:
        print(f"Swiss pairing: slowest round {max(day.pairing_seconds) * 1000:.0f} ms of {len(day.pairing_seconds)}")
    else:
        print(f"pool page after one result: slowest {page_ms:.0f} ms (server CPU {page_cpu:.0f} ms)")
    print(f"day: {shape} ({name}): {entries} entries in {elapsed:.1f} s: first 10 % {wall1:.2f} ms/entry "
          f"(server CPU {cpu1:.2f}), last 10 % {wall9:.2f} ms/entry (server CPU {cpu9:.2f}), "
          f"{entries / elapsed:.0f} entries/s")
    flat = cpu9 <= 1.5 * cpu1
    extra = (max(day.pairing_seconds) <= 1.0) if swiss_day else (page_cpu <= 100)
    figure = f"server CPU first 10 % {cpu1:.2f}, last 10 % {cpu9:.2f} ms/entry; " + (
        f"slowest Swiss round paired in {max(day.pairing_seconds) * 1000:.0f} ms" if swiss_day
        else f"pool page after a result {page_ms:.0f} ms (server CPU {page_cpu:.0f} ms)")
    target = "last 10 % ≤ 1.5× first 10 %; " + ("pairing ≤ 1 s" if swiss_day else "pool page ≤ 100 ms server CPU")
    record(f"day {shape} ({name})", command_line("day.py"), figure, target, flat and extra)

