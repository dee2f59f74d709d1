"""The event builder in a real Chromium: a Tekken 8 weekly made on a 390 px phone (one hand, 44 px
targets, no sideways scroll, axe clean) and a round-robin side event on a 1366 px laptop, whose day
first runs past the venue's closing time. Screenshots of every step, ja and en:
test-results/builder/*.png."""
import time

import pytest
from axe_support import LAPTOP, PHONE, SHOTS, overflowing, serious_problems, small_targets
from builder_steps import choose_preset, create, fill, preview
from desk_sign_in import sign_in_desk
from playwright.sync_api import expect

from webapp.extensions import db
from webapp.models import Event

pytestmark = pytest.mark.browser
STEPS = SHOTS / "builder"


def _step(page, name: str, phone: bool) -> None:
    """A screenshot of the step; on the phone every control is a thumb's size and nothing scrolls sideways."""
    STEPS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(STEPS / f"{name}.png"), full_page=True)
    assert not serious_problems(page), (name, serious_problems(page))
    if phone:
        assert not small_targets(page) and not overflowing(page), (name, small_targets(page), overflowing(page))


def test_a_tekken8_weekly_on_a_phone(live_server, browser, desk_user):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP", bypass_csp=True)
    page = context.new_page()
    url = live_server.url
    sign_in_desk(page, url)
    choose_preset(page, url, "weekly_double_elimination", "en")
    _step(page, "phone-390-en-1-preset", True)
    started = time.monotonic()
    choose_preset(page, url, "weekly_double_elimination")
    shown = time.monotonic() - started
    _step(page, "phone-390-ja-1-preset", True)
    started = time.monotonic()
    typed = {"name": "鉄拳8 週例会 #12", "game": "tekken8", "day": "2026-12-12", "venue": "ゲームセンター",
             "expected": "24", "stations": "4", "start_time": "19:00", "venue_closes": "23:00", "fee": "500"}
    fill(page, typed)
    preview(page)
    print(f"\nbuilder, Tekken 8 weekly on a phone: 4 taps (preset, use it, preview, create) and {len(typed)} fields; "
          f"{shown + time.monotonic() - started:.1f} s of page time")  # a person's reading time is not in it
    expect(page.locator("[data-testid=preview-address]")).to_contain_text("/e/tekken8-2026-12-12")
    expect(page.locator("[data-testid=preview-matches]")).to_have_text(["47"])
    _step(page, "phone-390-ja-2-preview", True)
    create(page)
    _step(page, "phone-390-ja-3-created", True)
    db.session.rollback()  # end the test's read snapshot: the server wrote since
    event = db.session.scalar(db.select(Event))
    assert (event.game, event.settings["start_time"], event.settings["venue_closes"]) == ("tekken8", "19:00", "23:00")
    assert [(p.format, p.best_of, p.options.get("best_of_by_round")) for p in event.phases] == \
        [("double_elimination", 3, {"from": "top8", "best_of": 5})]


def test_a_round_robin_side_event_on_a_laptop(live_server, browser, desk_user):
    page = browser.new_context(viewport=LAPTOP, locale="ja-JP", bypass_csp=True).new_page()
    url = live_server.url
    sign_in_desk(page, url)
    choose_preset(page, url, "pools_top8_double_elimination", "en")
    _step(page, "laptop-1366-en-1-preset", False)
    choose_preset(page, url, "pools_top8_double_elimination")
    fill(page, {"name": "GGST サイドイベント", "game": "ggst", "expected": "16", "stations": "1-3",
                "start_time": "13:00", "checkin_opens": "12:00", "checkin_closes": "12:45", "venue_closes": "15:00",
                "p0-pools": "2", "p1-advance_count": "4"})
    expect(page.locator("[name='p1-grand_final']")).to_be_visible()  # a format's own settings, with it chosen
    expect(page.locator("[name='p0-grand_final']")).to_be_hidden()
    preview(page)
    expect(page.locator("[data-testid=past-close]")).to_be_visible()  # 3 stations cannot end by 15:00
    _step(page, "laptop-1366-ja-1-past-closing", False)
    fill(page, {"venue_closes": "22:00"})
    expect(page.locator("[data-testid=past-close]")).to_be_hidden()  # htmx redrew the preview on change
    expect(page.locator("[data-testid=preview-end]")).to_be_visible()
    create(page)
    _step(page, "laptop-1366-ja-2-created", False)
    db.session.rollback()
    event = db.session.scalar(db.select(Event).where(Event.name == "GGST サイドイベント"))
    rr, top8 = event.phases
    assert (rr.format, rr.group_count, top8.format) == ("round_robin", 2, "double_elimination")
    assert top8.options["progression"]["mode"] == "top" and top8.options["progression"]["count"] == 4
