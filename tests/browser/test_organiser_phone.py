"""A new organiser runs the desk from a 390 px phone (found by the organiser's rehearsal): a very long
entrant name keeps the event page inside the screen (the entrant table scrolls by itself), a long
check box label keeps its box, and the match list's filters are thumb-sized."""
import pytest
from axe_support import PHONE
from desk_sign_in import sign_in_desk
from game_events import draft_event

from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets

pytestmark = pytest.mark.browser
JUGEMU = "寿限無寿限無五劫の擦り切れ海砂利水魚の水行末雲来末風来末食う寝る処に住む処やぶら小路の藪柑子パイポパイポ"


def test_the_desk_on_a_phone_stays_inside_the_screen_with_a_long_name(live_server, browser, desk_user):
    event, phase = draft_event("ssbu", players=3)
    entrants.add_entrants(event, [{"name": JUGEMU, "seed": None, "members": [(JUGEMU, "")]}])
    db.session.commit()
    page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP").new_page()
    sign_in_desk(page, live_server.url)
    page.goto(f"{live_server.url}/desk/e/{event.id}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.goto(f"{live_server.url}/desk/e/{event.id}/signup")
    box = page.locator("[data-testid=onsite-toggle]").bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24  # not squeezed by its two-line label

    db.session.rollback()  # end the test's read snapshot: the server wrote since
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    page.goto(f"{live_server.url}/desk/phase/{phase.id}")
    filters = page.locator("form.run-filters select, form.run-filters input[type=search]")
    assert filters.count() >= 3
    for i in range(filters.count()):
        assert filters.nth(i).bounding_box()["height"] >= 44
