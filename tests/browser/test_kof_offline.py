"""KOF XV offline from the event's pack on a 360 px phone: three characters a side, in order, one select a
place; queued offline, sent when back online, applied in that order."""
import pytest
from game_events import offline_game_form, send_when_back_online
from offline_phones import actions_of
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_kof_offline_three_characters_in_order(live_server, phone):
    page, form, match = offline_game_form(phone, live_server.url, "kofxv")
    expect(form.locator("[data-testid=team-a-3]")).to_be_visible()
    expect(form.locator(".char-keep").first).to_be_hidden()
    team = ["草薙京", "八神庵", "テリー・ボガード"]
    for i, name in enumerate(team, 1):
        form.locator(f"[data-testid=team-a-{i}]").select_option(name)
    form.locator("label.chip:has(input[name=score][value='3-1'])").click()
    send_when_back_online(page, phone, form)
    game = next(a for a in actions_of(match) if a["kind"] == "report_game")
    assert game["char_a"] == " / ".join(team)
