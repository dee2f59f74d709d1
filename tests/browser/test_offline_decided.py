"""A match decided on the phone shows as decided — winner, score, "not checked by the server yet" —
and offers no further game (issue 16, item 3): a KGP best of 3 won 2–0, 2–0 offline, and a Tekken
kachinuki whose last member fell. Over https on a LAN name (the venue server), in ja and en."""
import pathlib
import re
import sys

from playwright.sync_api import expect
from venue_offline import event_of, open_match, reconnect, venue_phone

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import actions_of, name, ops_with, pending_entries, report, toss  # noqa: E402
from venue_phones import venue_browser, venue_server  # noqa: E402,F401 (fixtures)

from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow  # noqa: E402


def test_best_of_three_won_two_nil_offline_is_decided_on_the_phone(venue_server, venue_browser):
    event, match = event_of("best_of", "kgp2025", teams=2, size=1)
    context, page = venue_phone(venue_server, venue_browser, event, "ja")
    open_match(page, venue_server.url, match)
    context.set_offline(True)
    report(page, "a", 2, 0)
    pending_entries(page, 1)
    expect(page.locator("#offline-entry [data-game-label]")).to_have_text("第2ゲームを記録")
    report(page, "a", 2, 0)
    pending_entries(page, 2)
    result = page.locator("[data-testid=local-result]")
    expect(result).to_be_visible()
    expect(result).to_contain_text("勝者: チームA")
    expect(result).to_contain_text("チームA 2–0 チームB")
    expect(result).to_contain_text("サーバー未確認")
    expect(page.locator("[data-testid=score] [data-part=score]")).to_have_text("2 – 0")
    expect(page.locator("[data-testid=score-unchecked]")).to_be_visible()
    expect(page.locator("form[data-op=report_game]:visible")).to_have_count(0)
    expect(page.get_by_text("第3ゲームを記録")).to_be_hidden()
    expect(page.locator("[data-part=extra]")).to_be_hidden()  # no penalty or replay for a decided match
    reconnect(context, page)
    ops_with(page, "applied", 2, timeout=30000)
    db.session.rollback()
    assert db.session.get(MatchRow, match.id).winner_id == match.slot_a
    expect(page.locator("[data-testid=winner]")).to_contain_text("チームA")


def test_kachinuki_whose_last_member_fell_offline_is_decided_on_the_phone(venue_server, venue_browser):
    event, match = event_of()
    context, page = venue_phone(venue_server, venue_browser, event, "en")
    open_match(page, venue_server.url, match)
    context.set_offline(True)
    toss(page)
    pending_entries(page, 1)
    name(page, "A1")
    name(page, "B1")
    pending_entries(page, 3)
    count = 3
    for fallen in range(1, 6):
        report(page, "a", 3, 1)
        count += 1
        pending_entries(page, count)
        if fallen == 5:
            break
        naming = page.locator("#offline-entry form[data-op=name_player]:visible")
        expect(naming).to_have_count(1)  # only the loser's team names
        expect(naming.locator("button:visible")).to_have_count(5 - fallen)  # the fallen are not offered
        expect(naming.locator("button", has_text=f"B{fallen}")).to_be_hidden()
        name(page, f"B{fallen + 1}")
        count += 1
        pending_entries(page, count)
    result = page.locator("[data-testid=local-result]")
    expect(result).to_contain_text("Winner: チームA")
    expect(result).to_contain_text("チームA 5–0 チームB")
    expect(result).to_contain_text("not checked by the server yet")
    expect(page.locator("#offline-entry form[data-op]:visible")).to_have_count(0)
    expect(page.get_by_text(re.compile("Record game"))).to_be_hidden()
    reconnect(context, page)
    ops_with(page, "applied", count, timeout=30000)
    assert [a["kind"] for a in actions_of(match)].count("report_game") == 5
    db.session.rollback()
    assert db.session.get(MatchRow, match.id).winner_id == match.slot_a
