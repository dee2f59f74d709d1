"""The desk adds a DLC character from a 390 px phone: every tap target is at least 44 px, and the
character is then offered on the staff match page."""
from desk_sign_in import sign_in_desk  # noqa: E402
from play_support import team_event  # noqa: E402
from playwright.sync_api import expect

from webapp.extensions import db  # noqa: E402

TARGETS = """() => [...document.querySelectorAll('main a.btn, main button, main summary, main input, main select')]
  .filter((e) => e.offsetParent && e.type !== 'hidden' && e.type !== 'checkbox')
  .map((e) => [e.tagName + ' ' + (e.name || e.textContent.trim().slice(0, 20)), e.getBoundingClientRect().height])
  .filter(([, h]) => h < 44)"""


def test_a_dlc_character_added_from_a_phone_is_on_the_staff_match_page(live_server, browser, desk_user, tmp_path):
    event, match = team_event("best_of", "kgp2025", size=1)
    event.game = "sf6"
    db.session.commit()
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  locale="ja-JP")
    page = context.new_page()
    sign_in_desk(page, live_server.url)
    page.goto(f"{live_server.url}/desk/e/{event.id}")
    page.locator("#game a", has_text="キャラクターとステージ").click()
    expect(page.locator("h1")).to_have_text("ストリートファイター6")
    page.locator("[data-testid=add-character] summary").click()
    form = page.locator("[data-testid=add-character] form")
    form.locator("input[name=ja]").fill("新DLCキャラ")
    form.locator("input[name=en]").fill("New DLC")
    form.locator("input[name=kana]").fill("しんでぃーえるしーきゃら")
    assert page.evaluate(TARGETS) == []
    form.locator("button[type=submit]").click()
    expect(page.locator(".flash.ok")).to_contain_text("新DLCキャラ を保存しました")
    expect(page.locator("[data-testid=characters] summary", has_text="新DLCキャラ")).to_have_count(1)
    page.screenshot(path=str(tmp_path / "desk_games_phone.png"), full_page=False)
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    expect(page.locator("form[data-op=report_game] input[name=char_a][value='新DLCキャラ']")).to_have_count(1)
