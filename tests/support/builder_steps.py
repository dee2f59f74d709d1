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
