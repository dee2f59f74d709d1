"""Under the strict Content-Security-Policy, htmx and the service worker still work, and no
page logs a violation (an inline script or handler left behind would)."""

import pytest
from desk_sign_in import sign_in_desk  # noqa: E402
from page_wait import wait_until  # noqa: E402
from play_support import team_event  # noqa: E402
from playwright.sync_api import expect

from webapp.extensions import db  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402

pytestmark = pytest.mark.browser


def _violations(page) -> list[str]:
    seen: list[str] = []
    page.on("console", lambda msg: seen.append(msg.text) if "Content Security Policy" in msg.text else None)
    page.on("pageerror", lambda error: seen.append(str(error)))
    return seen


def test_staff_match_page_works_under_the_policy(live_server, phone):
    event, match = team_event()
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    page = phone.new_page()
    violations = _violations(page)
    page.goto(f"{live_server.url}/e/{event.slug}/staff-login")
    page.fill("input[name=name]", "審判 佐藤")
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")
    response = page.goto(f"{live_server.url}/staff/m/{match.id}")
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    wait_until(page, "async () => !!(await navigator.serviceWorker.ready).active", timeout=30000)
    page.locator("form[data-op=coin_toss] input[name=winner][value=a]").check()
    page.locator("form[data-op=coin_toss] input[name=choice][value=stage]").check()
    page.locator("form[data-op=coin_toss] button[type=submit]").click()
    # The entry went through the outbox and htmx swapped in the next step.
    expect(page.locator("#match-play")).to_have_attribute("data-position", "1", timeout=8000)
    page.reload()
    expect(page.locator("#match-play")).to_have_attribute("data-position", "1")
    assert violations == []


def test_desk_pages_and_the_offline_page_log_no_violation(live_server, context, desk_user):
    team_event()
    page = context.new_page()
    violations = _violations(page)
    sign_in_desk(page, live_server.url)
    for path in ("/desk/", "/desk/e/1", "/offline", "/"):
        page.goto(live_server.url + path)
    # The disqualification is confirmed on its own page (formerly a pop-up from an inline handler).
    page.goto(live_server.url + "/desk/entrant/1/dq")
    page.fill("input[name=reason]", "喫煙ルール違反")
    page.click("form.stack button[type=submit]")
    assert "/desk/e/1" in page.url
    assert violations == []
