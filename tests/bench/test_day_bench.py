"""bench/day.py plays a whole 64-player KGP2025 day end to end, so the headline sync bench cannot rot."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_64_player_day_is_played_out_through_the_server_twice_over(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}  # its own SQLite file
    env["TAIKAI_BENCH_RECORD"] = str(tmp_path / "benchmarks.md")  # its row, not the repository's page
    done = subprocess.run([sys.executable, "bench/day.py", "--players", "64", "--runs", "2"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    outcomes, cpu, figure = done.stdout.strip().splitlines()[-3:]
    # every entry applied, none refused (a busy answer is sent again, as a phone does)
    assert re.fullmatch(r"outcomes: \{'applied': \d+\}(, \d+ busy answers sent again)?", outcomes)
    assert re.fullmatch(r"server CPU: first 10 % [\d.]+ ms/entry, last 10 % [\d.]+ ms/entry, "
                        r"whole day [\d.]+ ms/entry", cpu)
    assert re.fullmatch(r"day: 64 players \(sqlite\): \d+ entries in [\d.]+ s: first 10 % [\d.]+ ms/entry, "
                        r"last 10 % [\d.]+ ms/entry, \d+ entries/s", figure)
    assert done.stdout.count("day: 64 players (sqlite)") == 2  # played twice over, each day's lines printed
    row = (tmp_path / "benchmarks.md").read_text()
    assert "| day 64 players (sqlite) | `bench/day.py --players 64 --runs 2` |" in row
    assert re.search(r"server CPU [\d.]+ ms/entry \(median of 2 days: [\d.]+–[\d.]+\)", row)


def test_a_day_of_pools_is_played_out_too():
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run([sys.executable, "bench/day.py", "--players", "72", "--pools", "4"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "day: 72 players in 4 pools (sqlite)" in done.stdout


def test_the_formats_days_are_played_out_too(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["TAIKAI_BENCH_RECORD"] = str(tmp_path / "benchmarks.md")
    pools = subprocess.run([sys.executable, "bench/day.py", "--format", "pools-top64", "--players", "90"], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=180)
    assert pools.returncode == 0, pools.stderr[-2000:]
    assert re.search(r"pool page after one result: slowest \d+ ms \(server CPU \d+ ms\)", pools.stdout)
    assert re.search(r"day: 90 players in pools of 5 into a top 64 DE \(sqlite\): \d+ entries .*server CPU [\d.]+\)",
                     pools.stdout)
    swiss = subprocess.run([sys.executable, "bench/day.py", "--format", "swiss", "--players", "32", "--rounds", "5"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert swiss.returncode == 0, swiss.stderr[-2000:]
    assert re.search(r"Swiss pairing: slowest round \d+ ms of 4", swiss.stdout)
    page = (tmp_path / "benchmarks.md").read_text()
    assert "day 32 players, Swiss of 5 rounds (sqlite)" in page and "day 90 players in pools of 5" in page
