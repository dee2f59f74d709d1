"""The desk's match rules on a 390 px phone: a 3on3 team event made in the event builder, its rules
chosen (first to 3 rounds, best of 3, decider), every control a 44 px target, nothing off the right
edge; a 1on1 phase for its teams is refused in words, a point-format phase is added."""
import re

import pytest
from axe_support import PHONE, overflowing, serious_problems, shot, small_targets
from builder_steps import choose_preset
from desk_sign_in import sign_in_desk
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_team_event_and_its_rules_from_the_desk_on_a_phone(live_server, browser, desk_user):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP", bypass_csp=True)
    page = context.new_page()
    sign_in_desk(page, live_server.url)
    choose_preset(page, live_server.url, "team_3on3_point_format")  # the event builder, on the phone
    page.fill("input[name=name]", "SF6 3on3 星取り戦")
    page.click("[data-testid=create-event]")
    expect(page).to_have_url(re.compile(r"/desk/e/\d+$"))
    page.click("[data-testid=event-rules]")
    expect(page.locator("[data-testid=rules-summary]")).to_contain_text("標準チーム戦ルール")
    page.select_option("select[name=rounds_to_win]", "3")
    page.select_option("select[name=decider]", "on")
    page.fill("input[name=penalty_name] >> nth=0", "ポーズ")
    assert not small_targets(page), small_targets(page)
    assert not overflowing(page), overflowing(page)
    assert not serious_problems(page), serious_problems(page)
    shot(page, "desk-rules-phone")
    page.click("button:has-text('ルールを保存')")
    expect(page.locator("[data-testid=rules-summary]")).to_contain_text("3ラウンド先取")
    page.click("text=に戻る")
    expect(page.locator("[data-testid=rules-line]")).to_contain_text("3ラウンド先取")
    add = page.locator("#phases details")
    if not add.evaluate("d => d.open"):
        add.locator("summary").click()
    page.fill("#phases input[name=name]", "本戦")
    page.select_option("#phases select[name=match_type]", "best_of")
    page.click("#phases button[type=submit]:has-text('追加')")
    expect(page.locator("p.flash.error")).to_contain_text("チーム戦の試合形式")
    shot(page, "desk-rules-refusal-phone")
    add = page.locator("#phases details")
    if not add.evaluate("d => d.open"):
        add.locator("summary").click()
    page.fill("#phases input[name=name]", "本戦")
    page.select_option("#phases select[name=match_type]", "point_format")
    page.click("#phases button[type=submit]:has-text('追加')")
    expect(page.locator("[data-testid=phase-line]")).to_have_count(2)  # the preset's bracket, then this one
