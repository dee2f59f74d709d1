"""A referee on a 360 px phone enters a whole kachinuki match; a broken rule is shown and fixed."""

from play_support import team_event  # noqa: E402
from playwright.sync_api import expect
from staff_pages import sign_in_with_pin, tap_member

from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402


def _report(page, rounds_a, rounds_b):
    """One tap on the score ("3–1" says who won, "2–2" is a double K.O.), one on record."""
    form = page.locator("form[data-op=report_game]")
    form.locator(f"input[name=score][value='{rounds_a}-{rounds_b}']").check()
    form.locator("button[type=submit]").click()


def _wait_position(page, position):
    expect(page.locator("#match-play")).to_have_attribute("data-position", str(position), timeout=8000)


def test_referee_enters_full_kachinuki_on_a_phone(live_server, phone):
    event, match = team_event()
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    page = phone.new_page()
    sign_in_with_pin(page, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.locator("form[data-op=coin_toss] input[name=winner][value=a]").check()
    page.locator("form[data-op=coin_toss] input[name=choice][value=stage]").check()
    page.locator("form[data-op=coin_toss] button[type=submit]").click()
    _wait_position(page, 1)
    tap_member(page, "A1")
    _wait_position(page, 2)
    tap_member(page, "B1")
    _wait_position(page, 3)

    _report(page, 3, 0)
    _wait_position(page, 4)

    position = 4
    for n in range(2, 6):   # A1 beats B2..B5 after B names each
        tap_member(page, f"B{n}")
        position += 1
        _wait_position(page, position)
        _report(page, 3, 1)
        position += 1
        _wait_position(page, position)
    expect(page.locator("[data-testid=winner]")).to_contain_text("チームA")
    db.session.rollback()  # end the test's own read snapshot
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == row.slot_a
