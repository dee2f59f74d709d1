"""bench/entry_path.py: a referee's game that ends a match runs code in at most 40 project files (issue 36),
so a new hop on the entry's path is seen when it is added, not at the next measurement."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_game_entry_crosses_at_most_40_project_files(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}  # its own SQLite file
    env["TAIKAI_BENCH_RECORD"] = str(tmp_path / "benchmarks.md")  # its row, not the repository's page
    done = subprocess.run([sys.executable, "bench/entry_path.py", "--list"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    files = int(re.search(r"runs code in (\d+) project files", done.stdout).group(1))
    assert files <= 40, done.stdout
    assert "| met |" in (tmp_path / "benchmarks.md").read_text()
