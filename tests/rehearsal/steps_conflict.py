"""Station 2 loses the wifi: its referee enters offline while a second referee enters the same game
differently; the desk decides between the two."""
import re

from day import see
from playwright.sync_api import expect
from steps_phones import at_position, game, referee
from steps_reception import day_slug


def pending(page, count):
    expect(page.locator("#offline-entry [data-testid=pending-entry]")).to_have_count(count, timeout=15000)


def ops_with(page, status, count, timeout=30000):
    try:
        expect(page.locator(f"#outbox-status li[data-status={status}]")).to_have_count(count, timeout=timeout)
    except AssertionError:
        seen = page.locator("#outbox-status li").evaluate_all("ls => ls.map((l) => [l.dataset.status, l.innerText])")
        raise AssertionError(f"wanted {count} entries '{status}' on the phone; its list: {seen}") from None


def offline_games(day, page, event, station, lang):
    """Reception's phone goes to referee the station; the wifi goes, game 1 (A 2-0) waits on the phone."""
    page = referee(day, event, station, "受付 木下", lang, page=page)
    a = page.locator("h1.versus span").first.inner_text()
    page.context.set_offline(True)
    game(page, "2-0")
    pending(page, 1)
    ops_with(page, "saved", 1)
    day.look(page, "offline-entry", "referee3", lang)
    return page, a


def second_referee(day, page, event, station, lang):
    """Another referee, online, enters the same game 1 as won by B."""
    day.go(page, f"/staff/e/{day_slug(day, event)}?station={station}", lang)
    expect(page).to_have_url(re.compile(r"/staff/m/\d+"))
    game(page, "0-2")
    at_position(page, 1)
    day.look(page, "other-entry", "referee2", lang, full=False)


def back_online(day, page, lang):
    """The wifi is back: the offline entry reaches the server and is held as a conflict."""
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "conflict", 1)
    day.look(page, "conflict-on-phone", "referee3", lang)


def decide(day, desk, winner_name):
    """The desk sees both versions with who entered them, and takes the station referee's."""
    day.go(desk, "/desk/conflicts/", "ja")
    conflict = desk.locator("[data-testid=conflict]")
    expect(conflict).to_have_count(1)
    see(conflict.locator("[data-testid=recorded]"), "Referee Two")
    see(conflict.locator("[data-testid=entered]"), "受付 木下")  # reception's phone, now on station 2
    day.look(desk, "conflict", "desk", "ja")
    conflict.locator("button[value=take]").click()
    expect(desk.locator("[data-testid=no-conflicts]")).to_be_visible()
    day.look(desk, "conflict-decided", "desk", "ja")


def decision_reaches_phone(day, page, lang):
    """The station's phone hears, on its next sync, that its version was taken."""
    page.evaluate("window.TaikaiOutbox && window.TaikaiOutbox.sync()")
    lost = page.locator("#outbox-status li[data-status=conflict]")
    expect(lost).to_have_attribute("data-resolution", "taken", timeout=20000)
    day.look(page, "conflict-decided", "referee3", lang)
