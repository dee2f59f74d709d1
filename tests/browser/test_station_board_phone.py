"""The station board on a TO's phone (360–390 px): nothing wider than the screen, the walkover and
cancel buttons on screen and at least 44 px tall, a no-show row read as a card."""
import pathlib
import sys
from datetime import timedelta

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from axe_support import SHOTS, overflowing  # noqa: E402
from desk_sign_in import sign_in_desk  # noqa: E402
from play_support import team_event  # noqa: E402

from webapp.database import utcnow  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.day import stations

pytestmark = pytest.mark.browser

ON_BOARD = "#station-board [data-testid^=station-] :is(button, summary, a.btn)"


def _board_with_a_no_show():
    event, match = team_event("best_of", "kgp2025", teams=8, size=1)
    for entrant in event.entrants:
        entrant.name = f"{entrant.name} 関西ゲーマーズ連合"  # names as long as the day's
    accounts.create_user("desk", "desk-pass-123", role="desk")
    for name in ("1", "2", "配信台"):
        stations.add_station(event, name, stream=name == "配信台")
    match.station, match.called_at = "1", utcnow() - timedelta(minutes=15)
    db.session.commit()
    return event


@pytest.mark.parametrize("width", [360, 390])
def test_the_board_fits_a_phone_with_big_targets(live_server, browser, width):
    event = _board_with_a_no_show()
    context = browser.new_context(viewport={"width": width, "height": 800}, has_touch=True, is_mobile=True,
                                  locale="ja-JP")
    page = context.new_page()
    sign_in_desk(page, live_server.url)
    SHOTS.mkdir(exist_ok=True)
    for lang in ("ja", "en"):
        page.goto(f"{live_server.url}/desk/e/{event.id}/stations?lang={lang}")
        said = {"ja": ("1番台", "配信台"), "en": ("Station 1", "Stream station")}[lang]  # names as people say them
        expect(page.locator("[data-testid=station-1] th")).to_have_text(said[0])
        expect(page.locator("[data-testid=station-配信台] th")).to_contain_text(said[1])
        row = page.locator("[data-testid=station-1]")
        expect(row.locator("details.confirm-walkover summary").first).to_be_visible()
        row.locator("details.confirm-walkover summary").first.click()
        expect(row.locator("[data-testid=walkover-effect]").first).to_be_visible()
        page.screenshot(path=str(SHOTS / f"station-board-{width}-{lang}.png"), full_page=True)
        wide = page.evaluate("""() => [...document.querySelectorAll('.table-wrap')].filter((w) => w.scrollWidth > w.clientWidth + 1)
          .map((w) => w.getAttribute('aria-label'))""")
        assert overflowing(page) == [], f"{width} px, {lang}: {wide}"
        boxes = page.evaluate(f"""() => [...document.querySelectorAll('{ON_BOARD}')]
          .filter((el) => el.checkVisibility())
          .map((el) => {{ const r = el.getBoundingClientRect();
                         return [el.innerText.trim().slice(0, 30), r.left, r.right, r.height]; }})""")
        assert boxes, "no button on the board"
        for text, left, right, height in boxes:
            assert left >= 0 and right <= width, f"{text!r} runs off a {width} px screen ({left:.0f}–{right:.0f})"
            assert height >= 44, f"{text!r} is {height:.0f} px tall"
