"""A player on a 390 px phone signs up, opens their own link, checks in with the code posted at
reception and sees their match called (with a vibration) on their own page."""
import re

import pytest
from phone_entries import submit
from playwright.sync_api import expect

from webapp.extensions import db
from webapp.models import Event, MatchRow
from webapp.services.day import stations
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.players import self_checkin, signups
from webapp.services.setup import events

pytestmark = pytest.mark.browser

VIBRATIONS = "window.__vibrated = []; navigator.vibrate = (p) => { window.__vibrated.push(p); return true; };"


def _weekly():
    event = events.create_event("平日ウィークリー", "kgp2025")
    entrants.add_entrants(event, [{"name": n, "seed": None, "members": []} for n in ("あお", "あか", "きいろ")])
    events.add_phase(event, "本戦", "single_elimination")
    stations.add_station(event, "3")
    signups.set_settings(event, True, 4, None, [])
    db.session.commit()
    return event


def test_a_player_signs_up_checks_in_and_sees_the_call_on_their_phone(live_server, browser, app):
    event = _weekly()
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    context.add_init_script(VIBRATIONS)
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{event.slug}/signup")
    page.fill("#name", "みどり<b>")
    page.fill("#reading", "みどり")
    page.click("[data-testid=signup-submit]")
    expect(page.locator("[data-testid=signed-up]")).to_contain_text("みどり<b>")
    link = page.locator("[data-testid=my-link]").get_attribute("href")
    page.goto(re.sub(r"^https?://[^/]+", live_server.url, link))  # the link as a bookmark opens it
    expect(page.locator("[data-testid=mine-name]")).to_have_text("みどり<b>")

    db.session.rollback()  # this test's own read ends: the phone has written since
    event = db.session.get(Event, event.id)
    brackets.start_phase(event.phases[0], event.entrants)
    code = self_checkin.new_code(event)
    db.session.commit()
    page.reload()
    page.fill("#code", code)
    page.click("[data-testid=mine-checkin-submit]")
    expect(page.locator("[data-testid=mine-checked-in]")).to_be_visible()

    db.session.rollback()
    mine = next(e for e in event.entrants if e.name == "みどり<b>")
    match = db.session.query(MatchRow).filter(MatchRow.status == "ready",
                                              (MatchRow.slot_a == mine.id) | (MatchRow.slot_b == mine.id)).one()
    submit({"op_id": "call-mine", "device_id": "desk", "kind": "set_station", "match_id": match.id,
            "payload": {"station": "3"}}, None)
    db.session.commit()
    box = page.locator("#player-mine")
    page.evaluate("(u) => htmx.ajax('GET', u, {target: '#player-mine', swap: 'outerHTML'})",
                  f"/e/{event.slug}/me")  # the poll, now
    expect(box).to_have_attribute("data-state", "called")
    expect(page.locator("[data-testid=mine-state]")).to_contain_text("3番台")
    expect(page.locator("[data-testid=mine-state]")).to_be_in_viewport()
    expect(page.locator("[data-testid=mine-no-show]")).to_be_visible()
    expect(page.locator("body")).to_have_class(re.compile("match-called"))
    assert page.evaluate("window.__vibrated.length") == 1
    context.close()
