"""axe-core (vendored for the tests only) finds no critical or serious problem on the public bracket pages
(staff, desk and the other pages: test_accessibility_signed_in.py)."""
import pytest
from accessibility_pages import BRACKET_PAGES
from axe_support import LAPTOP, PHONE, endpoints, serious_problems
from bracket_builders import big_double_elimination, groups_phase


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_public_pages_have_no_serious_accessibility_problem(app, live_server, browser, size):
    phase = big_double_elimination(players=24, share=0.5)
    groups = groups_phase(players=16, groups=4)
    slug = phase.event.slug
    match = next(m for m in phase.brackets[0].matches if m.status == "done")
    paths = ["/", f"/e/{slug}", f"/e/{slug}/phase/{phase.id}", f"/e/{slug}/phase/{phase.id}?view=top8",
             f"/e/{groups.event.slug}/phase/{groups.id}", f"/e/{groups.event.slug}/phase/{groups.id}/pools",
             f"/e/{slug}/standings", f"/e/{slug}/schedule",
             f"/e/{slug}/players?q=選手", f"/m/{match.id}", f"/e/{slug}/draws", "/login"]
    assert endpoints(app, paths) == BRACKET_PAGES
    found = {}
    for lang in ("ja", "en"):
        context = browser.new_context(viewport=size, locale="ja-JP", bypass_csp=True)
        page = context.new_page()
        for path in paths:
            page.goto(f"{live_server.url}{path}{'&' if '?' in path else '?'}lang={lang}")
            problems = serious_problems(page)
            if problems:
                found[f"{lang} {path}"] = problems
    assert not found, "\n".join(f"{page}: {problems}" for page, problems in found.items())
