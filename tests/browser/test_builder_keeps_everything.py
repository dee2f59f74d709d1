"""The event builder at 390 px keeps what the desk typed and chose (issue 37.7): a chosen CSV is
still there (as text) after プレビューを更新, and キャンセル on the import check goes back to the
filled builder; creating then makes the event with the sheet's entrants."""
import pathlib
import sys

import pytest
from axe_support import PHONE
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from builder_steps import choose_preset, fill  # noqa: E402
from desk_sign_in import sign_in_desk  # noqa: E402

pytestmark = pytest.mark.browser
SHEET = "山田太郎\n佐藤次郎\n鈴木三郎\n田中四郎\n"


def test_a_chosen_csv_and_every_field_survive_preview_and_cancel(live_server, browser, desk_user, tmp_path):
    page = browser.new_context(viewport=PHONE, locale="ja-JP").new_page()
    sign_in_desk(page, live_server.url)
    choose_preset(page, live_server.url, "weekly_double_elimination")
    fill(page, {"name": "月例大会#7", "venue": "秋葉原"})
    csv_file = tmp_path / "players.csv"
    csv_file.write_text(SHEET, encoding="utf-8")
    page.set_input_files("input[name=csv]", str(csv_file))
    page.click("[data-testid=update-preview]")
    expect(page.locator("[data-testid=sheet]")).to_have_value(SHEET.rstrip("\n"))  # kept, as text
    page.click("[data-testid=create-event]")
    expect(page.locator("[data-testid=import-count]")).to_be_visible()
    page.click("[data-testid=import-cancel]")
    expect(page.locator("input[name=name]")).to_have_value("月例大会#7")
    expect(page.locator("input[name=venue]")).to_have_value("秋葉原")
    expect(page.locator("[data-testid=sheet]")).to_contain_text("鈴木三郎")
