"""Doors open: reception checks players in on a phone; the desk starts the phases."""
import re

from day import PIN, see
from page_wait import wait_until  # noqa: E402
from playwright.sync_api import expect
from roster import KGP_NO_SHOWS, KGP_PLAYERS

from webapp.models import Event


def sign_in_staff(day, page, event_id, name, lang):
    """What a referee does with the PIN on the card at the desk."""
    slug = day_slug(day, event_id)
    day.go(page, f"/e/{slug}/staff-login", lang)
    page.fill("input[name=name]", name)
    page.fill("input[name=pin]", PIN)
    with page.expect_navigation():
        page.click("form:has(input[name=pin]) button[type=submit]")
    expect(page).to_have_url(re.compile(rf"/staff/e/{slug}"))


def day_slug(day, event_id):
    day.fresh()
    from webapp.extensions import db
    return db.session.get(Event, event_id).slug


def _row(phone, name):
    return phone.locator("[data-testid=checkin-row]", has_text=name)


def check_in(day, phone, event):
    """Every player who came is tapped in (each tap names whom it checked in); a stray tap on a
    checked-in name asks before undoing; the three who never came are left, found by their reading."""
    slug = day_slug(day, event)
    day.go(phone, f"/staff/e/{slug}/checkin", "ja")
    wait_until(phone, "navigator.serviceWorker && navigator.serviceWorker.controller", timeout=30000)
    came = [name for name, _reading in KGP_PLAYERS if name not in KGP_NO_SHOWS]
    for n, name in enumerate(came, 1):
        _row(phone, name).locator("button[type=submit]").click()
        expect(_row(phone, name).locator("[data-testid=checked-in]")).to_contain_text("✓", timeout=30000)
        if n == 1:  # the tap says whom it checked in
            expect(phone.locator("[data-testid=entry-status]")).to_contain_text(f"受付: {name}", timeout=30000)
            day.look(phone, "checkin-first", "reception", "ja", full=False)
    expect(phone.locator("[data-testid=checkin-count]")).to_contain_text(f"{len(KGP_PLAYERS)}件中{len(came)}件")
    for name in KGP_NO_SHOWS:
        expect(_row(phone, name).locator("[data-testid=checked-in]")).to_have_count(0)
    stray = _row(phone, came[0])
    stray.locator("[data-testid=checked-in]").click()  # a stray tap asks, it does not un-check
    expect(stray.locator("[data-testid=undo-checkin]")).to_be_visible()
    day.look(phone, "checkin-stray-tap", "reception", "ja", full=False)
    stray.locator("[data-testid=checked-in]").click()  # closed again: still checked in
    assert day.entrant(came[0], event).checked_in
    see(phone.locator("#outbox-status"), came[0], came[-1])  # the phone's log names each entrant
    phone.fill("input[type=search]", "いけだ")  # kana finds the kanji name
    expect(phone.locator("[data-testid=checkin-row]")).to_have_count(1)
    see(phone.locator("[data-testid=checkin-row]"), "池田葵")
    day.look(phone, "checkin-done", "reception", "ja")
    phone.fill("input[type=search]", "")


def start_kgp(day, desk, event):
    """The start preview (the first round in words, byes apart) and the check-in gate naming the three
    who never came; the TO starts anyway (they may still come: their calls will say who is absent)."""
    day.go(desk, f"/desk/e/{event}", "ja")
    desk.locator("#phases li", has_text="予選").locator("[data-testid=preview-start]").click()
    preview = desk.locator("[data-testid=start-preview]")
    expect(preview.locator("[data-testid=preview-match]")).to_have_count(8)  # seeds 9-24 play, 1-8 wait
    see(preview.locator("[data-testid=preview-byes]"), KGP_PLAYERS[0][0], KGP_PLAYERS[7][0])
    see(preview, "ナウマン")
    gate = desk.locator("[data-testid=checkin-gate]")
    see(gate, "未受付", *KGP_NO_SHOWS)
    expect(gate.locator("li")).to_have_count(len(KGP_NO_SHOWS))
    expect(desk.locator("[data-testid=gate-drop]")).to_contain_text(str(len(KGP_NO_SHOWS)))
    day.look(desk, "start-preview", "desk", "ja")
    desk.locator("[data-testid=gate-anyway]").click()
    expect(desk).to_have_url(re.compile(r"/desk/phase/\d+$"))
    rows = desk.locator("tr.match-row")
    expect(rows.first).to_be_visible()
    see(desk.locator("#desk-matches"), *KGP_NO_SHOWS)
    day.look(desk, "started-kgp", "desk", "ja")
    return int(desk.url.rsplit("/", 1)[1])


def start_tekken(day, desk, event):
    """The first qualifier of the team day."""
    day.go(desk, f"/desk/e/{event}", "ja")
    desk.locator("#phases li").first.locator("[data-testid=preview-start]").click()
    expect(desk.locator("[data-testid=gate-nobody]")).to_be_visible()  # this event does not use check-in
    expect(desk.locator("[data-testid=gate-drop]")).to_have_count(0)
    day.look(desk, "start-preview-tekken", "desk", "ja")
    desk.locator("[data-testid=gate-anyway]").click()
    expect(desk).to_have_url(re.compile(r"/desk/phase/\d+$"))
    expect(desk.locator("tr.match-row").first).to_be_visible()
    day.look(desk, "started-tekken", "desk", "ja")
    return int(desk.url.rsplit("/", 1)[1])
