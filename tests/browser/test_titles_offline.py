"""Every catalogue title plays a game offline from the event's pack under its usual rules (issue 40): the score
chips its unit has, the characters a side it has (in order where it matters), its strikes where it strikes
stages; queued on the phone, sent when back online, applied by the server."""
import pytest
from game_events import offline_game_form
from offline_phones import actions_of, ops_with

from webapp.tournament import games

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", sorted(games.GAMES))
def test_a_game_of_each_title_offline(live_server, phone, game):
    page, form, match = offline_game_form(phone, live_server.url, game)
    title = games.get_title(game)
    roster = title.character_values()
    for i in range(title.characters_per_side if title.characters_per_side > 1 and roster else 0):
        form.locator(f"[data-testid=team-a-{i + 1}]").select_option(roster[i])
    if title.stage_procedure == "striking":
        for stage in title.strike_rules().starters[:-1]:
            form.locator(f"[data-testid=strikes] label.chip:has(input[value=\"{stage}\"])").click()
    form.locator("[data-testid=score-choices] label.chip").first.click()
    form.locator("button[type=submit]").click()
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "applied", 1)
    game_row = next(a for a in actions_of(match) if a["kind"] == "report_game")
    assert game_row["winner"] == "a"
    if title.characters_per_side > 1 and roster:
        assert game_row["char_a"].split(" / ") == roster[:title.characters_per_side]
