"""The docs readers look at: a README short enough to read, linking the pages that exist."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_is_short_and_links_its_pages():
    readme = (ROOT / "README.md").read_bytes()
    assert len(readme) < 25_000, f"README.md is {len(readme):,} bytes"
    links = set(re.findall(r"\]\((docs/[^)#\s]+)", readme.decode()))
    assert {"docs/benchmarks.md", "docs/design.md", "docs/structure.md"} <= links
    for link in links:
        assert (ROOT / link).is_file(), f"README links {link}, which does not exist"


def test_the_docs_pages_link_pages_that_exist():
    for page in (ROOT / "docs").glob("*.md"):
        for link in re.findall(r"\]\(([^)#\s:]+\.md)", page.read_text()):
            assert (page.parent / link).resolve().is_file(), f"{page.name} links {link}, which does not exist"


# A file named in prose: a path with at least one folder, ending in a source or doc suffix.
_CITED = re.compile(r"(?<![\w./-])((?:[\w-]+/)+[\w-]+\.(?:py|md|toml|js|html|css|ini|cfg|sh))\b")
_SOURCES = ("webapp", "sync", "bench", "docs", "scripts", "tests", "migrations", "static", "templates")
_ELSEWHERE = ("src/TSH",)  # TournamentStreamHelper's own files, cited where its handlers are read
_BASES = ("", "webapp", "webapp/services", "webapp/views", "tests", "tests/support", "static", "templates")


def _exists(cited: str, where: Path) -> bool:
    tail = cited.split("…")[-1]
    candidates = [ROOT / base / tail for base in _BASES] + [where.parent / tail]
    return any(c.is_file() for c in candidates) or any(ROOT.glob(f"**/{tail}"))


def _texts():
    yield ROOT / "README.md"
    for folder in _SOURCES:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".md", ".py") and "vendor" not in path.parts and path.is_file():
                yield path


def test_every_file_a_doc_or_docstring_cites_exists():
    missing = []
    for path in _texts():
        for cited in set(_CITED.findall(path.read_text(errors="ignore"))):
            if not cited.startswith(_ELSEWHERE) and not _exists(cited, path):
                missing.append(f"{path.relative_to(ROOT)} cites {cited}")
    assert not missing, "\n".join(sorted(missing))
