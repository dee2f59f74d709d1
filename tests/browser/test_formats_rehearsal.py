"""Issue 27's rehearsal: from the desk's pages, a GGST side event of round-robin pools of 4–5 into a
top 8 double elimination with Bo5 from the top 8, to the final standings. A staff phone plays a
pool match online, one offline (sent after reconnecting) and a Bo5 top-8 match offline; the other
results come in as other phones' would (the services). Screenshots at 390 and 1366 px in
test-results/rehearsal/formats-*.png."""
import pathlib
import random
import re
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from desk_sign_in import sign_in_desk  # noqa: E402
from page_wait import wait_until  # noqa: E402
from results_folder import TEST_RESULTS  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import Event, MatchRow, Phase  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import play, simulate
from webapp.services.setup import events

SHOTS = TEST_RESULTS / "rehearsal"
FAST = "window.TAIKAI_BACKOFF_MS = 150; window.TAIKAI_POLL_MS = 400;"
PLAYERS = ["ウメハラ", "ときど", "ふ〜ど", "マゴ", "ちょこ", "ガチくん", "ひかる", "どぐら", "ナゴ"]


def _event():
    event = events.create_event("GGST 平日サイド", "kgp2025", game="ggst")
    entrants.add_entrants(event, [{"name": n, "seed": None, "members": []} for n in PLAYERS])
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    return event.id


def _shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"formats-{name}.png"), full_page=True)


def _add_phase(desk, url, event_id, fields: dict):
    desk.goto(f"{url}/desk/e/{event_id}")
    box = desk.locator("#phases details")
    if not box.evaluate("d => d.open"):
        box.locator("summary").click()
    form = box.locator("form")
    for name, value in fields.items():
        target = form.locator(f"[name={name}]")
        if target.evaluate("e => e.tagName") == "SELECT":
            target.select_option(value)
        else:
            target.fill(value)
    form.locator("button[type=submit]").click()
    expect(desk.locator("[data-testid=phase-line]", has_text=fields["name"])).to_be_visible()


def _start(desk, url, phase_id, shot=None):
    desk.goto(f"{url}/desk/phase/{phase_id}/preview")
    expect(desk.locator("[data-testid=start-preview]")).to_be_visible()
    if shot:
        _shot(desk, shot)
    anyway = desk.locator("[data-testid=gate-anyway]")
    (anyway if anyway.count() else desk.locator("#start-phase button[type=submit]")).click()
    expect(desk).to_have_url(re.compile(r"/desk/phase/\d+$"))


def _others_play(phase_id, keep: int, rng):
    """Other phones' results: every ready match but `keep` of them."""
    while True:
        db.session.rollback()
        ready = [m for m in db.session.get(Phase, phase_id).brackets for m in m.matches if m.status == "ready"]
        if len(ready) <= keep:
            return ready
        simulate.play_match(ready[0], rng)
        db.session.commit()


def _open(page, url, match_id):
    page.goto(f"{url}/staff/m/{match_id}")
    wait_until(page, "navigator.serviceWorker && navigator.serviceWorker.controller", timeout=30000)
    wait_until(page, "async () => !!(await caches.match(location.href, {ignoreVary: true}))", timeout=30000)


def _games(page, wins):
    """Side a wins `wins` games 2-0 on the phone (online or not)."""
    for _ in range(wins):
        form = page.locator("form[data-op=report_game]:visible")
        form.locator("label", has=page.locator("input[name=score][value='2-0']")).click()
        form.locator("button[type=submit]").click()
        page.wait_for_timeout(300)


def _decided(match_id, timeout_s=30):
    for _ in range(timeout_s * 4):
        db.session.rollback()
        if db.session.get(MatchRow, match_id).status == "done":
            return True
        import time
        time.sleep(0.25)
    return False


def _phone_plays(phone_ctx, page, url, match, offline: bool):
    _open(page, url, match.id)
    if offline:
        phone_ctx.set_offline(True)
    wins = play.best_of_for(match) // 2 + 1
    _games(page, wins)
    if offline:
        expect(page.locator("#offline-entry [data-testid=pending-entry]")).to_have_count(wins, timeout=30000)
        phone_ctx.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
    assert _decided(match.id), f"match {match.key} not decided from the phone"


def test_ggst_pools_into_a_top_8_with_bo5_played_to_the_standings(live_server, browser, desk_user):
    url, rng = live_server.url, random.Random(27)
    event_id = _event()
    desk = browser.new_context(viewport={"width": 1366, "height": 900}, locale="ja-JP").new_page()
    sign_in_desk(desk, url)
    _add_phase(desk, url, event_id, {"name": "予選リーグ", "format": "round_robin", "group_count": "2",
                                     "tie_resolution": "draw"})
    _add_phase(desk, url, event_id, {"name": "TOP8", "format": "double_elimination", "later_from": "top8",
                                     "later_best_of": "5"})
    line = desk.locator("[data-testid=phase-line]", has_text="TOP8")
    line.locator("select[name=mode]").select_option("best")
    line.locator("input[name=count]").fill("8")
    line.locator("button[type=submit]").click()
    db.session.rollback()
    pools, top = db.session.get(Event, event_id).phases
    _start(desk, url, pools.id, shot="pools-preview-1366")
    expect(desk.locator("[data-testid=cross]").first.or_(desk.locator("table.cross").first)).to_be_visible()

    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                    locale="ja-JP")
    phone_ctx.add_init_script(FAST)
    phone = phone_ctx.new_page()
    phone.goto(f"{url}/e/{db.session.get(Event, event_id).slug}/staff-login")
    phone.fill("input[name=name]", "審判 佐藤")
    phone.fill("input[name=pin]", "135790")
    phone.click("button[type=submit]")
    kept = _others_play(pools.id, 2, rng)
    _phone_plays(phone_ctx, phone, url, kept[0], offline=False)
    _phone_plays(phone_ctx, phone, url, kept[1], offline=True)
    _others_play(pools.id, 0, rng)
    slug = db.session.get(Event, event_id).slug
    desk.goto(f"{url}/e/{slug}/phase/{pools.id}")
    _shot(desk, "pools-1366")
    phone.goto(f"{url}/e/{slug}/phase/{pools.id}")
    _shot(phone, "pools-390")

    _start(desk, url, top.id, shot="top8-preview-1366")
    kept = _others_play(top.id, 1, rng)
    while play.best_of_for(kept[0]) != 5:  # the phone takes a Bo5 match of the top 8
        simulate.play_match(kept[0], rng)
        db.session.commit()
        kept = _others_play(top.id, 1, rng)
    _phone_plays(phone_ctx, phone, url, kept[0], offline=True)
    _others_play(top.id, 0, rng)
    db.session.rollback()
    assert db.session.get(Phase, top.id).status == "done"
    desk.goto(f"{url}/e/{slug}/phase/{top.id}")
    expect(desk.locator("[data-testid=round-bo]").first).to_be_visible()
    _shot(desk, "top8-1366")
    phone.goto(f"{url}/e/{slug}/phase/{top.id}")
    _shot(phone, "top8-390")
    for page, width in ((desk, 1366), (phone, 390)):
        page.goto(f"{url}/e/{slug}/standings")
        for name in PLAYERS:
            expect(page.locator("main")).to_contain_text(name)
        _shot(page, f"standings-{width}")


def test_a_swiss_into_a_top_8_played_to_the_standings(live_server, browser, desk_user):
    url, rng = live_server.url, random.Random(28)
    event_id = _event()
    desk = browser.new_context(viewport={"width": 1366, "height": 900}, locale="ja-JP").new_page()
    sign_in_desk(desk, url)
    _add_phase(desk, url, event_id, {"name": "スイスドロー", "format": "swiss", "swiss_rounds": "3"})
    _add_phase(desk, url, event_id, {"name": "TOP8", "format": "double_elimination", "later_from": "top8",
                                     "later_best_of": "5"})
    line = desk.locator("[data-testid=phase-line]", has_text="TOP8")
    line.locator("select[name=mode]").select_option("best")
    line.locator("input[name=count]").fill("8")
    line.locator("button[type=submit]").click()
    db.session.rollback()
    swiss, top = db.session.get(Event, event_id).phases
    _start(desk, url, swiss.id, shot="swiss-preview-1366")
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                    locale="ja-JP")
    phone_ctx.add_init_script(FAST)
    phone = phone_ctx.new_page()
    slug = db.session.get(Event, event_id).slug
    phone.goto(f"{url}/e/{slug}/staff-login")
    phone.fill("input[name=name]", "審判 佐藤")
    phone.fill("input[name=pin]", "135790")
    phone.click("button[type=submit]")
    kept = _others_play(swiss.id, 1, rng)          # round 1: the phone plays the last match, offline
    _phone_plays(phone_ctx, phone, url, kept[0], offline=True)
    _others_play(swiss.id, 0, rng)                 # rounds 2 and 3, paired by each round's last result
    db.session.rollback()
    assert db.session.get(Phase, swiss.id).status == "done"
    for page, width in ((desk, 1366), (phone, 390)):
        page.goto(f"{url}/e/{slug}/phase/{swiss.id}")
        _shot(page, f"swiss-{width}")
    _start(desk, url, top.id)
    _others_play(top.id, 0, rng)
    db.session.rollback()
    assert db.session.get(Phase, top.id).status == "done"
    for page, width in ((desk, 1366), (phone, 390)):
        page.goto(f"{url}/e/{slug}/standings")
        for name in PLAYERS:
            expect(page.locator("main")).to_contain_text(name)
        _shot(page, f"swiss-standings-{width}")
