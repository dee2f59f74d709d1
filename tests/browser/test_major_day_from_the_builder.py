"""A major's day from the builder (issue 41's done-when): 64 players pasted with their readings, eight
double-elimination pools played down to their top 2 (each sends its winners-side qualifier into the top 16's
winners side and its losers-side qualifier into its losers side), pools called in two waves, a top 16 played
down to its top 8, and a top 8 that starts four and four and ends with a grand-final reset. Played from phones: a pool set offline on the
referee's 390 px phone, the grand final and its reset on the same phone, the rest as phones send them.

Screenshots for a person to look at: test-results/major-day/NN-step-who-lang.png."""

import pytest
from axe_support import LAPTOP, PHONE
from builder_steps import choose_preset, create_with_sheet, fill, preview, set_staff_pin, staff_phone, start_phase
from desk_sign_in import sign_in_desk
from offline_phones import FAST, actions_of, open_match
from page_wait import wait_until
from phone_sets import play_set, ready
from playwright.sync_api import expect
from step_shots import StepShots

from webapp.extensions import db
from webapp.models import Event, MatchRow, Phase
from webapp.services.matches import bracket_rows

pytestmark = pytest.mark.browser
FAMILY = "佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村".split()
KANA = "さとう すずき たかはし たなか いとう わたなべ やまもと なかむら".split()
GIVEN = "太郎 次郎 健 翔 葵 陽菜 蓮 結衣".split()
GIVEN_KANA = "たろう じろう けん しょう あおい ひな れん ゆい".split()
SHEET = "\n".join(f"{f}{g},{k}{gk}" for g, gk in zip(GIVEN, GIVEN_KANA, strict=True)
                  for f, k in zip(FAMILY, KANA, strict=True))


def _play_out(referee, url, phase_id: int, leave_out=()) -> None:
    """Every set of the phase as phones send them, the higher seed winning but in every third set."""
    while db.session.get(Phase, phase_id).status != "done":
        waiting = ready(phase_id, leave_out)
        if not waiting:
            return
        for match in waiting:
            play_set(referee, url, match.id, "b" if match.id % 3 == 0 else "a", game="sf6")


def test_a_major_day_from_the_builder(live_server, browser, desk_user):
    url, shot = live_server.url, StepShots("major-day")
    desk = browser.new_context(viewport=LAPTOP, locale="ja-JP").new_page()
    sign_in_desk(desk, url)
    choose_preset(desk, url, "weekly_double_elimination")
    fill(desk, {"name": "SF6 メジャー予選", "game": "sf6", "expected": "64", "stations": "16", "start_time": "10:00",
                "checkin_opens": "09:00", "checkin_closes": "09:45", "sheet": SHEET})
    desk.click("[data-testid=add-phase]")
    desk.click("[data-testid=add-phase]")
    fill(desk, {"p0-name": "予選プール", "p0-pools": "8", "p0-pools_per_wave": "4", "p0-stop_at_top": "2",
                "p1-name": "TOP16", "p1-format": "double_elimination", "p1-advance": "sides", "p1-stop_at_top": "8",
                "p2-name": "TOP8", "p2-format": "double_elimination", "p2-advance": "sides"})
    preview(desk)
    shot(desk, "builder-preview", "desk")
    create_with_sheet(desk, 64)
    set_staff_pin(desk)
    db.session.rollback()
    event = db.session.scalar(db.select(Event))
    pools, top16, top8 = event.phases
    assert len(event.entrants) == 64 and pools.group_count == 8
    start_phase(desk, url, pools.id)
    shot(desk, "pools-started", "desk")

    referee = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP")
    referee.add_init_script(FAST)
    phone = staff_phone(referee, url, event.slug, "審判 田中")

    # A pool set offline: its first game queued on the phone, sent when the wifi is back.
    offline = ready(pools.id)[0]
    open_match(phone, url, offline)
    referee.set_offline(True)
    phone.reload()
    form = phone.locator("#offline-match [data-testid=offline-game]").or_(
        phone.locator("#match-play form[data-op=report_game]:visible"))
    expect(form).to_be_visible(timeout=30000)
    form.locator("input[name=score]").first.locator("xpath=..").click()
    form.locator("button[type=submit]").click()
    wait_until(phone, "async () => (await TaikaiOutbox.pendingCount()) === 1")
    shot(phone, "pool-set-offline", "referee")
    referee.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    wait_until(phone, "async () => (await TaikaiOutbox.pendingCount()) === 0", timeout=30000)
    assert [a["kind"] for a in actions_of(offline)] == ["report_game"]

    _play_out(phone, url, pools.id)
    db.session.rollback()
    assert db.session.get(Phase, pools.id).status == "done"
    phone.goto(f"{url}/e/{event.slug}/phase/{pools.id}/pools")
    shot(phone, "pools-done", "player")

    start_phase(desk, url, top16.id)
    _play_out(phone, url, top16.id)
    db.session.rollback()
    assert db.session.get(Phase, top16.id).status == "done"
    start_phase(desk, url, top8.id)
    db.session.rollback()
    bracket = bracket_rows.load_to_read(db.session.get(Phase, top8.id).brackets[0])
    assert len(bracket.entrants) == 8 and len(bracket.options["losers_side"]) == 4
    shot(desk, "top8-started-four-and-four", "desk")
    final = next(m for m in db.session.get(Phase, top8.id).brackets[0].matches if m.side == "GF" and m.round == 1)
    _play_out(phone, url, top8.id, leave_out={final.id})

    # The grand final on the referee's phone: the losers-side player wins it, and the reset decides.
    db.session.rollback()
    final = db.session.get(MatchRow, final.id)
    assert final.status == "ready"
    phone.goto(f"{url}/staff/m/{final.id}")
    shot(phone, "grand-final", "referee")
    play_set(phone, url, final.id, "b", game="sf6")
    db.session.rollback()
    reset = next(m for m in db.session.get(Phase, top8.id).brackets[0].matches if m.side == "GF" and m.round == 2)
    assert reset.status == "ready" and {reset.slot_a, reset.slot_b} == {final.slot_a, final.slot_b}
    play_set(phone, url, reset.id, "a", game="sf6")
    db.session.rollback()
    assert db.session.get(Phase, top8.id).status == "done"
    for lang in ("ja", "en"):
        desk.goto(f"{url}/e/{event.slug}/phase/{top8.id}?lang={lang}")
        shot(desk, "top8-bracket", "desk", lang)
        phone.goto(f"{url}/e/{event.slug}/standings?lang={lang}")
        shot(phone, "standings", "player", lang)
