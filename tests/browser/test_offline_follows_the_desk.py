"""The offline match page follows the desk once the phone is back: a phone at 390 px on the venue's https
takes its pack, the wifi drops and it enters a game from the pack; meanwhile the desk decides the match (a
referee's decision) or a correction upstream restarts it with new players. Back online, the entry is
answered (never applied where its phone did not put it) and the page shows the match as the server now has
it, with what the desk did in words next to it, as the online page does."""
import uuid

import pytest
from offline_phones import kept_as_it_is_now, offline_from_the_pack, open_match, pack_has, staff_page
from play_support import send, team_event
from playwright.sync_api import expect
from venue_phones import venue_browser, venue_server  # noqa: F401 (pytest fixtures, asked for by name)

from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.services.accounts import users as accounts

pytestmark = pytest.mark.browser


def _game(match, winner, position, device="other-phone", lost=0):
    rounds = (2, lost) if winner == "a" else (lost, 2)
    outcome = send(match, "report_game", device=device, winner=winner, rounds_a=rounds[0], rounds_b=rounds[1],
                   position=position)
    assert outcome.outcome == "applied", outcome


def _event(teams):
    """Tekken 8 under KGP rules, best of 3; the staff PIN set."""
    event, first = team_event("best_of", "kgp2025", size=1, teams=teams)
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    return event, first


def _final_after_round_one(first):
    for match in [m for m in first.bracket.matches if m.status == "ready"]:
        _game(match, "a", 0)
        _game(match, "a", 1)
    db.session.expire_all()
    row = db.session.get(MatchRow, first.id)
    return next(m for m in row.bracket.matches if m.key == row.winner_to[0])


def _offline_page(phone, page, match):
    """The pack and the kept page hold the match as it is now; the wifi drops and the kept page is gone:
    the reload builds the match from the pack."""
    kept_as_it_is_now(page, None, match)
    box = offline_from_the_pack(phone, page)
    expect(box.locator("[data-testid=offline-game]")).to_be_visible(timeout=30000)
    return box


def _offline_game(box, score):
    form = box.locator("[data-testid=offline-game]")
    form.locator(f"label.chip:has(input[name=score][value='{score}'])").click()
    form.locator("button[type=submit]").click()
    expect(box.locator("[data-testid=offline-entry]")).to_have_count(1)


def _back_online(phone, page, op_status):
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator(f"#outbox-status li[data-status={op_status}]")).to_have_count(1, timeout=30000)


def _phone(venue_browser, venue_server, event, match):  # noqa: F811 - the fixtures, passed on
    phone = venue_browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                      locale="ja-JP")
    page = staff_page(phone, venue_server.url, event)
    open_match(page, venue_server.url, match)
    pack_has(page, match.id)
    return phone, page


def _desk():
    user = accounts.create_user(f"desk-{uuid.uuid4().hex[:6]}", "desk-pass-123", role="desk")
    db.session.commit()
    return user


def _fits_390(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_desks_decision_reaches_the_offline_page(venue_server, venue_browser):  # noqa: F811
    event, match = _event(teams=2)
    desk = _desk()
    phone, page = _phone(venue_browser, venue_server, event, match)
    box = _offline_page(phone, page, match)
    _offline_game(box, "2-0")  # game 1 for チームA, on this phone only
    db.session.rollback()  # end the test's read snapshot: the server wrote since
    decided = send(match, "override", user=desk, device="desk", winner="b", reason="機材トラブル", position=0)
    assert decided.outcome == "applied"

    _back_online(phone, page, "conflict")  # its game 1 is not applied over the desk's decision
    note = box.locator("[data-testid=desk-notes] [data-kind=override]")
    expect(note).to_have_text("審判の判断（結果の決定）: 勝者: チームB (機材トラブル)", timeout=30000)
    expect(box.locator("[data-testid=offline-decided]")).to_contain_text("勝者: チームB")
    expect(box.locator("[data-testid=offline-game]")).to_be_hidden()
    _fits_390(page)
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    assert [a["kind"] for a in row.actions] == ["override"] and row.winner_id == row.slot_b


def test_a_restart_with_new_players_reaches_the_offline_page(venue_server, venue_browser):  # noqa: F811
    event, first = _event(teams=4)
    desk = _desk()
    final = _final_after_round_one(first)
    _game(final, "b", 0, lost=1)  # game 1 of the final, on another phone
    phone, page = _phone(venue_browser, venue_server, event, final)
    box = _offline_page(phone, page, final)
    expect(box.locator("[data-testid=offline-game-title]")).to_have_text("第2ゲーム")
    _offline_game(box, "2-0")  # game 2, on this phone only
    db.session.rollback()  # end the test's read snapshot: the server wrote since
    row = db.session.get(MatchRow, first.id)
    corrected = send(row, "correct_result", user=desk, device="desk", winner=row.slot_b, cascade=True,
                     reason="記入ミス")
    assert corrected.outcome == "applied"

    _back_online(phone, page, "conflict")  # made for players who no longer sit there
    restarted = box.locator("[data-testid=match-restarted]")
    expect(restarted).to_contain_text("この試合は新しい対戦者で最初からやり直しです", timeout=30000)
    expect(restarted).to_contain_text("取り消し: 第1ゲーム（1–2）")
    db.session.expire_all()
    seated = db.session.get(MatchRow, final.id).slot_a  # the corrected winner sits here now
    expect(box.locator("[data-slot='0'] [data-testid=slot-choice]:has(input:checked)")).to_have_text(
        {e.id: e.name for e in event.entrants}[seated])
    expect(box.locator("[data-testid=offline-game-title]")).to_have_text("第1ゲーム")  # it starts again
    _fits_390(page)
    db.session.expire_all()
    assert db.session.get(MatchRow, final.id).actions == []
    assert db.session.query(Operation).filter_by(match_id=final.id, outcome="applied", undone=False).count() == 0
