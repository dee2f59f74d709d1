"""A day at the stations: the desk auto-calls to two stations, two phones enter results (one of them
offline for a while), stations free up, the next matches are called, the projector and a player follow."""
import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from desk_sign_in import sign_in_desk  # noqa: E402
from offline_phones import staff_page  # noqa: E402
from page_wait import wait_until  # noqa: E402
from play_support import team_event  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.day import stations

REPORT = """async ([id, version]) => {  // two games won 2-0: the match is over (best of 3)
  await window.TaikaiOutbox.enqueue('report_game', id, version, {winner: 'a', rounds_a: 2, rounds_b: 0, position: 0});
  await window.TaikaiOutbox.enqueue('report_game', id, version, {winner: 'a', rounds_a: 2, rounds_b: 0, position: 1});
  window.TaikaiOutbox.sync();
}"""


def _on(station):
    db.session.rollback()  # end the test's read snapshot
    return next((m for m in db.session.query(MatchRow).filter_by(status="ready", station=station)), None)


def _event():
    event, _ = team_event("best_of", "kgp2025", teams=8, size=1, best_of=3)
    accounts.set_staff_pin(event, "135790")  # the PIN staff_page signs in with
    accounts.create_user("desk", "desk-pass-123", role="desk")
    stations.add_station(event, "1")
    stations.add_station(event, "2")
    event.phases[0].calling = {"auto_call": True}
    db.session.commit()
    return event


def _phone_on_station(context, url, event, station, name):
    page = staff_page(context, url, event, name)
    page.goto(f"{url}/staff/e/{event.slug}?station={station}")  # what the station's QR code opens
    wait_until(page, "navigator.serviceWorker && navigator.serviceWorker.controller", timeout=30000)
    return page


def test_desk_auto_calls_phones_report_and_the_next_matches_are_called(live_server, browser, app):
    url = live_server.url
    event = _event()
    desk_context = browser.new_context(locale="ja-JP", viewport={"width": 1366, "height": 768})
    desk = desk_context.new_page()
    sign_in_desk(desk, url)
    desk.goto(f"{url}/desk/e/{event.id}/stations")
    desk.locator("form[action$='/call-next'] button").click()
    expect(desk.locator("[data-testid=station-1]")).to_contain_text("呼び出し中")
    expect(desk.locator("[data-testid=station-2]")).to_contain_text("呼び出し中")
    first, second = _on("1"), _on("2")
    waiting = next(m for m in db.session.query(MatchRow).filter_by(status="ready") if not m.station)

    screen = browser.new_context(locale="en-US").new_page()
    screen.goto(f"{url}/e/{event.slug}/calls?lang=en")
    expect(screen.locator("[data-testid=call]")).to_have_count(2)
    expect(screen.locator("[data-testid=next-call]")).to_have_count(2)
    player = browser.new_context(locale="en-US").new_page()
    player.goto(f"{url}/e/{event.slug}/p/{waiting.slot_a}?lang=en")
    expect(player.locator("#player-next")).to_have_attribute("data-state", "waiting")

    one_context = browser.new_context(locale="ja-JP", viewport={"width": 360, "height": 740}, has_touch=True)
    two_context = browser.new_context(locale="ja-JP", viewport={"width": 360, "height": 740}, has_touch=True)
    one = _phone_on_station(one_context, url, event, "1", "審判 一")
    two = _phone_on_station(two_context, url, event, "2", "審判 二")
    assert one.url.endswith(f"/staff/m/{first.id}") and two.url.endswith(f"/staff/m/{second.id}")

    two_context.set_offline(True)  # phone two loses the venue wifi and enters its result anyway
    two.evaluate(REPORT, [second.id, second.version])
    one.evaluate(REPORT, [first.id, first.version])
    # Phone one's result frees station 1: the next match is called there in the same transaction.
    expect(desk.locator("[data-testid=station-1]")).not_to_contain_text(desk_name(first), timeout=20000)
    third = _on("1")
    assert third is not None and third.id not in (first.id, second.id)
    assert _on("2").id == second.id  # still waiting for phone two

    two_context.set_offline(False)
    two.evaluate("window.dispatchEvent(new Event('online'))")
    expect(two.locator("#outbox-status li[data-status=applied]")).to_have_count(2, timeout=30000)
    fourth = _on("2")
    assert fourth is not None and fourth.id not in (first.id, second.id, third.id)
    # The call reached phone two on sync: its finished match points to the next one on station 2,
    # and its station's code now opens the new match.
    expect(two.locator("[data-testid=next-on-station]")).to_contain_text(desk_name(fourth), timeout=30000)
    two.locator("[data-testid=next-on-station] a").click()
    assert two.url.endswith(f"/staff/m/{fourth.id}")
    two.goto(f"{url}/staff/e/{event.slug}?station=2")
    assert two.url.endswith(f"/staff/m/{fourth.id}")

    expect(screen.locator("[data-testid=call]")).to_have_count(2, timeout=30000)
    expect(screen.locator("#projector-calls")).to_contain_text(desk_name(fourth), timeout=30000)
    # The player who was first in the queue was called to the station phone one freed.
    assert waiting.id == third.id
    expect(player.locator("#player-next")).to_have_attribute("data-state", "called", timeout=20000)
    expect(player.locator("#player-next")).to_contain_text("go to Station 1")
    expect(player.locator("body")).to_have_class("match-called")


def desk_name(match):
    """The first player's name, as the pages show it."""
    from webapp.models import Entrant
    return db.session.get(Entrant, match.slot_a).name


def test_run_table_shows_25_matches_on_a_laptop_screen(live_server, browser, app):
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import brackets
    from webapp.services.setup import events

    event = events.create_event("大人数", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": i, "members": []} for i in range(1, 65)])
    phase = events.add_phase(event, "予選", "double_elimination", best_of=3)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    accounts.create_user("desk", "desk-pass-123", role="desk")
    db.session.commit()
    context = browser.new_context(locale="ja-JP", viewport={"width": 1366, "height": 768})
    desk = context.new_page()
    sign_in_desk(desk, live_server.url)
    desk.goto(f"{live_server.url}/desk/phase/{phase.id}")
    rows = desk.locator("tr.match-row")
    expect(rows).to_have_count(32)
    visible = desk.evaluate("() => [...document.querySelectorAll('tr.match-row')]"
                            ".filter(r => r.getBoundingClientRect().bottom <= window.innerHeight).length")
    print(f"run table rows in a 1366x768 viewport: {visible}")
    assert visible >= 25
    # Keyboard: the name filter is reachable and narrows the table without a click.
    desk.locator("input[name=q]").fill("選手01")
    expect(rows).to_have_count(1)
