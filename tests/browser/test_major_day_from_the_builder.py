"""A major's day from the builder (issue 41's done-when): 64 players pasted with their readings, eight
double-elimination pools played down to their top 2 (each sends its winners-side qualifier into the top 16's
winners side and its losers-side qualifier into its losers side), pools called in two waves, a top 16 played
down to its top 8, and a top 8 that starts four and four and ends with a grand-final reset. Played from phones: a pool set offline on the
referee's 390 px phone, the grand final and its reset on the same phone, the rest as phones send them.

Screenshots for a person to look at: test-results/major-day/NN-step-who-lang.png."""
import pathlib
import re

import pytest
from axe_support import LAPTOP, PHONE
from builder_steps import choose_preset, fill, preview
from desk_sign_in import sign_in_desk
from offline_phones import FAST, actions_of, open_match
from page_wait import wait_until
from phone_sets import play_set, ready
from playwright.sync_api import expect

from webapp.extensions import db
from webapp.models import Event, MatchRow, Phase
from webapp.services.matches import bracket_rows

pytestmark = pytest.mark.browser
SHOTS = pathlib.Path(__file__).resolve().parents[2] / "test-results" / "major-day"
FAMILY = "佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村".split()
KANA = "さとう すずき たかはし たなか いとう わたなべ やまもと なかむら".split()
GIVEN = "太郎 次郎 健 翔 葵 陽菜 蓮 結衣".split()
GIVEN_KANA = "たろう じろう けん しょう あおい ひな れん ゆい".split()
SHEET = "\n".join(f"{f}{g},{k}{gk}" for g, gk in zip(GIVEN, GIVEN_KANA, strict=True)
                  for f, k in zip(FAMILY, KANA, strict=True))


def _shot(page, n: int, step: str, who: str, lang: str = "ja") -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{n:02d}-{step}-{who}-{lang}.png"),
                    full_page=page.viewport_size["width"] > PHONE["width"])


def _start(desk, url, phase_id: int) -> None:
    desk.goto(f"{url}/desk/phase/{phase_id}/preview")
    start = desk.locator("[data-testid=gate-anyway]")  # nobody checks in at reception in this rehearsal
    expect(desk.locator("#start-phase")).to_be_visible()
    (start if start.count() else desk.locator("#start-phase button[type=submit]")).click()
    expect(desk).to_have_url(re.compile(r"/desk/phase/\d+$"))


def _play_out(referee, url, phase_id: int, leave_out=()) -> None:
    """Every set of the phase as phones send them, the higher seed winning but in every third set."""
    while db.session.get(Phase, phase_id).status != "done":
        waiting = ready(phase_id, leave_out)
        if not waiting:
            return
        for match in waiting:
            play_set(referee, url, match.id, "b" if match.id % 3 == 0 else "a", game="sf6")


def test_a_major_day_from_the_builder(live_server, browser, desk_user):
    url = live_server.url
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
    _shot(desk, 1, "builder-preview", "desk")
    desk.click("[data-testid=create-event]")
    expect(desk.locator("[data-testid=import-count]")).to_contain_text("64")
    desk.click("[data-testid=import-confirm]")
    expect(desk).to_have_url(re.compile(r"/desk/e/\d+$"))
    desk.locator("#staff-pin input[name=pin]").fill("135790")
    desk.locator("#staff-pin button[type=submit]").click()
    db.session.rollback()
    event = db.session.scalar(db.select(Event))
    pools, top16, top8 = event.phases
    assert len(event.entrants) == 64 and pools.group_count == 8
    _start(desk, url, pools.id)
    _shot(desk, 2, "pools-started", "desk")

    referee = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP")
    referee.add_init_script(FAST)
    phone = referee.new_page()
    phone.goto(f"{url}/e/{event.slug}/staff-login")
    phone.fill("input[name=name]", "審判 田中")
    phone.fill("input[name=pin]", "135790")
    phone.click("button[type=submit]")

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
    _shot(phone, 3, "pool-set-offline", "referee")
    referee.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    wait_until(phone, "async () => (await TaikaiOutbox.pendingCount()) === 0", timeout=30000)
    assert [a["kind"] for a in actions_of(offline)] == ["report_game"]

    _play_out(phone, url, pools.id)
    db.session.rollback()
    assert db.session.get(Phase, pools.id).status == "done"
    phone.goto(f"{url}/e/{event.slug}/phase/{pools.id}/pools")
    _shot(phone, 4, "pools-done", "player")

    _start(desk, url, top16.id)
    _play_out(phone, url, top16.id)
    db.session.rollback()
    assert db.session.get(Phase, top16.id).status == "done"
    _start(desk, url, top8.id)
    db.session.rollback()
    bracket = bracket_rows.load_to_read(db.session.get(Phase, top8.id).brackets[0])
    assert len(bracket.entrants) == 8 and len(bracket.options["losers_side"]) == 4
    _shot(desk, 5, "top8-started-four-and-four", "desk")
    final = next(m for m in db.session.get(Phase, top8.id).brackets[0].matches if m.side == "GF" and m.round == 1)
    _play_out(phone, url, top8.id, leave_out={final.id})

    # The grand final on the referee's phone: the losers-side player wins it, and the reset decides.
    db.session.rollback()
    final = db.session.get(MatchRow, final.id)
    assert final.status == "ready"
    phone.goto(f"{url}/staff/m/{final.id}")
    _shot(phone, 6, "grand-final", "referee")
    play_set(phone, url, final.id, "b", game="sf6")
    db.session.rollback()
    reset = next(m for m in db.session.get(Phase, top8.id).brackets[0].matches if m.side == "GF" and m.round == 2)
    assert reset.status == "ready" and {reset.slot_a, reset.slot_b} == {final.slot_a, final.slot_b}
    play_set(phone, url, reset.id, "a", game="sf6")
    db.session.rollback()
    assert db.session.get(Phase, top8.id).status == "done"
    for n, lang in enumerate(("ja", "en")):
        desk.goto(f"{url}/e/{event.slug}/phase/{top8.id}?lang={lang}")
        _shot(desk, 7 + 2 * n, "top8-bracket", "desk", lang)
        phone.goto(f"{url}/e/{event.slug}/standings?lang={lang}")
        _shot(phone, 8 + 2 * n, "standings", "player", lang)
