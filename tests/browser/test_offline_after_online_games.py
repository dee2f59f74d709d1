"""A match begun online and finished offline: the first game(s) entered on the online page, then the wifi
drops and the phone opens the match from its offline pack. The pack-built page knows the games already
played (their winners and scores), so it offers the next game where the server expects it (its number,
Smash's bans by the last winner, the set decided when it is) and the entries apply once back online:
the queue empties, nothing held, the match done with the right winner and scores."""
import re
import uuid

import pytest
from game_events import title_event
from offline_phones import actions_of, kept_as_it_is_now, offline_from_the_pack, open_match, ops_with, staff_page
from page_wait import wait_until
from phone_entries import submit
from playwright.sync_api import expect
from staff_pages import game_form

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.accounts import users as accounts

pytestmark = pytest.mark.browser

STARTERS = ["Battlefield", "Final Destination", "Pokémon Stadium 2", "Smashville", "Town and City"]
# title, best of, games entered online, games entered offline (each the winner and the score chip)
SETS = {
    "ssbu-bo3": ("ssbu", 3, [("a", "3-0")], [("b", "0-2"), ("a", "1-0")]),
    "sf6-bo3": ("sf6", 3, [("a", "2-1")], [("a", "2-0")]),
    "sf6-bo5": ("sf6", 5, [("a", "2-0"), ("b", "1-2")], [("a", "2-1"), ("b", "0-2"), ("a", "2-0")]),
}


def _online_game(page, n, game, score):
    """Game n on the online match page (Smash's game 1: the starters struck 1-2-1)."""
    form = game_form(page, n)
    if n == 1 and game == "ssbu":
        for stage in STARTERS[:4]:
            form.locator(f"[data-testid=strikes] label.chip:has(input[value=\"{stage}\"])").click()
        expect(form.locator("select[name=stage]")).to_have_value("Town and City")
    elif game == "ssbu":
        _ban_and_pick(form)
    form.locator(f"label.chip:has(input[name=score][value='{score}'])").click()
    form.locator("button[type=submit]").click()


def _ban_and_pick(form):
    """Smash's later games: the last winner bans as many as asked, the loser picks a stage still open."""
    bans = form.locator("[data-testid=bans]")
    count = int(bans.get_attribute("data-count"))
    chips = bans.locator("label.chip")
    for i in range(count):
        chips.nth(i).click()
    banned = set(bans.locator("input:checked").evaluate_all("l => l.map(i => i.value)"))
    barred = set(form.evaluate("f => JSON.parse((f.querySelector('[data-testid=bans]') || {dataset: {}}).dataset.barred || '[]')"))
    options = form.locator("select[name=stage] option:not([disabled])").evaluate_all("l => l.map(o => o.value)")
    form.locator("select[name=stage]").select_option(next(o for o in options if o and o not in banned | barred))


def _on_another_phone(match, game, online):
    """The first games entered on another phone (or at the desk): this phone's outbox has none of them."""
    for n, (winner, score) in enumerate(online):
        a, b = (int(x) for x in score.split("-"))
        payload = {"winner": winner, "rounds_a": a, "rounds_b": b, "position": n}
        if game == "ssbu":  # game 1 struck 1-2-1; later games: a stage of the last winner's choosing
            payload.update({"struck": "|".join(STARTERS[:4]), "stage": STARTERS[4]} if n == 0 else {})
        result = submit({"op_id": str(uuid.uuid4()), "device_id": "other-phone", "kind": "report_game",
                         "match_id": match.id, "payload": payload}, None)
        assert result.outcome == "applied", result


def _offline_game(page, game, score):
    form = page.locator("#offline-match [data-testid=offline-game]")
    if game == "ssbu":
        _ban_and_pick(form)
    form.locator(f"label.chip:has(input[name=score][value='{score}'])").click()
    form.locator("button[type=submit]").click()


@pytest.mark.parametrize("by", ["this-phone", "another-phone"])
@pytest.mark.parametrize("name", sorted(SETS))
def test_a_set_begun_online_and_finished_offline(live_server, phone, name, by):
    game, best_of, online, offline = SETS[name]
    event, match = title_event(game, best_of=best_of)
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    if by == "another-phone":
        _on_another_phone(match, game, online)
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    for n, (_winner, score) in enumerate(online if by == "this-phone" else [], 1):
        _online_game(page, n, game, score)
        ops_with(page, "applied", n)
    game_form(page, len(online) + 1)
    kept_as_it_is_now(page, live_server.url, match)

    box = offline_from_the_pack(phone, page)
    title = box.locator("[data-testid=offline-game] [data-testid=offline-game-title]")
    entries = box.locator("[data-testid=offline-entry]")
    for n, (_winner, score) in enumerate(offline, len(online) + 1):
        expect(title).to_have_text(f"第{n}ゲーム", timeout=30000)  # the next game where the server expects it
        _offline_game(page, game, score)
        expect(entries.filter(has_text=f"第{n}ゲーム")).to_have_count(1)
    expect(box.locator("[data-testid=offline-game]")).to_be_hidden()  # decided on this phone: no game after
    winner = "あおい" if offline[-1][0] == "a" else "ひかる"
    expect(box.locator("[data-testid=offline-decided]")).to_contain_text(re.compile(f"勝者: {winner}"))

    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "applied", len(offline) + (len(online) if by == "this-phone" else 0))
    expect(page.locator("#outbox-status li[data-status=held]")).to_have_count(0)
    wait_until(page, "async () => (await TaikaiOutbox.pendingCount()) === 0")
    games = [a for a in actions_of(match) if a["kind"] == "report_game"]
    assert [(g["winner"], f"{g['rounds_a']}-{g['rounds_b']}") for g in games] == \
        [(w, s.removeprefix("a:").removeprefix("b:")) for w, s in online + offline]
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == (row.slot_a if offline[-1][0] == "a" else row.slot_b)


@pytest.mark.parametrize("by", ["this-phone", "another-phone"])
def test_a_kachinuki_begun_online_and_finished_offline(live_server, phone, by):
    """Tekken 5on5: the toss, both first players and game 1 (B1 out) online; offline from the pack the phone knows
    who is out and that B names next (no second toss), and plays on to the end; all applied, none held."""
    from offline_phones import event_with_pin, name, report, toss
    from play_support import member_ids, send
    event, match = event_with_pin()
    if by == "another-phone":
        a, b = member_ids(match, "a"), member_ids(match, "b")
        for n, (kind, fields) in enumerate((("coin_toss", {"winner": "a", "choice": "stage"}),
                                            ("name_player", {"side": "a", "member_id": a[0]}),
                                            ("name_player", {"side": "b", "member_id": b[0]}),
                                            ("report_game", {"winner": "a", "rounds_a": 3, "rounds_b": 1}))):
            assert send(match, kind, device="other-phone", position=n, **fields).outcome == "applied"
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    for n, enter in enumerate((lambda: toss(page), lambda: name(page, "A1"), lambda: name(page, "B1"),
                               lambda: report(page, "a", 3, 1)) if by == "this-phone" else (), 1):
        enter()
        ops_with(page, "applied", n)
    expect(page.locator("form[data-op=name_player]:visible button", has_text="B2")).to_be_visible()
    kept_as_it_is_now(page, live_server.url, match)

    box = offline_from_the_pack(phone, page)
    naming = box.locator("[data-testid=offline-name]:visible")
    game = box.locator("[data-testid=offline-game]")
    entries = box.locator("[data-testid=offline-entry]")
    expect(naming).to_have_count(1, timeout=30000)  # B names its next player; A1 plays on
    expect(box.locator("[data-testid=offline-toss]")).to_be_hidden()
    expect(naming.locator("button", has_text="B1")).to_be_hidden()  # out
    for n in range(2, 6):
        naming.locator("button", has_text=f"B{n}").click()
        expect(game).to_be_visible()
        expect(game.locator("[data-testid=offline-game-title]")).to_have_text(f"第{n}ゲーム")
        game.locator("label:has(input[name=score][value='3-0'])").click()
        game.locator("button[type=submit]").click()
        expect(entries.filter(has_text=f"第{n}ゲーム")).to_have_count(1)
    expect(box.locator("[data-testid=offline-decided]")).to_contain_text("勝者: チームA")

    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "applied", (4 if by == "this-phone" else 0) + 8)
    expect(page.locator("#outbox-status li[data-status=held]")).to_have_count(0)
    played = actions_of(match)
    assert [a["kind"] for a in played[4:]] == ["name_player", "report_game"] * 4
    assert [(g["winner"], g["rounds_a"], g["rounds_b"]) for g in played if g["kind"] == "report_game"] == \
        [("a", 3, 1)] + [("a", 3, 0)] * 4
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == row.slot_a
