"""axe-core (vendored for the tests only) finds no critical or serious problem on public pages."""
from pathlib import Path

import pytest
from bracket_builders import big_double_elimination, groups_phase

AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def _problems(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}" for v in result["violations"]
            if v["impact"] in ("critical", "serious")]


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1366, "height": 768}])
def test_public_pages_have_no_serious_accessibility_problem(live_server, browser, size):
    phase = big_double_elimination(players=24, share=0.5)
    groups = groups_phase(players=16, groups=4)
    slug = phase.event.slug
    match = next(m for m in phase.brackets[0].matches if m.status == "done")
    paths = ["/", f"/e/{slug}", f"/e/{slug}/phase/{phase.id}", f"/e/{slug}/phase/{phase.id}?view=top8",
             f"/e/{groups.event.slug}/phase/{groups.id}", f"/e/{slug}/standings", f"/e/{slug}/schedule",
             f"/e/{slug}/players?q=選手", f"/m/{match.id}", f"/e/{slug}/draws", "/login"]
    found = {}
    for lang in ("ja", "en"):
        context = browser.new_context(viewport=size, locale="ja-JP", bypass_csp=True)
        page = context.new_page()
        for path in paths:
            page.goto(f"{live_server.url}{path}{'&' if '?' in path else '?'}lang={lang}")
            problems = _problems(page)
            if problems:
                found[f"{lang} {path}"] = problems
    assert not found, found
