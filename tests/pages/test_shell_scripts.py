"""The service worker caches every script the match pages load (static/sw.js's SHELL): a script split off
or added and not listed there is missing on a phone offline, and the offline match page breaks."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _scripts(template: str) -> set[str]:
    text = (ROOT / "templates" / template).read_text(encoding="utf-8")
    return {f"/static/{path}" for path in re.findall(r"filename='((?:js|vendor)/[^']+\.js)'", text)}


def test_every_script_of_the_offline_match_page_and_the_base_page_is_in_the_shell():
    shell = set(re.findall(r"'(/static/[^']+)'", (ROOT / "static" / "sw.js").read_text(encoding="utf-8")))
    scripts = _scripts("offline_match.html") | _scripts("base.html")
    assert {"/static/js/offline_plays.js", "/static/js/offline_desk.js", "/static/js/offline_pack.js"} <= scripts
    assert scripts - shell == set()
