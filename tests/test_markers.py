"""`-m "not browser"` leaves out every test that drives Chromium, and only those (issue 36.6)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _collect(*args: str) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    return done.returncode, [line for line in done.stdout.splitlines() if "::" in line]


def test_not_browser_starts_no_chromium_and_browser_selects_them_all():
    for folder in ("tests/browser", "tests/rehearsal"):
        code, left = _collect("-m", "not browser", folder)
        assert (code, left) == (5, []), folder  # 5: collected fine, every test deselected
        code, chosen = _collect("-m", "browser", folder)
        assert code == 0 and chosen
    assert _collect("-m", "browser", "tests/domain")[1] == []
