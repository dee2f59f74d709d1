"""A Smash set on the referee's 390 px phone, online: game 1's starters struck 1-2-1 (the stage left picked by
itself), game 2's two bans by the winner, the stage the loser has won on greyed by DSR; stocks as the score,
no 1P/2P and no double K.O. anywhere. A screenshot of each step is kept for a person to look at."""
import pytest
from game_events import title_event
from offline_phones import actions_of
from playwright.sync_api import expect
from staff_pages import game_form, staff

pytestmark = pytest.mark.browser

STARTERS = ["Battlefield", "Final Destination", "Pokémon Stadium 2", "Smashville", "Town and City"]


@pytest.fixture
def phone390(browser):
    return browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="ja-JP")


def _tick(form, testid, stage):
    form.locator(f"[data-testid={testid}] label.chip:has(input[value=\"{stage}\"])").click()


def test_a_smash_set_struck_banned_and_scored_in_stocks(live_server, phone390, tmp_path):
    event, match = title_event("ssbu")
    page = staff(phone390, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    form = game_form(page, 1)
    expect(form.locator("select[name=side_a]")).to_have_count(0)
    expect(page.locator("#match-play")).not_to_contain_text("ダブルKO")
    for stage in STARTERS[:4]:
        _tick(form, "strikes", stage)
    expect(form.locator("select[name=stage]")).to_have_value("Town and City")
    expect(form.locator("[data-testid=strikes] input:not(:checked)")).to_be_disabled()
    page.screenshot(path=str(tmp_path / "smash-game1.png"), full_page=True)
    form.locator("label.chip:has(input[name=score][value='3-0'])").click()
    form.locator("button[type=submit]").click()
    form = game_form(page, 2)  # a won on Town and City: a (the winner) bans two, b picks
    expect(page.locator("table.games")).to_contain_text("拒否")
    for stage in ("Battlefield", "Final Destination"):
        _tick(form, "bans", stage)
    options = form.locator("select[name=stage] option")
    expect(options.filter(has_text="戦場").first).to_be_disabled()
    form.locator("select[name=stage]").select_option("Smashville")
    form.locator("label.chip:has(input[name=score][value='0-2'])").click()
    form.locator("button[type=submit]").click()
    form = game_form(page, 3)  # b won game 2 on Smashville: a picks, and DSR bars Town and City, where a won
    expect(form.locator("[data-testid=dsr-barred]")).to_contain_text("村と街")
    expect(form.locator("select[name=stage] option[value='Town and City']")).to_be_disabled()
    page.screenshot(path=str(tmp_path / "smash-game3.png"), full_page=True)
    games = [a for a in actions_of(match) if a["kind"] == "report_game"]
    assert [g["stage"] for g in games] == ["Town and City", "Smashville"]
    assert games[1]["banned"] == "Battlefield|Final Destination" and games[0]["side_a"] == ""
