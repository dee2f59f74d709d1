"""docs/benchmarks.md is written by the bench scripts themselves (bench/record.py): a run replaces
its own row and keeps the others, and every bench calls it."""
import ast
from datetime import datetime, timezone
from pathlib import Path

from bench import record as bench_record

ROOT = Path(__file__).resolve().parents[2]
HELPERS = {"bench_server.py", "hello.py", "phone_bytes.py", "record.py",  # run by the benches, not benches themselves
           "day_formats.py", "major.py"}  # bench/day.py --format: its rows are "day …"


def test_a_bench_replaces_its_own_row_and_keeps_the_others(tmp_path):
    page = tmp_path / "benchmarks.md"
    page.write_text("# Benchmarks\n\nprose kept\n\n" + bench_record.HEADER + "\n" + bench_record.RULE + "\n"
                    "| sync (sqlite, front) | `bench/sync.py` | 1 ops/s | then | ≥ 2,000 ops/s | **not met** |\n"
                    "| engine | `bench/engine.py` | 10 ms | then | ≤ 100 ms | met |\n\nafter the table\n")
    when = datetime(2026, 12, 3, 17, 0, tzinfo=timezone.utc)
    bench_record.record("sync (sqlite, front)", "bench/sync.py", "2,100 ops/s", "≥ 2,000 ops/s", True,
                        path=page, now=when)
    bench_record.record("day 64 players (sqlite)", "bench/day.py --players 64", "300 entries/s | fast", "—", None,
                        path=page, now=when)
    text = page.read_text()
    rows = [line for line in text.splitlines() if line.startswith("| ") and line != bench_record.HEADER]
    assert [bench_record.row_name(r) for r in rows] == ["day 64 players (sqlite)", "engine", "sync (sqlite, front)"]
    assert "| engine | `bench/engine.py` | 10 ms | then | ≤ 100 ms | met |" in rows
    assert rows[2].startswith("| sync (sqlite, front) | `bench/sync.py` | 2,100 ops/s | 2026-12-03 17:00 UTC, load ")
    assert rows[2].endswith("| ≥ 2,000 ops/s | met |") and "1 ops/s" not in text
    assert "300 entries/s \\| fast" in rows[0] and rows[0].endswith("| — | — |")
    assert text.startswith("# Benchmarks\n\nprose kept\n") and text.endswith("\nafter the table\n")


def test_recording_is_off_under_pytest_unless_a_page_is_named(tmp_path, monkeypatch):
    monkeypatch.delenv("TAIKAI_BENCH_RECORD", raising=False)
    assert bench_record.record("engine", "bench/engine.py", "1 ms", "≤ 100 ms", True) is None
    monkeypatch.setenv("TAIKAI_BENCH_RECORD", str(tmp_path / "page.md"))
    assert bench_record.record("engine", "bench/engine.py", "1 ms", "≤ 100 ms", True) == tmp_path / "page.md"
    assert "| engine |" in (tmp_path / "page.md").read_text()


def test_a_command_line_shows_no_database_password():
    shown = bench_record.command_line("sync.py", ["--database", "postgresql://taikai:secret@db/x", "--server", "front"])
    assert shown == "bench/sync.py --database postgresql://… --server front"


def test_every_bench_script_records_its_figure():
    for script in sorted((ROOT / "bench").glob("*.py")):
        if script.name in HELPERS:
            continue
        calls = {node.func.id for node in ast.walk(ast.parse(script.read_text()))
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert "record" in calls, f"{script.name} does not write its row of docs/benchmarks.md"


def test_the_benchmarks_page_has_a_row_for_every_bench():
    text = (ROOT / "docs" / "benchmarks.md").read_text()
    names = {bench_record.row_name(line) for line in text.splitlines()
             if line.startswith("| ") and line != bench_record.HEADER}
    benches = {s.stem for s in (ROOT / "bench").glob("*.py")} - {h[:-3] for h in HELPERS} - {"page_times"}
    for bench in benches:
        assert any(name.split(" ")[0] == bench for name in names), f"no row for bench/{bench}.py"
