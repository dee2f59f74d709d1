"""The words of a held entry at its form are the server's (one table, webapp/views/outcome_words.py):
it waits for an earlier result and applies by itself — not "sent to the desk"."""

import pytest
from play_support import team_event  # noqa: E402
from playwright.sync_api import expect

from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402


@pytest.fixture
def phone(browser):
    return browser.new_context(viewport={"width": 360, "height": 800}, has_touch=True, is_mobile=True,
                               locale="ja-JP")


def test_an_entry_ahead_of_the_recorded_steps_shows_it_waits_and_then_applies_by_itself(live_server, phone):
    event, match = team_event("best_of", "kgp2025", size=1, best_of=5)
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    page = phone.new_page()
    page.goto(f"{live_server.url}/e/{event.slug}/staff-login")
    page.fill("input[name=name]", "審判 佐藤")
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    form = page.locator("form[data-op=report_game]:visible")
    # This phone's game 2: game 1 is still on another phone (its step is not recorded yet).
    form.evaluate("f => { f.querySelector('input[name=position]').value = '1'; }")
    form.locator("label", has=page.locator("input[name=score][value='2-1']")).click()
    form.locator("button[type=submit]").click()
    status = page.locator("[data-testid=entry-status]")
    expect(status).to_contain_text("前の試合の結果を待っています。届きしだい自動で反映されます", timeout=10000)
    expect(status).not_to_contain_text("本部に送りました")
    expect(page.locator("#outbox-status li[data-status=held]").first).to_contain_text("自動で反映されます")
    db.session.rollback()
    assert db.session.get(MatchRow, match.id).actions == []
