"""The tables and pools pages at 390 px and 1366 px, in Japanese and English, axe-clean, with
screenshots in test-results/ (issues 37.8, 37.12, 37.13, 37.14, 41): on a phone the cross table's
record sits beside the name without a sideways scroll, a disqualified Swiss player shows 失格 last,
the pools list and one search say a player's pool and station, the start preview offers 引き直す, the
builder offers the top cut, waves and sides, and the day page and the entrant row read the guardian."""
import pytest
from axe_support import LAPTOP, PHONE, serious_problems, shot
from desk_sign_in import sign_in_desk
from table_days import pools_in_waves, pools_to_best, swiss_with_dq

from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.setup import events

pytestmark = pytest.mark.browser

SIZES = {"390": PHONE, "1366": LAPTOP}


FOCUS = {"swiss": ".swiss-table", "preview": "#start-preview", "day": "[data-testid=curfew-rule]",
         "search": "[data-testid=player-pool]", "builder": "#phases"}


def _visit(page, url, name, size, lang, found):
    page.goto(f"{url}{'&' if '?' in url else '?'}lang={lang}")
    page.wait_for_load_state("load")
    if name in FOCUS:  # the part this test is about, in the screenshot
        page.locator(FOCUS[name]).first.scroll_into_view_if_needed()
    shot(page, f"tables-{name}-{size}-{lang}")
    if name == "cross":
        page.locator("[data-testid=pool-ranking]").scroll_into_view_if_needed()
        shot(page, f"tables-ranking-{size}-{lang}")
    problems = serious_problems(page)
    if problems:
        found[f"{name} {size} {lang}"] = problems


def _public(live_server):
    rr_event, rr = pools_to_best()
    sw_event, swiss, _leader = swiss_with_dq()
    de_event, waves, called = pools_in_waves()
    player = next(e for e in de_event.entrants if e.id == called.slot_a)
    base = live_server.url
    return {"cross": f"{base}/e/{rr_event.slug}/phase/{rr.id}",
            "swiss": f"{base}/e/{sw_event.slug}/phase/{swiss.id}",
            "pools": f"{base}/e/{de_event.slug}/phase/{waves.id}/pools",
            "search": f"{base}/e/{de_event.slug}/players?q={player.reading}"}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_public_tables_and_pools(app, live_server, browser, size):
    pages = _public(live_server)
    found = {}
    for lang in ("ja", "en"):
        page = browser.new_context(viewport=SIZES[size], locale="ja-JP", bypass_csp=True).new_page()
        for name, url in pages.items():
            _visit(page, url, name, size, lang, found)
        page.goto(f"{pages['cross']}?lang={lang}")
        record = page.locator("table.cross td.cross-record").first
        assert record.is_visible()
        box = record.bounding_box()
        assert box["x"] + box["width"] <= SIZES[size]["width"], "the W–L column is behind a sideways scroll"
        assert page.locator('[data-testid="pool-ranking"] tr.goes-on').count() == 4
        page.goto(f"{pages['swiss']}?lang={lang}")
        last = page.locator(".swiss-table tbody tr").last.locator("td.place")
        assert last.inner_text().strip() in ("失格", "Disqualified")
        page.goto(f"{pages['search']}&lang={lang}")
        assert page.locator('[data-testid="player-pool"]').first.is_visible()
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())


def _desk_events():
    event = events.create_event("GGST 週例会", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": None, "members": []} for i in range(1, 13)])
    phase = events.add_phase(event, "本戦", "double_elimination")
    young = event.entrants[2]
    young.age_group = "u16"
    db.session.commit()
    return event, phase


@pytest.mark.parametrize("size", sorted(SIZES))
def test_desk_preview_builder_day_and_guardian(app, live_server, browser, desk_user, size):
    event, phase = _desk_events()
    base = live_server.url
    found = {}
    for lang in ("ja", "en"):
        page = browser.new_context(viewport=SIZES[size], locale="ja-JP", bypass_csp=True).new_page()
        sign_in_desk(page, base)
        _visit(page, f"{base}/desk/phase/{phase.id}/preview", "preview", size, lang, found)
        shown = page.locator('[data-testid="preview-match"]').all_inner_texts()
        page.reload()
        assert page.locator('[data-testid="preview-match"]').all_inner_texts() == shown
        _visit(page, f"{base}/desk/new", "builder", size, lang, found)
        assert page.locator('select[name="p0-stop_at_top"]').count() == 1
        _visit(page, f"{base}/desk/e/{event.id}/day", "day", size, lang, found)
        assert page.locator('[data-testid="curfew-prefecture"]').is_visible()
        _visit(page, f"{base}/desk/e/{event.id}", "event", size, lang, found)
        assert page.locator('[data-testid="guardian-toggle"]').is_visible()
    page.goto(f"{base}/desk/phase/{phase.id}/preview?lang=ja")
    page.get_by_role("button", name="組み合わせを引き直す").click()
    page.wait_for_url("**/preview**")
    assert page.get_by_text("組み合わせを引き直しました").is_visible()
    page.goto(f"{base}/desk/e/{event.id}?lang=ja")
    page.locator('[data-testid="guardian-toggle"]').click()
    page.wait_for_selector('[data-testid="guardian-toggle"][aria-pressed="true"]')
    shot(page, f"tables-guardian-marked-{size}-ja")
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())
