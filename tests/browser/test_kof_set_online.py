"""A KOF XV set on the referee's 390 px phone, online: three characters a side in order (one select a place),
kept for the next game so it takes two taps (the score and the button), the team shown in order in the history.
A screenshot is kept for a person to look at."""
import pytest
from game_events import title_event
from offline_phones import actions_of
from playwright.sync_api import expect
from staff_pages import game_form, staff

pytestmark = pytest.mark.browser

TEAM_A = ["草薙京", "八神庵", "テリー・ボガード"]


@pytest.fixture
def phone390(browser):
    return browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="ja-JP")


def test_a_kof_set_three_in_order_kept_for_the_next_game(live_server, phone390, tmp_path):
    event, match = title_event("kofxv")
    page = staff(phone390, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    form = game_form(page, 1)
    for i, name in enumerate(TEAM_A, 1):
        form.locator(f"[data-testid=team-a-{i}]").select_option(name)
    form.locator("label.chip:has(input[name=score][value='3-2'])").click()
    form.locator("button[type=submit]").click()
    form = game_form(page, 2)
    for i, name in enumerate(TEAM_A, 1):  # kept, in order: nothing to pick again
        expect(form.locator(f"[data-testid=team-a-{i}]")).to_have_value(name)
    expect(page.locator("table.games")).to_contain_text(" / ".join(TEAM_A))
    page.screenshot(path=str(tmp_path / "kof-game2.png"), full_page=True)
    form.locator("label.chip:has(input[name=score][value='3-0'])").click()
    form.locator("button[type=submit]").click()
    expect(page.locator("[data-testid=winner]")).to_be_visible()
    games = [a for a in actions_of(match) if a["kind"] == "report_game"]
    assert [g["char_a"] for g in games] == [" / ".join(TEAM_A)] * 2
