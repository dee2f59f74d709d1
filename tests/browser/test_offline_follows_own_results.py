"""Offline, the phone follows its own results (issue 28, trap 3): a round-1 match this phone
finished leaves the staff list's ready matches, the round-2 match it feeds is listed with the
winner filled in, and the round-2 page has the winner seated (still changeable)."""
import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import (  # noqa: E402
    kept,  # noqa: E402
    ops_with,
    pack_has,  # noqa: E402
    report,
    staff_page,
)
from play_support import team_event  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import Entrant  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402


def test_offline_the_list_and_the_round_two_page_follow_this_phones_result(live_server, browser):
    event, _ = team_event("best_of", "kgp2025", teams=4, size=1)
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    matches = sorted(event.phases[0].brackets[0].matches, key=lambda m: (m.round, m.index))
    semi, other = [m for m in matches if m.status == "ready"]
    final = next(m for m in matches if m.status == "pending")
    winner = db.session.get(Entrant, semi.slot_a).name
    rivals = {db.session.get(Entrant, e).name for e in (other.slot_a, other.slot_b)}
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    phone = staff_page(context, live_server.url, event, "審判 C")
    pack_has(phone, final.id)
    kept(phone, live_server.url, f"/staff/e/{event.slug}")
    kept(phone, live_server.url, f"/staff/m/{semi.id}")
    context.set_offline(True)

    phone.goto(f"{live_server.url}/staff/m/{semi.id}")
    report(phone, "a", 2, 0)
    ops_with(phone, "saved", 1)
    report(phone, "a", 2, 0)
    ops_with(phone, "saved", 2)

    phone.goto(f"{live_server.url}/staff/e/{event.slug}")
    ready = phone.locator("#staff-matches [data-testid=ready-matches]")
    expect(ready.locator(f"a[href$='/staff/m/{semi.id}']")).to_have_count(0)
    expect(ready.locator(f"a[href$='/staff/m/{other.id}']")).to_have_count(1)
    done = phone.locator("[data-testid=finished-here]")
    expect(done.locator(f"a[href$='/staff/m/{semi.id}']")).to_contain_text(winner)
    nxt = phone.locator("[data-testid=next-here]")
    expect(nxt.locator(f"a[href$='/staff/m/{final.id}']")).to_contain_text(winner)
    nxt.locator(f"a[href$='/staff/m/{final.id}']").click()

    page = phone.locator("[data-testid=offline-match]")
    expect(page).to_be_visible()
    seat_a = page.locator("[data-slot='0']")
    expect(seat_a.locator("input:checked")).to_have_count(1)
    expect(seat_a.locator("label:has(input:checked)")).to_have_text(winner)
    expect(seat_a.locator("[data-testid=slot-choice]")).to_have_count(2)   # still changeable
    other_seat = page.locator("[data-slot='1'] [data-testid=slot-choice]")
    expect(other_seat).to_have_count(2)   # the other semi-final is not decided: either may come
    assert set(other_seat.all_text_contents()) == rivals
    context.close()
