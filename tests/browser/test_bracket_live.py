"""A desk user runs a 16-entrant double elimination; a spectator's bracket follows by itself."""
import re

from builder_steps import build
from desk_sign_in import sign_in_desk
from playwright.sync_api import expect

NAMES = ["さくら", "けん", "りゅう", "春麗", "ガイル", "ザンギエフ", "ダルシム", "本田",
         "ブランカ", "ジュリ", "キャミィ", "ディージェイ", "マノン", "マリーザ", "リリー", "ジェイミー"]


def test_desk_runs_bracket_and_spectator_sees_it_change(live_server, context, browser, desk_user):
    url = live_server.url
    desk = context.new_page()
    sign_in_desk(desk, url)
    event_id = build(desk, url, "weekly_double_elimination", {"name": "週末 1on1"})  # one double elimination
    desk.goto(f"{url}/desk/e/{event_id}")
    paste = desk.locator("#entrants details:has(textarea[name=entrants])")
    if not paste.evaluate("d => d.open"):
        paste.locator("summary").first.click()
    desk.fill("textarea[name=entrants]", "\n".join(NAMES))
    desk.locator("[data-testid=import-preview]").click()  # the import shows how it reads the sheet first
    desk.locator("[data-testid=import-confirm]").click()
    expect(desk.locator("#entrants table tbody tr")).to_have_count(16)
    desk.locator("[data-testid=preview-start]").click()  # the start preview, with its check-in gate
    desk.locator("[data-testid=gate-anyway]").click()
    expect(desk).to_have_url(re.compile(r"/desk/phase/\d+$"))
    phase_path = desk.locator("a", has_text=re.compile("Public bracket|公開")).get_attribute("href")

    spectator_context = browser.new_context(locale="ja-JP")
    spectator = spectator_context.new_page()
    spectator.goto(url + phase_path)
    expect(spectator.locator("#bracket .match.ready")).to_have_count(8)
    expect(spectator.locator("#bracket .slot.winner")).to_have_count(0)

    first_card = desk.locator(".match-row.ready").first
    # Deliberate steps (open, choose, say why, confirm): one stray click never records a winner.
    first_card.locator("[data-testid=record-result] summary").click()
    first_card.locator("select[name=winner]").select_option(index=1)
    first_card.locator("input[name=reason]").fill("記録用紙より")
    first_card.locator("[data-testid=record-result] button[type=submit]").click()
    # The desk's entry goes through the phone outbox like any staff entry.
    expect(desk.locator("#outbox-status li[data-status=applied]")).to_have_count(1, timeout=8000)
    # The spectator did nothing: the bracket polls and shows the new result within 5 s.
    expect(spectator.locator("#bracket .slot.winner")).to_have_count(1, timeout=6000)
