"""A Smash weekly from the builder to its champion (issue 40's done-when): 16 players pasted with their
readings, best of 3 and best of 5 from the top 8, 3 stocks, five starters struck 1-2-1, counterpicks, two
bans, DSR (the title's usual rules, shown before the start). One set is struck on the referee's 390 px
phone, one on the players' own phones, one offline on the referee's phone; the rest arrive as a phone
online sends them. Nothing of another game's shape (1P/2P, double K.O., rounds) shows anywhere.

Screenshots for a person to look at: test-results/smash-weekly/NN-step-who-lang.png (and kofxv-weekly,
2xko-weekly)."""

import pytest
from axe_support import LAPTOP, PHONE
from builder_steps import choose_preset, create_with_sheet, fill, preview, set_staff_pin, staff_phone, start_phase
from desk_sign_in import sign_in_desk
from offline_phones import FAST, actions_of, open_match
from page_wait import wait_until
from phone_sets import play_set, ready
from playwright.sync_api import expect
from smash_weekly import SHEET
from step_shots import StepShots

from webapp.database import write_transaction
from webapp.extensions import db
from webapp.models import Entrant, Event, MatchRow, Phase
from webapp.services.players import player_links

pytestmark = pytest.mark.browser
STARTERS = ["Battlefield", "Final Destination", "Pokémon Stadium 2", "Smashville", "Town and City"]


def _phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP")
    context.add_init_script(FAST)
    return context


def _strike(form, stages):
    for stage in stages:
        form.locator(f"[data-testid=strikes] label.chip:has(input[value=\"{stage}\"])").click()


def _no_other_shape(page):
    expect(page.locator("select[name=side_a]:visible")).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text("ダブルKO")


def test_a_smash_weekly_from_the_builder_to_its_champion(live_server, browser, desk_user):
    url, shot = live_server.url, StepShots("smash-weekly")
    desk = browser.new_context(viewport=LAPTOP, locale="ja-JP").new_page()
    sign_in_desk(desk, url)
    choose_preset(desk, url, "weekly_double_elimination")
    fill(desk, {"name": "スマブラSP 週例会 #12", "game": "ssbu", "expected": "16", "stations": "4",
                "start_time": "19:00", "sheet": SHEET})
    preview(desk)
    shot(desk, "builder-preview", "desk")
    create_with_sheet(desk, 16)
    shot(desk, "event-created", "desk")
    db.session.rollback()  # the server wrote since this session read
    event = db.session.scalar(db.select(Event))
    phase = event.phases[0]
    assert len(event.entrants) == 16 and event.game == "ssbu"
    desk.goto(f"{url}/desk/phase/{phase.id}/preview")
    rules = desk.locator("[data-testid=preview-rules]")
    expect(rules).to_contain_text("3ストック")
    expect(rules).to_contain_text("1-2-1")
    shot(desk, "start-preview-rules", "desk")
    start_phase(desk, url, phase.id)
    desk.goto(f"{url}/desk/e/{event.id}")
    set_staff_pin(desk)
    referee = staff_phone(_phone(browser), url, event.slug)
    first, by_players, offline = ready(phase.id)[:3]

    # 1. Struck on the referee's phone: 1-2-1 leaves the fifth starter, stocks as the score.
    referee.goto(f"{url}/staff/m/{first.id}")
    form = referee.locator("form[data-op=report_game]:visible")
    _no_other_shape(referee)
    _strike(form, STARTERS[:4])
    expect(form.locator("select[name=stage]")).to_have_value("Town and City")
    shot(referee, "referee-strikes", "referee")
    form.locator("label.chip:has(input[name=score][value='3-0'])").click()
    form.locator("button[type=submit]").click()
    expect(referee.locator("[data-game-title]:visible")).to_have_text("第2ゲーム")
    form = referee.locator("form[data-op=report_game]:visible")
    for stage in ("Battlefield", "Final Destination"):
        form.locator(f"[data-testid=bans] label.chip:has(input[value=\"{stage}\"])").click()
    form.locator("select[name=stage]").select_option("Smashville")
    shot(referee, "referee-bans", "referee")
    form.locator("label.chip:has(input[name=score][value='2-0'])").click()
    form.locator("button[type=submit]").click()
    expect(referee.locator("body")).to_contain_text("勝者")

    # 2. On the players' own phones: the winner reports with the strikes, the opponent confirms.
    desk.goto(f"{url}/desk/e/{event.id}/stations")
    desk.locator("[data-testid=self-report-setting] input[name=on]").check()
    desk.locator("[data-testid=self-report-setting] button[type=submit]").click()
    players = {}
    for side, entrant_id in (("a", by_players.slot_a), ("b", by_players.slot_b)):
        with write_transaction(db.session):  # the personal link a player's card carries (its QR)
            token = player_links.issue(db.session.get(Entrant, entrant_id))
        players[side] = _phone(browser).new_page()
        players[side].goto(f"{url}/e/{event.slug}/me/{token}")
    mine = players["a"]
    mine.goto(f"{url}/e/{event.slug}/me/match/{by_players.id}")
    _no_other_shape(mine)
    form = mine.locator("form[data-op=report_game]:visible")
    _strike(form, STARTERS[1:5])
    expect(form.locator("select[name=stage]")).to_have_value("Battlefield")
    shot(mine, "player-strikes", "player")
    form.locator("label.chip:has(input[name=score][value='2-0'])").click()
    form.locator("button[type=submit]").click()
    form = mine.locator("form[data-op=report_game]:visible")
    expect(form.locator("[data-testid=bans]")).to_be_visible()
    for stage in ("Smashville", "Town and City"):
        form.locator(f"[data-testid=bans] label.chip:has(input[value=\"{stage}\"])").click()
    form.locator("select[name=stage]").select_option("Final Destination")
    form.locator("label.chip:has(input[name=score][value='1-0'])").click()
    form.locator("button[type=submit]").click()
    expect(mine.locator("body")).to_contain_text("相手の確認待ち")  # both games sent from this phone
    shot(mine, "player-waits-for-opponent", "player")
    theirs = players["b"]
    theirs.goto(f"{url}/e/{event.slug}/me/match/{by_players.id}")
    shot(theirs, "opponent-confirms", "player")
    theirs.locator("button[data-testid=confirm]").click()
    expect(theirs.locator("button[data-testid=confirm]")).to_have_count(0)
    db.session.rollback()
    assert db.session.get(MatchRow, by_players.id).winner_id == by_players.slot_a

    # 3. Offline on the referee's phone: queued, sent when the wifi is back.
    open_match(referee, url, offline)
    referee.context.set_offline(True)
    referee.reload()
    form = referee.locator("#offline-match [data-testid=offline-game]").or_(
        referee.locator("#match-play form[data-op=report_game]:visible"))
    expect(form).to_be_visible(timeout=30000)
    _strike(form, STARTERS[:4])
    form.locator("label.chip:has(input[name=score][value='3-0'])").click()
    shot(referee, "offline-game1", "referee")
    form.locator("button[type=submit]").click()
    wait_until(referee, "async () => (await TaikaiOutbox.pendingCount()) === 1")  # kept on the phone
    shot(referee, "offline-queued", "referee")
    referee.context.set_offline(False)
    referee.evaluate("window.dispatchEvent(new Event('online'))")
    wait_until(referee, "async () => (await TaikaiOutbox.pendingCount()) === 0", timeout=30000)
    game = next(a for a in actions_of(offline) if a["kind"] == "report_game")
    assert game["struck"].split("|") == STARTERS[:4] and game["stage"] == "Town and City"
    play_set(referee, url, offline.id, "a")

    # 4. The rest of the day as phones send it, down to the champion.
    played = {first.id, by_players.id, offline.id}
    while db.session.get(Phase, phase.id).status != "done":
        waiting = ready(phase.id)
        assert waiting, "the bracket stopped with no match ready"
        for match in waiting:
            play_set(referee, url, match.id, "a" if match.id % 3 else "b")
            played.add(match.id)
        db.session.rollback()
    final = max((db.session.get(MatchRow, i) for i in played), key=lambda m: (m.side == "GF", m.round))
    assert sum(1 for a in final.actions if a["kind"] == "report_game") >= 3  # best of 5 from the top 8
    assert all(a.get("side_a", "") == "" and not a.get("double_ko") for i in played
               for a in actions_of(db.session.get(MatchRow, i)) if a["kind"] == "report_game")
    for lang in ("ja", "en"):
        desk.goto(f"{url}/e/{event.slug}/standings?lang={lang}")
        shot(desk, "standings", "desk", lang)
        public = players["a"]
        public.goto(f"{url}/e/{event.slug}/phase/{phase.id}?lang={lang}")
        shot(public, "bracket", "player", lang)


@pytest.mark.parametrize(("game", "per_side"), [("kofxv", 3), ("2xko", 2)])
def test_a_kof_xv_and_a_2xko_weekly_from_the_builder_play_their_teams(live_server, browser, desk_user, game,
                                                                       per_side):
    """KOF XV's three characters in order and 2XKO's duo, a weekly each from the builder: the referee's
    390 px phone picks a side's characters one select a place, kept for the next game; no stage striking."""
    url = live_server.url
    desk = browser.new_context(viewport=LAPTOP, locale="ja-JP").new_page()
    sign_in_desk(desk, url)
    choose_preset(desk, url, "weekly_double_elimination")
    fill(desk, {"name": f"{game} 週例会", "game": game, "expected": "4", "stations": "2", "start_time": "19:00",
                "sheet": "草薙,くさなぎ\n八神,やがみ\nテリー,てりー\n舞,まい"})
    preview(desk)
    create_with_sheet(desk, 4)
    set_staff_pin(desk)
    db.session.rollback()
    event = db.session.scalar(db.select(Event))
    desk.goto(f"{url}/desk/phase/{event.phases[0].id}/preview")
    expect(desk.locator("[data-testid=preview-rules]")).to_contain_text(str(per_side))
    start_phase(desk, url, event.phases[0].id)
    referee = staff_phone(_phone(browser), url, event.slug)
    match = ready(event.phases[0].id)[0]
    referee.goto(f"{url}/staff/m/{match.id}")
    form = referee.locator("form[data-op=report_game]:visible")
    expect(form.locator("[data-testid=strikes]")).to_have_count(0)
    picks = [o for o in form.locator("[data-testid=team-a-1] option").all_inner_texts() if o.strip()][1:per_side + 1]
    for i, name in enumerate(picks, 1):
        form.locator(f"[data-testid=team-a-{i}]").select_option(label=name)
    expect(form.locator(f"[data-testid=team-a-{per_side + 1}]")).to_have_count(0)
    score = form.locator("input[name=score]").first.get_attribute("value")
    form.locator(f"label.chip:has(input[name=score][value='{score}'])").click()
    StepShots(f"{game}-weekly")(referee, "team-picked", "referee")
    form.locator("button[type=submit]").click()
    expect(referee.locator("[data-game-title]:visible")).to_have_text("第2ゲーム")
    form = referee.locator("form[data-op=report_game]:visible")
    for i, name in enumerate(picks, 1):  # kept in order for the next game
        expect(form.locator(f"[data-testid=team-a-{i}] option:checked")).to_have_text(name)
    game_one = next(a for a in actions_of(match) if a["kind"] == "report_game")
    assert len(game_one["char_a"].split(" / ")) == per_side
