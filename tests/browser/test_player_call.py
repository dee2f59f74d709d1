"""A player's next-match page while the desk calls the match: a visible change and a browser notification."""
import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from page_wait import wait_until  # noqa: E402
from phone_entries import submit
from play_support import team_event  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow  # noqa: E402
from webapp.services.day import stations  # noqa: E402

# Records what the page asks the Notification API for (headless Chromium shows nothing).
NOTIFICATIONS = """
window.__notified = [];
window.Notification = class {
  constructor(title, options) { window.__notified.push({title, body: (options || {}).body}); }
  static get permission() { return 'granted'; }
  static requestPermission() { return Promise.resolve('granted'); }
};
"""


def test_the_player_page_changes_and_notifies_when_the_match_is_called(live_server, browser, app):
    event, _match = team_event("best_of", "kgp2025", teams=4, size=1, best_of=3)
    stations.add_station(event, "3")
    db.session.commit()
    match = next(m for m in db.session.query(MatchRow).filter_by(status="ready"))
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    context.add_init_script(NOTIFICATIONS)
    page = context.new_page()
    url = f"{live_server.url}/e/{event.slug}/p/{match.slot_a}"
    page.goto(url)
    box = page.locator("#player-next")
    expect(box).to_have_attribute("data-state", "waiting")
    assert page.evaluate("window.__notified") == []

    submit({"op_id": "call-1", "device_id": "desk", "kind": "set_station", "match_id": match.id,
                       "payload": {"station": "3"}}, None)
    db.session.commit()
    page.evaluate("(u) => htmx.ajax('GET', u, {target: '#player-next', swap: 'outerHTML'})", url)  # the poll, now
    expect(box).to_have_attribute("data-state", "called")
    expect(box).to_contain_text("3番台")
    expect(page.locator("body")).to_have_class("match-called")
    expect(page).to_have_title(__import__("re").compile("^🔔"))
    wait_until(page, "window.__notified.length === 1")
    assert page.evaluate("window.__notified") == [{"title": "試合の呼び出しです", "body": "3番台へ行ってください"}]
    page.evaluate("(u) => htmx.ajax('GET', u, {target: '#player-next', swap: 'outerHTML'})", url)
    page.wait_for_timeout(500)
    assert len(page.evaluate("window.__notified")) == 1  # once per call, not once per poll
    context.close()


def test_a_phone_claiming_a_station_the_desk_already_called_is_told_in_amber(live_server, browser, app):
    from staff_pages import staff

    event, _match = team_event("best_of", "kgp2025", teams=4, size=1, best_of=3)
    called, claimed = db.session.query(MatchRow).filter_by(status="ready").order_by(MatchRow.id).limit(2).all()
    submit({"op_id": "call-2", "device_id": "desk", "kind": "set_station", "match_id": called.id,
                       "payload": {"station": "2"}}, None)
    db.session.commit()
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = staff(context, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{claimed.id}")
    form = page.locator("form[data-op=set_station]")
    form.locator("input[name=station]").fill("2")
    form.locator("button[type=submit]").click()
    status = page.locator("[data-testid=entry-status]")
    expect(status).to_have_attribute("data-state", "conflict", timeout=10000)
    expect(status).to_contain_text("本部が決めます")
    expect(status).to_be_in_viewport()
    context.close()


ASK = """
window.Notification = class {
  static get permission() { return window.__permission || 'default'; }
  static requestPermission() { window.__permission = 'granted'; return Promise.resolve('granted'); }
};
"""


def test_notify_me_is_offered_only_while_the_match_waits(live_server, browser, app):
    event, _match = team_event("best_of", "kgp2025", teams=4, size=1, best_of=3)
    stations.add_station(event, "3")
    db.session.commit()
    match = next(m for m in db.session.query(MatchRow).filter_by(status="ready"))
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    context.add_init_script(ASK)
    page = context.new_page()
    url = f"{live_server.url}/e/{event.slug}/p/{match.slot_a}"
    page.goto(url)
    offer = page.locator("[data-notify-permission]")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("呼び出されたら通知する")
    submit({"op_id": "call-3", "device_id": "desk", "kind": "set_station", "match_id": match.id,
                       "payload": {"station": "3"}}, None)
    db.session.commit()
    page.evaluate("(u) => htmx.ajax('GET', u, {target: '#player-next', swap: 'outerHTML'})", url)
    expect(page.locator("#player-next")).to_have_attribute("data-state", "called")
    expect(offer).to_be_hidden()  # called already: nothing left to be notified of
    page.goto(url)  # a player opening the page after the call is not offered it either
    expect(page.locator("#player-next")).to_have_attribute("data-state", "called")
    page.wait_for_timeout(300)
    expect(offer).to_be_hidden()
    context.close()
