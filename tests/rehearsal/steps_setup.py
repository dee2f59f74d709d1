"""Morning at the desk laptop: both events from the organisers' sheets, the staff PIN, the stations."""
import re

from browser_support import browser_fixtures
from day import PIN, see
from playwright.sync_api import expect
from roster import KGP_PLAYERS, TEKKEN_TEAMS, kgp_csv, tekken_csv


def open_desk(day):
    """The TO's laptop, signed in, in Japanese."""
    page = day.laptop("ja")
    browser_fixtures.sign_in_desk(page, day.url)
    day.go(page, "/desk/", "ja")
    return page


def _create_from_sheet(day, desk, template, name, sheet, filename):
    day.go(desk, f"/desk/new?preset={template}", "ja")  # the event builder, from the seed event's preset
    desk.fill("input[name=name]", name)
    for field in ("checkin_opens", "checkin_closes"):  # reception is played at whatever time the test runs
        desk.fill(f"input[name={field}]", "")
    desk.set_input_files("input[name=csv]", files=[{"name": filename, "mimeType": "text/csv", "buffer": sheet}])
    desk.locator("[data-testid=create-event]").click()
    expect(desk.locator("[data-testid=sample-table]")).to_be_visible()  # the sheet as it will be read
    return desk


def _confirm_import(desk):
    desk.locator("[data-testid=import-confirm]").click()
    expect(desk).to_have_url(re.compile(r"/desk/e/\d+$"))
    return int(desk.url.rsplit("/", 1)[1])


def import_kgp(day, desk):
    """24 players from a Shift_JIS sheet 名前,ふりがな,シード: the preview says how each column is read
    (the ふりがな column as readings, not as a member), then names, readings and seeds as the sheet has them."""
    _create_from_sheet(day, desk, "kgp2025", "KGP2025 関西大会", kgp_csv(), "kgp-entry.csv")
    expect(desk.locator("[data-testid=import-count]")).to_contain_text(str(len(KGP_PLAYERS)))
    for column, kind in enumerate(("name", "reading", "seed")):
        expect(desk.locator(f"[data-testid=column-{column}]")).to_have_value(kind)
    expect(desk.locator("[data-testid=unknown-columns]")).to_have_count(0)
    see(desk.locator("[data-testid=sample-table]"), "山田太郎", "やまだたろう", "佐藤花子", "さとうはなこ")
    day.look(desk, "import-preview-kgp", "desk", "ja")
    event = _confirm_import(desk)
    rows = desk.locator("#entrants tbody tr")
    expect(rows).to_have_count(len(KGP_PLAYERS))
    for seed in (1, 24):
        name = KGP_PLAYERS[seed - 1][0]
        row = rows.filter(has_text=name)
        expect(row.locator("input.seed")).to_have_value(str(seed))
    see(desk.locator("#phases"), "予選", "決勝ステージ")
    see(rows.filter(has_text="山田太郎"), "やまだたろう")
    day.look(desk, "import-kgp", "desk", "ja")
    day.events["kgp"] = event
    return event


def import_tekken(day, desk):
    """8 teams of five with their registered characters, from a Shift_JIS sheet."""
    _create_from_sheet(day, desk, "tekken7_hiza_5on5", "膝まったり杯 5on5", tekken_csv(), "teams.csv")
    expect(desk.locator("[data-testid=unknown-columns]")).to_have_count(0)
    expect(desk.locator("[data-testid=column-1]")).to_have_value("reading")
    see(desk.locator("[data-testid=sample-table]"), "チーム桜", "ちーむさくら", "T1-1")
    day.look(desk, "import-preview-tekken", "desk", "ja")
    event = _confirm_import(desk)
    rows = desk.locator("#entrants tbody tr")
    expect(rows).to_have_count(len(TEKKEN_TEAMS))
    see(rows.filter(has_text="チーム桜"), "T1-1 (一八)", "T1-5 (ロウ)")
    day.look(desk, "import-tekken", "desk", "ja")
    day.events["tekken"] = event
    return event


def staff_pin(day, desk, event):
    """The TO types the day's PIN; a dialog at the top shows it with the card to print (QR of the
    sign-in link); closing it leaves the event page."""
    day.go(desk, f"/desk/e/{event}", "ja")
    desk.fill("#staff-pin input[name=pin]", PIN)
    desk.locator("#staff-pin button[type=submit]").click()
    pin = desk.locator("[data-testid=new-pin]")
    expect(pin).to_be_in_viewport(ratio=1)
    expect(pin.locator(".pin")).to_have_text(PIN)
    expect(pin.locator("svg")).to_be_visible()
    expect(pin).to_contain_text("/staff-login")
    day.look(desk, "pin-dialog", "desk", "ja", full=False)
    desk.locator("#pin-dialog form[method=dialog] button").click()
    expect(pin).to_be_hidden()


def stations(day, desk, event):
    """Four stations, a stream station, a one-minute no-show limit (the test moves the clock on)."""
    day.go(desk, f"/desk/e/{event}/stations", "ja")
    desk.fill("#station-setup input[name=name]", "1-4")
    desk.locator("#station-setup button.btn-primary").click()
    desk.fill("#station-setup input[name=name]", "配信台")
    desk.locator("#station-setup input[name=stream]").check()
    desk.locator("#station-setup button.btn-primary").click()
    expect(desk.locator("[data-testid=station-配信台]")).to_contain_text("配信")
    for n in range(1, 5):
        expect(desk.locator(f"[data-testid=station-{n}]")).to_contain_text("空き")
    limit = desk.locator("[data-testid=event-no-show]")
    limit.locator("input[name=no_show_minutes]").fill("1")
    limit.locator("button[type=submit]").click()
    see(desk.locator("[data-testid=no-show-limit]"), "1分")
