"""Helpers several test files share (moved from tests/browser/test_offline_decided.py, where they were imported from)."""
from offline_phones import staff_page
from play_support import team_event

from webapp.extensions import db
from webapp.services.accounts import users as accounts


def venue_phone(venue_server, venue_browser, event, lang="ja"):
    """A signed-in phone on the venue's https address, the service worker in control."""
    context = venue_browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                        locale="ja-JP" if lang == "ja" else "en-US")
    page = staff_page(context, venue_server.url, event)
    page.goto(f"{venue_server.url}/staff/?lang={lang}")
    return context, page


def open_match(page, url, match):
    page.goto(f"{url}/staff/m/{match.id}")
    for _ in range(60):  # polled here: a waited-for string is an eval the page's CSP refuses while it polls
        if page.evaluate("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
            break
        page.wait_for_timeout(250)
    assert page.evaluate("window.isSecureContext") is True


def event_of(*args, **kw):
    event, match = team_event(*args, **kw)
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    return event, match


def reconnect(context, page):
    """Back online; the phone is told (again, should its first try have met the network still down)."""
    context.set_offline(False)
    for _ in range(80):  # a send begun while offline may hold the outbox until its timeout (20 s)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        if page.evaluate("async () => (await TaikaiOutbox.pendingCount()) === 0"):
            return
        page.wait_for_timeout(500)
