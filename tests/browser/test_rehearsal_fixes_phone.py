"""Bugs the rehearsal of a whole day found in the browser: the ruling card's contrast, the
projector on one 1366×768 screen, the run table at 1366 px, the phone after a match and its
penalty form at 390 px."""
import pathlib
import sys

import pytest
from axe_support import AXE, LAPTOP, PHONE, shot

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "service"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "pages"))
from desk_sign_in import sign_in_desk  # noqa: E402
from play_support import member_ids, send, team_event, win  # noqa: E402

pytestmark = pytest.mark.browser


def _contrast_problems(page, selector):
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("(s) => axe.run(s, {runOnly: ['color-contrast']})", selector)
    return [n["target"] for v in result["violations"] for n in v["nodes"]]


def test_the_ruling_card_reads_dark_on_light(live_server, browser, desk_user):
    event, match = team_event()
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", winner="a", choice="stage")
    send(match, "name_player", side="a", member_id=a[0], blind=True)
    send(match, "name_player", side="b", member_id=b[0], blind=True)
    win(match, "a")
    send(match, "name_player", side="b", member_id=b[1])
    win(match, "a")
    send(match, "penalty", side="a", penalty="undeclared_change", game=0)
    for size in (PHONE, LAPTOP):
        context = browser.new_context(viewport=size, locale="ja-JP", bypass_csp=True)
        page = context.new_page()
        sign_in_desk(page, live_server.url)
        page.goto(f"{live_server.url}/desk/e/{event.id}?lang=ja")
        card = page.locator("[data-testid=ruling-needed]")
        assert _contrast_problems(page, "[data-testid=ruling-needed]") == []
        colours = card.evaluate("(c) => [...c.querySelectorAll('p, li')].map((e) => getComputedStyle(e).color)")
        background = card.evaluate("(c) => getComputedStyle(c).backgroundColor")
        assert set(colours) == {"rgb(26, 29, 35)"} and background == "rgb(255, 255, 255)"  # body text, card
        shot(page, f"ruling-card-{size['width']}")
        context.close()


def _called_event(players=16, names=("1", "2", "3", "4", "配信台")):
    from webapp.extensions import db
    from webapp.operations.autocall import call_next
    from webapp.services.day import stations
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import brackets
    from webapp.services.setup import events
    event = events.create_event("KGP2025 関西大会", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}番", "seed": i, "members": []} for i in range(1, players + 1)])
    phase = events.add_phase(event, "予選 (ダブルイリミネーション)", "double_elimination", best_of=3)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    phase.calling = {"auto_call": True}
    for name in names:
        stations.add_station(event, name)
    db.session.commit()
    call_next(event)
    db.session.commit()
    return event


def test_the_projector_fits_one_1366x768_screen_without_the_site_header(live_server, browser):
    event = _called_event()
    for lang in ("ja", "en"):
        context = browser.new_context(viewport=LAPTOP, locale="ja-JP")
        page = context.new_page()
        page.goto(f"{live_server.url}/e/{event.slug}/calls?lang={lang}")
        assert page.locator("header.topbar").count() == 0
        assert page.locator("[data-testid=call]").count() == 5
        nexts = page.locator("[data-testid=next-call]")
        assert nexts.count() >= 1
        bottom = max(b["y"] + b["height"] for b in (n.bounding_box() for n in nexts.all()))
        assert bottom <= LAPTOP["height"], f"the Next list ends {bottom:.0f} px down a 768 px screen"
        assert page.evaluate("document.documentElement.scrollHeight") <= LAPTOP["height"]
        shot(page, f"projector-{lang}")
        context.close()


def test_the_run_table_shows_its_result_column_and_the_entries_box_at_1366(live_server, browser, desk_user):
    from datetime import timedelta

    from webapp.database import utcnow
    from webapp.extensions import db
    event = _called_event()
    phase = event.phases[0]
    called = [m for b in phase.brackets for m in b.matches if m.station]
    called[0].called_at = utcnow() - timedelta(minutes=30)  # over the limit: the no-show buttons
    db.session.commit()
    for lang in ("en", "ja"):
        context = browser.new_context(viewport=LAPTOP, locale="ja-JP")
        page = context.new_page()
        sign_in_desk(page, live_server.url)
        page.goto(f"{live_server.url}/desk/phase/{phase.id}?lang={lang}&status=all")
        row = page.locator(f"#match-{called[1].id}")
        if lang == "en":
            row.locator("[data-testid=record-result] summary").click()
            row.locator("select[name=winner]").select_option(str(called[1].slot_a))
            row.locator("input[name=reason]").fill("scoresheet")
            row.locator("[data-testid=record-result] button[type=submit]").click()
            page.locator("#outbox-status [data-testid=op]").first.wait_for()
        wrap = page.locator("#desk-matches .table-wrap")
        assert wrap.evaluate("(w) => w.scrollWidth <= w.clientWidth"), "the table scrolls sideways"
        # measured in one go: a sync may swap the table in again between two looks
        right = page.evaluate("""() => Math.max(...[...document.querySelectorAll('.run-table tbody td:last-child')]
          .map((c) => c.getBoundingClientRect().right))""")
        assert right <= LAPTOP["width"]
        if lang == "en":
            cut = page.evaluate("""() => {
              const list = document.querySelector('#outbox-status .outbox-list'), first = list.querySelector('[data-testid=op]');
              return first.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom; }""")
            assert cut <= 1, "the first entry is cut"
        shot(page, f"run-table-{lang}")
        context.close()


def _referee(browser, url, event, size=PHONE):
    from webapp.extensions import db
    from webapp.services.accounts import users as accounts
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    context = browser.new_context(viewport=size, locale="ja-JP", has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{url}/e/{event.slug}/staff-login")
    page.fill("input[name=name]", "審判 佐藤")
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")
    page.wait_for_load_state()
    return context, page


def _game(page, score, position):
    from playwright.sync_api import expect
    form = page.locator("form[data-op=report_game]:visible")
    form.locator("label", has=page.locator(f"input[name=score][value='{score}']")).click()
    form.locator("button[type=submit]").click()
    expect(page.locator("#match-play")).to_have_attribute("data-position", str(position), timeout=15000)


def _in_view(page, locator):
    box = locator.bounding_box()
    header = page.locator("header.topbar").bounding_box()["height"]
    return box is not None and box["y"] >= header - 1 and box["y"] + box["height"] <= page.viewport_size["height"]


def test_the_phone_shows_the_winner_and_the_next_match_when_a_match_is_over(live_server, browser):
    from playwright.sync_api import expect
    event = _called_event()
    match = next(m for b in event.phases[0].brackets for m in b.matches if m.station == "1")
    context, page = _referee(browser, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}?lang=ja")
    _game(page, "2-0", 1)
    _game(page, "2-1", 2)
    expect(page.locator("[data-testid=winner]")).to_be_visible()
    expect(page.locator("[data-testid=next-on-station]")).to_be_visible(timeout=15000)
    expect(page.locator("[data-testid=entry-status]")).to_be_visible()
    page.wait_for_timeout(500)  # the last scroll settles
    assert _in_view(page, page.locator("[data-testid=winner]")), "the winner is out of view"
    assert _in_view(page, page.locator("[data-testid=next-on-station] a")), "the next match's button is out of view"
    shot(page, "match-over-phone")
    context.close()


def test_the_phone_penalty_names_the_act_and_its_effect_and_the_acts_fit_390(live_server, browser):
    from playwright.sync_api import expect
    event = _called_event()
    match = next(m for b in event.phases[0].brackets for m in b.matches if m.station == "2")
    context, page = _referee(browser, live_server.url, event)
    page.goto(f"{live_server.url}/staff/m/{match.id}?lang=en")
    _game(page, "2-0", 1)
    box = page.locator("details:has(form[data-op=penalty])")
    box.locator("summary").click()
    form = box.locator("form[data-op=penalty]")
    for label in form.locator("fieldset.acts label").all():
        b = label.bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"]
        assert label.evaluate("(l) => l.scrollWidth <= l.clientWidth + 1"), label.inner_text()
    form.locator("label", has=page.locator("input[name=side][value=b]")).click()
    form.locator("label", has=page.locator("input[name=act][value=pause]")).click()
    form.locator("input[name=rounds_a]").fill("0")
    form.locator("input[name=rounds_b]").fill("0")
    shot(page, "penalty-acts-phone")
    form.locator("button[type=submit]").click()
    expect(page.locator("#match-play")).to_have_attribute("data-position", "2", timeout=15000)
    entry = page.locator("#outbox-status [data-testid=op]").first
    expect(entry).to_contain_text("opening the pause menu")
    expect(entry).to_contain_text("first in this match: loses the round")
    context.close()
