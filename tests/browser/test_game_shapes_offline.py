"""Each game's own shape on a 360 px phone, offline from the event's pack (the match page rebuilt on the phone)
and online: Smash shows stocks, strikes its starters 1-2-1 (the stage left picked by itself) and has no 1P/2P nor
double K.O. (KOF XV's three characters: test_kof_offline.py). Queued offline, sent when back online, applied."""
import pytest
from game_events import offline_game_form, send_when_back_online
from offline_phones import actions_of
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

STARTERS = ["Battlefield", "Final Destination", "Pokémon Stadium 2", "Smashville", "Town and City"]


def test_smash_offline_strikes_stocks_no_side(live_server, phone):
    page, form, match = offline_game_form(phone, live_server.url, "ssbu")
    expect(form.locator("input[name=score][value='3-0']")).to_have_count(1)
    expect(form.locator("input[name=score][value='2-1']")).to_have_count(0)
    expect(form.locator("select[name=side_a]")).to_be_hidden()
    strikes = form.locator("[data-testid=strikes]")
    expect(strikes).to_contain_text("1-2-1")
    for stage in STARTERS[:4]:
        strikes.locator(f"label.chip:has(input[value=\"{stage}\"])").click()
    expect(form.locator("select[name=stage]")).to_have_value("Town and City")
    form.locator("label.chip:has(input[name=score][value='2-0'])").click()
    send_when_back_online(page, phone, form)
    game = next(a for a in actions_of(match) if a["kind"] == "report_game")
    assert (game["stage"], game["rounds_a"], game["rounds_b"], game["side_a"]) == ("Town and City", 2, 0, "")
    assert game["struck"].split("|") == STARTERS[:4]

