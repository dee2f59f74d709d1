"""Public bracket pages as people see them: drawn with lines, readable on a phone, groups as a grid.

Screenshots at 390×844 and 1366×768 go to test-results/ (not committed) for a person to look at.
"""
from bracket_builders import big_double_elimination, groups_phase
from playwright.sync_api import expect
from results_folder import TEST_RESULTS

SHOTS = TEST_RESULTS
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


def _page(browser, size, lang="ja-JP"):
    context = browser.new_context(locale=lang, **size)
    return context, context.new_page()


def _shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def test_99_player_double_elimination_on_a_laptop(live_server, browser):
    phase = big_double_elimination()
    real = sum(1 for m in phase.brackets[0].matches if m.status not in ("bye", "void"))
    context, page = _page(browser, LAPTOP)
    page.goto(f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}")
    expect(page.locator("#bracket .match")).to_have_count(real)  # byes are not drawn
    assert page.locator(".cell.fed").count() > 50 and page.locator(".cell.join-down").count() > 20
    assert page.locator(".match.done .slot.winner .score, .match.done .slot.winner").count() > 0
    assert page.locator(".slot .seed", has_text="1").count() >= 1
    winners = page.locator(".bracket").first
    box = winners.bounding_box()
    assert box["width"] > 1200  # the full width, not a 960 px column
    # One page scroll: no side is a scroll box of its own, and the losers side is drawn in full.
    for side in page.locator(".bracket").all():
        assert side.evaluate("el => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1")
        assert side.evaluate("el => getComputedStyle(el).overflowY") == "visible"
    widest = page.evaluate("Math.max(...[...document.querySelectorAll('.match')].map(m => m.getBoundingClientRect().right))")
    assert widest <= page.evaluate("document.documentElement.scrollWidth")
    losers = page.locator(".bracket").nth(1)
    last_losers = losers.locator(".round").last
    last_losers.scroll_into_view_if_needed()
    assert last_losers.locator(".match").first.is_visible()  # the page scrolls to the losers final
    _shot(page, "bracket-99-laptop-losers")
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, "bracket-99-laptop")
    page.evaluate("window.scrollTo(0, 1500)")
    label = winners.locator(".round-label").first.bounding_box()
    assert abs(label["y"] - 52) < 3  # the round headers stay in view, under the top bar
    _shot(page, "bracket-99-laptop-scrolled")


def test_99_player_bracket_on_a_phone_one_round_at_a_time(live_server, browser):
    phase = big_double_elimination()
    context, page = _page(browser, PHONE)
    page.goto(f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    winners = page.locator(".bracket").first
    for side in page.locator(".bracket").all():  # winners, losers, grand final: every round fits the phone
        width = side.bounding_box()["width"]
        assert width <= 390
        widths = side.evaluate("el => [...el.querySelectorAll('.round')].map(r => r.getBoundingClientRect().width)")
        assert widths and all(w <= width + 1 for w in widths), widths
        assert side.evaluate("el => [...el.querySelectorAll('.match')].every(m => m.scrollWidth <= m.clientWidth + 1)")
    _shot(page, "bracket-99-phone")
    page.locator(".round-tabs").first.locator("a").nth(1).click()
    page.wait_for_timeout(400)
    assert winners.evaluate("el => el.scrollLeft") > 100  # the tab brought round 2 into view
    _shot(page, "bracket-99-phone-round2")


def test_groups_are_a_grid_with_their_placements(live_server, browser):
    phase = groups_phase()
    context, page = _page(browser, LAPTOP, lang="en-US")
    page.goto(f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}?lang=en")
    expect(page.locator(".group-grid .bracket-group")).to_have_count(8)
    first, second = (page.locator(".group-grid .bracket-group").nth(i).bounding_box() for i in (0, 1))
    assert abs(first["y"] - second["y"]) < 2  # side by side
    for group in page.locator(".group-grid .bracket-group").all():  # each with its placements so far
        expect(group.locator(".group-places li").first).to_contain_text("3–4")
    _shot(page, "groups-laptop")


def test_find_me_highlights_a_players_path_on_a_phone(live_server, browser):
    phase = big_double_elimination(players=16, share=0.6)
    context, page = _page(browser, PHONE)
    page.goto(f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}")
    page.fill("#find-me", "選手01")
    page.locator("#find-me").dispatch_event("change")
    mine = page.locator(".match.me")
    expect(mine.first).to_be_visible()
    assert mine.count() >= 3  # round 1, 2, 3... of the top seed's path
    expect(page.locator("[data-find-me-result]")).to_contain_text(str(mine.count()))
    _shot(page, "find-me-phone")
    page.reload()  # remembered on this phone
    expect(page.locator(".match.me")).to_have_count(mine.count())


def test_find_me_folds_kana_and_width_and_reads_readings(live_server, browser):
    from webapp.extensions import db
    from webapp.models import Entrant

    phase = big_double_elimination(players=16, share=0.3)
    first, second = (db.session.query(Entrant).filter_by(event_id=phase.event_id, seed=s).one() for s in (1, 2))
    first.name, second.name, second.reading = "ナウマン", "山田 太郎", "やまだ たろう"
    db.session.commit()
    context, page = _page(browser, LAPTOP)
    page.goto(f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}")
    for typed, entrant in (("なうまん", first), ("ﾅｳﾏﾝ", first), ("ＮＡＵ", None), ("やまだ", second), ("山田太郎", second)):
        page.fill("#find-me", typed)
        page.locator("#find-me").dispatch_event("change")
        if entrant is None:
            expect(page.locator(".match.me")).to_have_count(0)
            continue
        mine = page.locator(".match.me")
        expect(mine.first).to_be_visible()
        ids = mine.evaluate_all("ms => ms.map(m => m.dataset.entrants.split(' '))")
        assert all(str(entrant.id) in pair for pair in ids), (typed, ids)
    _shot(page, "find-me-reading-laptop")


def test_top8_view_and_the_finished_event_leads_with_its_champion(live_server, browser):
    phase = big_double_elimination(players=24, share=1.0)
    context, page = _page(browser, LAPTOP)
    page.goto(f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}?view=top8")
    titles = page.locator(".round-label").all_inner_texts()
    assert len(titles) < 10 and page.locator(".match").count() <= 12
    _shot(page, "top8-laptop")
    page.goto(f"{live_server.url}/e/{phase.event.slug}")
    podium = page.locator("[data-testid=podium]")
    expect(podium).to_contain_text("選手01")
    expect(podium.locator(".top8 li")).to_have_count(8)
    first = podium.bounding_box()["y"]
    assert first < page.locator("h2", has_text="フェーズ").bounding_box()["y"] if page.locator("h2", has_text="フェーズ").count() else True
    _shot(page, "event-finished-laptop")
