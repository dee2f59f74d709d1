"""The overlay at 1920×1080 over game frames of three titles (issue 38.6).

Each frame is drawn here as an SVG with the title's HUD where the game draws it (health bars and
timer at the top, gauges at the bottom: overlay_options.GAME_HUD) and served in place of the
preview frame. The board must keep clear of the HUD by default (safe=game) and at the bottom;
a kachinuki final of eight games (a double K.O. among them) keeps its chips on one line; the
screenshots go to /tmp/taikai-overlay-<title>-<pos>.png to be looked at.
"""
import pathlib
import sys
import uuid

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from phone_entries import submit  # noqa: E402
from play_support import member_ids, send, team_event, win  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import Entrant  # noqa: E402
from webapp.services.day import stations  # noqa: E402
from webapp.views.public.overlay_options import GAME_HUD  # noqa: E402

pytestmark = pytest.mark.browser
SHOTS = pathlib.Path("/tmp")


def _frame(game: str) -> str:
    """A synthetic game frame: sky, floor, two fighters, and the title's HUD drawn where it sits."""
    top, bottom = GAME_HUD[game]
    hud = (f'<rect x="60" y="40" width="780" height="{max(top - 90, 30)}" fill="#e8c21c"/>'
           f'<rect x="1080" y="40" width="780" height="{max(top - 90, 30)}" fill="#e8c21c"/>'
           f'<rect x="900" y="30" width="120" height="{max(top - 40, 40)}" fill="#fff" opacity="0.9"/>'
           f'<rect x="60" y="{1080 - bottom + 30}" width="600" height="{max(bottom - 60, 20)}" fill="#2aa1e0"/>'
           f'<rect x="1260" y="{1080 - bottom + 30}" width="600" height="{max(bottom - 60, 20)}" fill="#2aa1e0"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">'
            '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b4c7a"/>'
            '<stop offset="1" stop-color="#c98a5a"/></linearGradient></defs>'
            '<rect width="1920" height="1080" fill="url(#s)"/><rect y="820" width="1920" height="260" fill="#4a3b2a"/>'
            '<rect x="560" y="430" width="150" height="400" rx="40" fill="#1c1c1c"/>'
            '<rect x="1210" y="430" width="150" height="400" rx="40" fill="#7a1010"/>'
            f'<text x="960" y="700" font-size="60" fill="#fff" opacity="0.3" text-anchor="middle">{game}</text>'
            f'{hud}</svg>')


def _call(match):
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "set_station", "match_id": match.id,
          "payload": {"station": "配信"}}
    assert submit(op, None).outcome == "applied"
    db.session.rollback()


def _one_on_one(game, chars):
    event, match = team_event("best_of", "kgp2025", teams=4, size=1, best_of=3)
    event.game = game
    for entrant_id, name in ((match.slot_a, "桜井 健"), (match.slot_b, "みなみ")):
        db.session.get(Entrant, entrant_id).name = name
    stations.add_station(event, "配信", stream=True)
    db.session.commit()
    _call(match)
    send(match, "report_game", winner="a", rounds_a=2, rounds_b=1, char_a=chars[0], char_b=chars[1])
    return event


def _kachinuki_final():
    """Eight games of a 5on5, the last a double K.O. that decides it (A4 and B5 both down at 2-2)."""
    event, match = team_event()
    event.game = "tekken7"
    stations.add_station(event, "配信", stream=True)
    db.session.commit()
    _call(match)
    send(match, "coin_toss", winner="a", choice="stage")
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "name_player", side="a", member_id=a[0], blind=True)
    send(match, "name_player", side="b", member_id=b[0], blind=True)
    for nxt in b[1:4]:
        win(match, "a")
        send(match, "name_player", side="b", member_id=nxt)
    for nxt in a[1:4]:
        win(match, "b")
        send(match, "name_player", side="a", member_id=nxt)
    win(match, "a")
    send(match, "name_player", side="b", member_id=b[4])
    send(match, "report_game", winner=None, rounds_a=2, rounds_b=2, double_ko=True)
    return event


def _overlay(browser, url, event, game, pos):
    page = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="ja-JP").new_page()
    page.route("**/overlay-preview-frame.svg", lambda route: route.fulfill(body=_frame(game), content_type="image/svg+xml"))
    page.goto(f"{url}/e/{event.slug}/overlay/配信?lang=en&preview=1&pos={pos}")
    expect(page.locator("[data-testid=overlay-board]")).to_be_visible()
    page.wait_for_timeout(300)  # the frame and the placement applied
    return page


def _clear_of_hud(page, game):
    box = page.locator(".sb").bounding_box()
    top, bottom = GAME_HUD[game]
    assert box["y"] >= top and box["y"] + box["height"] <= 1080 - bottom, (game, box)


def test_overlay_over_three_titles_keeps_clear_of_their_hud(live_server, browser, app):
    url = live_server.url
    shown = [("sf6", _one_on_one("sf6", ("リュウ", "ケン"))), ("ggst", _one_on_one("ggst", ("ソル＝バッドガイ", "カイ＝キスク"))),
             ("tekken7", _kachinuki_final())]
    for game, event in shown:
        for pos in ("top", "bottom"):
            page = _overlay(browser, url, event, game, pos)
            _clear_of_hud(page, game)
            page.screenshot(path=str(SHOTS / f"taikai-overlay-{game}-{pos}.png"))
    page = _overlay(browser, url, shown[2][1], "tekken7", "top")
    chips = page.locator("[data-testid=overlay-game]")
    expect(chips).to_have_count(8)
    tops = {round(chips.nth(i).bounding_box()["y"]) for i in range(8)}
    assert len(tops) == 1, "every chip of the 5on5 final on one line"
    expect(chips.nth(7)).to_contain_text("Double K.O.")
