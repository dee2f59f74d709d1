"""Each bench writes its own row of docs/benchmarks.md: command, figure, date, target, met.

A bench calls record(...) after printing its figure (its last line stays the figure). The date
carries the machine's load average: on a shared machine, wall-clock figures fall with it. The row
is keyed by the bench's name (the script and what it ran: database, size), so a run replaces
its own row and keeps every other, and the rows stay sorted by that name. Nothing else in the
page is touched: the prose above and below the table is written by people.

TAIKAI_BENCH_RECORD=path writes to another file (the tests use one in a temporary folder);
TAIKAI_BENCH_RECORD= (empty) records nothing. Under pytest without it, nothing is recorded
either, so a test that runs a bench never rewrites the repository's page.
"""
from __future__ import annotations

import os
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
HEADER = "| bench | command | figure | date | target | met |"
RULE = "|---|---|---|---|---|---|"


def record(bench: str, command: str, figure: str, target: str, met: bool | None,
           *, path: Path | str | None = None, now: datetime | None = None) -> Path | None:
    """Write (or rewrite) this bench's row; met None means the bench has no target. Returns the
    page written, or None when recording is off."""
    page = _page(path)
    if page is None:
        return None
    when = (now or datetime.now(timezone.utc)).strftime("%Y-%m-%d %H:%M UTC")
    when += f", load {os.getloadavg()[0]:.1f}"  # a shared machine's load slows every wall-clock figure
    verdict = "—" if met is None else ("met" if met else "**not met**")
    row = "| " + " | ".join(_cell(c) for c in (bench, f"`{command}`", figure, when, target, verdict)) + " |"
    text = page.read_text(encoding="utf-8") if page.exists() else f"# Benchmarks\n\n{HEADER}\n{RULE}\n"
    page.write_text(replace_row(text, bench, row), encoding="utf-8")
    print(f"recorded in {page}", file=sys.stderr)
    return page


def replace_row(text: str, bench: str, row: str) -> str:
    """The page with this bench's row replaced (or added), the table sorted by bench name."""
    lines = text.splitlines()
    if HEADER not in lines:
        lines += ["", HEADER, RULE]
    start = lines.index(HEADER) + 2
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    rows = {row_name(line): line for line in lines[start:end]}
    rows[_cell(bench)] = row
    lines[start:end] = [rows[name] for name in sorted(rows)]
    return "\n".join(lines) + "\n"


def row_name(line: str) -> str:
    """A table row's first cell: the bench it belongs to."""
    return re.match(r"\|\s*(.*?)\s*\|", line).group(1)


def command_line(script: str, argv: list[str] | None = None) -> str:
    """How the bench was run, without secrets: a database URL is shown by its scheme only."""
    args = sys.argv[1:] if argv is None else argv
    shown = [re.sub(r"^([a-z+]+)://.*$", r"\1://…", a) for a in args]
    return " ".join([f"bench/{script}", *shown])


def _cell(value: str) -> str:
    """Table-safe text: one line, pipes escaped."""
    return " ".join(str(value).split()).replace("|", "\\|")


def _page(path) -> Path | None:
    """Where to record: the argument, TAIKAI_BENCH_RECORD, or docs/benchmarks.md (not under pytest)."""
    if path is not None:
        return Path(path)
    chosen = os.environ.get("TAIKAI_BENCH_RECORD")
    if chosen is not None:
        return Path(chosen) if chosen else None
    return None if "PYTEST_CURRENT_TEST" in os.environ else PAGE
