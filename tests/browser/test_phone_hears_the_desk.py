"""A referee's phone hears what the desk did to its entries without entering anything more: the
decision on its conflict replaces "the desk decides" beside the form, and a restart made by a
desk correction shows next to the match, in words, on the next poll."""
import pytest
from offline_phones import open_match
from play_support import send, team_event
from playwright.sync_api import expect
from staff_pages import game_form, staff

from webapp.database import write_transaction
from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.services.accounts import users as accounts
from webapp.services.decisions import conflicts
from webapp.services.matches import brackets

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def _phone(browser):
    return browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP")


def _desk():
    return accounts.create_user("desk", "desk-pass-123", role="desk")


def test_the_conflict_banner_shows_the_desks_decision(live_server, browser):
    event, match = team_event("best_of", "kgp2025", size=1)
    desk = _desk()
    db.session.commit()
    page = staff(_phone(browser), live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    form = game_form(page)
    # another phone recorded game 1 the other way while this page was open
    with write_transaction(db.session):
        assert send(match, "report_game", device="phone-2", winner="a", rounds_a=2, rounds_b=0,
                    base_version=1, position=0).outcome == "applied"
    form.locator("label", has=page.locator("input[name=score][value='0-2']")).click()
    form.locator("button[type=submit]").click()
    status = page.locator("[data-testid=entry-status]")
    expect(status).to_have_attribute("data-state", "conflict", timeout=10000)
    expect(status).to_contain_text("本部が決めます")
    with write_transaction(db.session):
        mine = db.session.query(Operation).filter_by(outcome="conflict").one()
        conflicts.resolve({"conflict_op": mine.op_id, "decision": "take"}, desk)
    page.evaluate("window.TaikaiOutbox.sync()")  # the phone's next poll
    expect(status).to_contain_text("本部がこの記録を採用", timeout=20000)
    expect(status).not_to_contain_text("本部が決めます")
    expect(status).to_have_attribute("data-state", "accepted")


def _w1_played_and_w2_ready(desk):
    """Eight KGP players: W1 match 1 won 2–0 by side a, its partner decided; returns (W1, W2)."""
    _, first = team_event("best_of", "kgp2025", size=1, teams=8)
    for _ in range(2):
        send(first, "report_game", user=desk, winner="a", rounds_a=2, rounds_b=0)
    first = db.session.get(MatchRow, first.id)
    partner = next(m for m in first.bracket.matches
                   if m.winner_to and m.winner_to[0] == first.winner_to[0] and m.id != first.id)
    brackets.record_winner(partner, partner.slot_a)
    db.session.commit()
    return first, next(m for m in first.bracket.matches if m.key == first.winner_to[0])


def test_a_restart_reaches_the_open_match_page_without_a_new_entry(live_server, browser):
    desk = _desk()
    first, second = _w1_played_and_w2_ready(desk)
    event = first.bracket.phase.event
    context = _phone(browser)
    context.add_init_script("window.TAIKAI_WATCH_MS = 1500")  # the phone's slow poll, shortened
    page = staff(context, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{second.id}")
    form = game_form(page)
    form.locator("label", has=page.locator("input[name=score][value='2-1']")).click()
    form.locator("button[type=submit]").click()
    expect(page.locator("[data-testid=entry-status]")).to_have_attribute("data-state", "accepted", timeout=10000)
    expect(page.locator("[data-testid=match-restarted]")).to_have_count(0)
    with write_transaction(db.session):  # the desk gives W1 to the other player: W2 restarts
        assert send(db.session.get(MatchRow, first.id), "correct_result", user=desk, device="desk",
                    winner=first.slot_b, reason="記入ミス").outcome == "applied"
    notice = page.locator("#match-play [data-testid=match-restarted]")
    expect(notice).to_contain_text("やり直し", timeout=20000)
    expect(notice).to_contain_text("第1ゲーム（2–1）")
    expect(page.locator("#outbox-status li[data-undone]")).to_have_count(1)
    page.evaluate("window.scrollTo(0, 0)")
    expect(notice).to_be_in_viewport()


def test_a_refresh_of_the_match_waits_while_the_referee_is_entering(live_server, browser):
    """A sync elsewhere refreshes #match-play; a score already tapped must survive it, and the
    entry then goes through as tapped (the rehearsal lost a tap to such a refresh)."""
    event, match = team_event("best_of", "kgp2025", size=1)
    db.session.commit()
    page = staff(_phone(browser), live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    form = game_form(page)
    form.locator("label", has=page.locator("input[name=score][value='2-0']")).click()
    refreshes = []
    page.on("request", lambda r: refreshes.append(r.url) if r.headers.get("hx-request") else None)
    page.evaluate("document.body.dispatchEvent(new CustomEvent('taikai:synced', {bubbles: true}))")
    page.wait_for_timeout(1500)
    assert refreshes == []
    expect(form.locator("input[name=score][value='2-0']")).to_be_checked()
    form.locator("button[type=submit]").click()
    expect(page.locator("#match-play")).to_have_attribute("data-position", "1", timeout=30000)


def test_a_refresh_already_on_its_way_does_not_wipe_a_tap(live_server, browser):
    """The refresh left before the referee tapped (the phone's own sync on opening the page); its
    answer arrives after the tap. The tapped score stays and the entry goes through as tapped."""
    event, match = team_event("best_of", "kgp2025", size=1)
    db.session.commit()
    context = _phone(browser)
    page = staff(context, live_server.url, event)
    # Under the worker and kept for offline: a page loaded before the worker took control asks it
    # to keep a copy, a fetch of this same address that would otherwise race the held refresh
    # (the browser's routing cannot tell the two apart on a page a service worker controls).
    open_match(page, live_server.url, match)
    form = game_form(page)
    held = []

    def hold_the_first_refresh(route):
        if route.request.headers.get("hx-request") and not held:
            held.append(route)
        else:
            route.continue_()
    context.route(f"**/staff/m/{match.id}", hold_the_first_refresh)
    page.evaluate("document.body.dispatchEvent(new CustomEvent('taikai:synced', {bubbles: true}))")
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1, "the refresh should be on its way"
    form.locator("label", has=page.locator("input[name=score][value='2-0']")).click()
    held[0].continue_()
    page.wait_for_timeout(1000)
    expect(form.locator("input[name=score][value='2-0']")).to_be_checked()
    form.locator("button[type=submit]").click()
    expect(page.locator("#match-play")).to_have_attribute("data-position", "1", timeout=30000)
