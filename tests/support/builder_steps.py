"""The event builder (/desk/new) driven in a real browser as a TO fills it: a preset, then its fields.
Shared by the browser tests that set events up from the desk."""
import re

from playwright.sync_api import expect


def choose_preset(page, url: str, preset: str, lang: str = "ja") -> None:
    """Open the builder and take a preset (the page comes back with its phases)."""
    page.goto(f"{url}/desk/new?lang={lang}")
    page.select_option("[data-testid=preset-select]", preset)
    page.click("[data-testid=apply-preset]")
    expect(page.locator("[data-testid=preset-select]")).to_have_value(preset)


def fill(page, fields: dict) -> None:
    """Type or choose each field by its name (selects chosen, the rest typed)."""
    for name, value in fields.items():
        box = page.locator(f"[name='{name}']").first
        if box.evaluate("el => el.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)


def preview(page) -> None:
    """Ask for the preview with the fields as typed and wait for its expected end."""
    page.click("[data-testid=update-preview]")
    expect(page.locator("[data-testid=preview-end]")).to_be_visible()


def create(page) -> int:
    """Create the event; the desk lands on its page. Returns its id."""
    page.click("[data-testid=create-event]")
    expect(page).to_have_url(re.compile(r"/desk/e/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def build(page, url: str, preset: str, fields: dict, phases: dict | None = None) -> int:
    """One event from the builder: preset, event fields, then the phases' fields (after the page
    has redrawn with a changed format's own settings)."""
    choose_preset(page, url, preset)
    fill(page, fields)
    if phases:
        fill(page, phases)
    preview(page)
    return create(page)


def create_with_sheet(page, count: int) -> None:
    """Create an event whose builder holds a pasted sheet: the import check says how many rows it
    reads, the desk confirms them, and lands on the new event's page."""
    page.click("[data-testid=create-event]")
    expect(page.locator("[data-testid=import-count]")).to_contain_text(str(count))
    page.click("[data-testid=import-confirm]")
    expect(page).to_have_url(re.compile(r"/desk/e/\d+$"))


def set_staff_pin(page, pin: str = "135790") -> None:
    """On the event's desk page: the PIN staff sign in with."""
    page.locator("#staff-pin input[name=pin]").fill(pin)
    page.locator("#staff-pin button[type=submit]").click()
    expect(page.locator("#staff-pin")).to_contain_text("PINは設定済みです")


def start_phase(page, url: str, phase_id: int) -> None:
    """確認して開始: the phase's preview, then its one start button (with everyone, when nobody has
    checked in at reception)."""
    page.goto(f"{url}/desk/phase/{phase_id}/preview")
    expect(page.locator("#start-phase")).to_be_visible()
    anyway = page.locator("[data-testid=gate-anyway]")
    (anyway if anyway.count() else page.locator("#start-phase button[type=submit]")).click()
    expect(page).to_have_url(re.compile(r"/desk/phase/\d+$"))


def staff_phone(context, url: str, slug: str, name: str = "審判 佐藤", pin: str = "135790"):
    """A referee's phone signed in with the event's PIN."""
    page = context.new_page()
    page.goto(f"{url}/e/{slug}/staff-login")
    page.fill("input[name=name]", name)
    page.fill("input[name=pin]", pin)
    page.click("button[type=submit]")
    return page
