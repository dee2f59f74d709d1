"""Benchmark: the instructions one game entry costs the app, counted by valgrind (callgrind).

bench/day.py's server CPU per entry moves from one run to the next on a shared machine by more
than a change to the entry path is worth (docs/benchmarks.md has the runs). Instructions do not
move with the machine: the same code and data count the same to a few tenths of a percent, so two
commits can be compared one run each, even on a busy machine.

What runs: bench/day.py's day (a KGP2025 double elimination of --players, the phones' bytes, batches
of ten), in one process through the Flask test client (the app's own work: no HTTP front, no thread
handoff); the day clock and the start.gg sender are off, as their work depends on the wall clock.
After --warm batches, callgrind counts every instruction of the next --batches batches (setup and
warm-up run uninstrumented).
Run from the repo root (valgrind from Debian's packages):
    .venv/bin/python bench/entry_instructions.py [--players 2048] [--batches 100]
Last line: entry instructions: N players (sqlite): X per entry over B batches
"""
import argparse
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

INSIDE = "TAIKAI_UNDER_CALLGRIND"  # set on the process valgrind runs: play the day, count nothing itself


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2048)
    parser.add_argument("--warm", type=int, default=200, help="batches played before counting")
    parser.add_argument("--batches", type=int, default=100, help="batches counted")
    args = parser.parse_args(argv)
    if os.environ.get(INSIDE):
        return play(args)
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind (Debian's package)")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                        sys.executable, __file__, *(argv if argv is not None else sys.argv[1:])],
                       check=True, cwd=ROOT, env={**os.environ, INSIDE: "1"}, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        total = counted(out.read_text())
    per_entry = total / (args.batches * 10)
    print(f"entry instructions: {args.players} players (sqlite): {per_entry / 1e6:.2f} M per entry over "
          f"{args.batches} batches")
    from bench.record import command_line, record
    record(f"entry_instructions {args.players} players (sqlite)", command_line("entry_instructions.py"),
           f"{per_entry / 1e6:.2f} M instructions per entry", "—", None)


def counted(callgrind_out: str) -> int:
    """The instructions callgrind counted (its file's summary line)."""
    # "totals:", not "summary:", which stays 0 when counting starts switched off (--instr-atstart=no)
    return int(re.search(r"^totals:\s*(\d+)", callgrind_out, re.M).group(1))


def play(args) -> None:
    """Under valgrind: build the day, play --warm batches, then count --batches more."""
    os.environ["TAIKAI_CLOCK_SECONDS"] = "0"  # the day clock's loop: its work follows the wall clock
    from webapp.config import Config
    Config.TIE_SEND_SECONDS = 0  # so does the start.gg sender's
    from bench import day, phone_bytes
    from bench.sync import prepare
    numbers = itertools.count(1 << 100)
    day.uuid = type("Ids", (), {"uuid4": staticmethod(lambda: uuid.UUID(int=next(numbers)))})  # the same ids each run
    app = prepare(f"sqlite:///{tempfile.mkdtemp()}/day.sqlite3")
    the_day = day.Day(day.build(app, args.players, 1))
    client = app.test_client()
    client.post("/login", data={"username": "bench", "password": "bench-pass-123"})
    phone = _Phone(the_day, client, phone_bytes)
    phone.send(args.warm)
    _set_counting(True)
    phone.send(args.batches)
    _set_counting(False)


def _set_counting(on: bool) -> None:
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], check=True,
                   capture_output=True)


class _Phone:
    """One phone sending the day's entries ten at a time, in seq order (bench/day.py's Phone, in process)."""

    def __init__(self, the_day, client, phone_bytes):
        self.day, self.client, self.bytes = the_day, client, phone_bytes
        self.queue, self.seq = [], itertools.count(1)

    def send(self, batches: int) -> None:
        for _ in range(batches):
            while len(self.queue) < 10 and self.day.ready:
                self.queue.extend(self.day.entries_for(*self.day.ready.popleft()))
            batch, self.queue = self.queue[:10], self.queue[10:]
            if not batch:
                raise SystemExit("the day ended before the batches asked for: ask for fewer, or more players")
            ops = [{**{k: v for k, v in op.items() if k != "ends"}, "device_id": "phone-01", "seq": next(self.seq)}
                   for op in batch]
            answer = self.client.post("/sync/ops", data=self.bytes.body("phone-01", ops, waiting=len(ops)),
                                      headers={"Content-Type": "application/json"})
            for op, result in zip(batch, answer.get_json()["results"], strict=True):
                if result["outcome"] != "applied":
                    raise SystemExit(f"{op['kind']} on match {op['match_id']}: {result}")
                if "ends" in op:
                    self.day.ended(*op["ends"])


if __name__ == "__main__":
    main()
