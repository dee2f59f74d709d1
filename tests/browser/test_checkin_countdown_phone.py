"""Reception on a 390 px phone: the check-in window is shown with a countdown to its close that
ticks by itself (static/js/countdown.js, no inline script), and nothing runs off the screen."""
import re

import pytest
from axe_support import overflowing
from desk_sign_in import sign_in_desk
from playwright.sync_api import expect

from webapp.extensions import db
from webapp.services.accounts import users as accounts
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.setup import events

pytestmark = pytest.mark.browser


def test_the_countdown_to_the_close_ticks_on_a_phone(live_server, browser):
    accounts.create_user("desk", "desk-pass-123", role="desk")
    event = events.create_event("鉄拳8 週例会 受付", "", game="tekken8")
    event.settings = {"checkin_opens": "00:00", "checkin_closes": "23:59"}
    with db.session.no_autoflush:
        entrants.add_entrants(event, [{"name": "山田", "seed": 1, "members": []}])
    db.session.commit()
    page = browser.new_context(viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True,
                               locale="ja-JP").new_page()
    sign_in_desk(page, live_server.url)
    page.goto(f"{live_server.url}/staff/e/{event.slug}/checkin")
    window = page.locator("[data-testid=checkin-window]")
    expect(window).to_contain_text("受付中です")
    countdown = page.locator("[data-testid=checkin-countdown]")
    expect(countdown).to_have_text(re.compile(r"^\d+:\d\d(:\d\d)?$"))
    first = countdown.inner_text()
    expect(countdown).not_to_have_text(first, timeout=3000)  # a second later it reads one second less
    assert overflowing(page) == []
