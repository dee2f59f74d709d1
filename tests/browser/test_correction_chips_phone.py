"""The desk corrects a Smash game from a 360 px phone (found by a new organiser's weekly): the "which game"
chips keep each game on one line (one row, scrolling sideways past the screen as other chip rows do), every chip
a 44 px target, and the page itself never wider than the screen."""
import pytest
from desk_sign_in import sign_in_desk
from game_shapes import report
from play_support import send
from results_folder import TEST_RESULTS

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets, play
from webapp.services.setup import events

pytestmark = pytest.mark.browser
NARROW = {"width": 360, "height": 780}
TAGS = ("プロトバナム", "あばだんごX")  # tags as long as a weekly's usual ones


def _played_smash_set(games: str):
    """A Smash best of 5 whose games were won by these sides, in order; the match row."""
    event = events.create_event("スマブラ週末大会", "standard_1on1", entrant_kind="player", game="ssbu")
    entrants.add_entrants(event, [{"name": n, "seed": i + 1, "members": [(n, "")]} for i, n in enumerate(TAGS)])
    phase = events.add_phase(event, "本戦", "single_elimination", match_type="best_of", best_of=5)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    for position, winner in enumerate(games):
        row = db.session.get(MatchRow, match.id)
        game = report("ssbu", play.state_of(row), winner).to_dict()
        del game["kind"]
        assert send(row, "report_game", position=position, **game).outcome == "applied"
    return match


@pytest.mark.parametrize("width", [360, 390])
def test_the_which_game_chips_stay_on_one_line_each_a_thumb_target(live_server, browser, desk_user, width):
    match = _played_smash_set("abab")  # four games: 2-2, the fifth still to play
    page = browser.new_context(viewport={**NARROW, "width": width}, has_touch=True, is_mobile=True,
                               locale="ja-JP").new_page()
    sign_in_desk(page, live_server.url)
    page.goto(f"{live_server.url}/desk/match/{match.id}/correction")
    chips = page.locator("[data-testid=correct-game] [data-testid=which-game] label")
    assert chips.count() == 4
    boxes = [chips.nth(i).bounding_box() for i in range(4)]
    assert len({round(b["y"]) for b in boxes}) == 1  # one row
    for i, box in enumerate(boxes):
        assert box["width"] >= 44 and box["height"] >= 44
        words = chips.nth(i).locator("span")  # an inline box: one client rect a line it runs over
        assert words.evaluate("e => e.getClientRects().length") == 1, (i, words.inner_text())
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    chips.nth(3).scroll_into_view_if_needed()
    chips.nth(3).click()  # the last game, reached by scrolling the row sideways
    assert page.locator("[data-testid=which-game] input[value='4']").is_checked()
    page.screenshot(path=str(TEST_RESULTS / f"correction-{width}.png"), full_page=True)
