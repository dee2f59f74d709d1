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
