"""An entry that reached the server while the phone still has it as unsent (its reply lost, the page reloaded
before the outbox resent it) is counted once: the online match page (unsent_view.js) shows the game after the
server's recorded ones, the referee's next entry is stamped at the server's next step and lands as that game.
A phone at 390 px on the venue's https, its service worker in control; only the /sync/ops POSTs are routed."""
import pytest
from game_events import title_event
from offline_phones import actions_of, ops_with, staff_page
from playwright.sync_api import expect
from staff_pages import game_form
from venue_offline import open_match
from venue_phones import VENUE_NAME, venue_browser, venue_server  # noqa: F401 (pytest fixtures, asked for by name)

from webapp.extensions import db
from webapp.services.accounts import users as accounts

pytestmark = pytest.mark.browser


class LostReplies:
    """Once armed, the first POST reaches the server and its reply is lost; later ones fail until the wifi comes back, and
    so do the phone's questions of what became of its entries.
    The test's own fetch goes to this machine by address (only the phone's Chromium resolves the venue name),
    named as the venue in its Host header, as the phone's request is."""

    def __init__(self, server_url):
        self.answered, self.armed, self.back = [], False, False
        self.host = server_url.split("//", 1)[1]

    def __call__(self, route):
        if self.back or not self.armed:
            route.continue_()
        elif route.request.method != "POST":
            route.abort()                       # nor does it hear what became of it (sync/outcomes)
        elif not self.answered:
            url = route.request.url.replace(VENUE_NAME, "127.0.0.1")
            self.answered.append(route.fetch(url=url, headers={**route.request.headers, "host": self.host}))  # the server applied it...
            route.abort()                       # ...and the phone never hears so
        else:
            route.abort()


def _phone(venue_browser, venue_server, event, match, lost):  # noqa: F811 - the fixtures, passed on
    """The phone, its replies routed through `lost` from before its service worker starts (a route added to a
    phone whose worker already runs may miss the worker's requests)."""
    phone = venue_browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                      locale="ja-JP", ignore_https_errors=True)  # for the test's fetch (LostReplies)
    phone.route("**/sync/ops", lost)
    phone.route("**/sync/outcomes*", lost)
    page = staff_page(phone, venue_server.url, event)
    open_match(page, venue_server.url, match)
    return phone, page


def _game(page, n, score):
    form = game_form(page, n)
    expect(form.locator("input[name=position]")).to_have_value(str(n - 1))  # the step the server expects
    form.locator(f"label.chip:has(input[name=score][value='{score}'])").click()
    form.locator("button[type=submit]").click()


def test_a_game_the_server_applied_but_the_phone_still_holds_is_counted_once(venue_server, venue_browser):  # noqa: F811
    event, match = title_event("sf6", best_of=5)
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    lost = LostReplies(venue_server.url)
    phone, page = _phone(venue_browser, venue_server, event, match, lost)
    lost.armed = True
    _game(page, 1, "2-0")
    # The page asks the server again after the failed send: it has game 1, the phone has it unsent.
    expect(page.locator("#match-play")).to_have_attribute("data-position", "1", timeout=30000)
    ops_with(page, "saved", 1)
    assert lost.answered and lost.answered[0].status == 200
    game_form(page, 2)
    page.reload()  # before the outbox could resend it
    expect(page.locator("#match-play")).to_have_attribute("data-position", "1")
    ops_with(page, "saved", 1)
    expect(page.locator("[data-testid=score] [data-part=score]")).to_have_text("1 – 0")  # not 2 – 0
    _game(page, 2, "0-2")
    lost.back = True
    page.locator("#outbox-status [data-action=sync]").click()
    ops_with(page, "duplicate", 1)
    ops_with(page, "applied", 1)
    games = [a for a in actions_of(match) if a["kind"] == "report_game"]
    assert [g["winner"] for g in games] == ["a", "b"]  # game 2 landed as game 2, nothing held
    game_form(page, 3)
