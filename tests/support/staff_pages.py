"""Helpers several test files share (moved from tests/browser/test_staff_entry.py, where they were imported from)."""
from playwright.sync_api import expect

from webapp.extensions import db
from webapp.services.accounts import users as accounts


def staff(context, url, event):
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    page = context.new_page()
    page.goto(f"{url}/e/{event.slug}/staff-login")
    page.fill("input[name=name]", "審判 佐藤")
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")
    return page


def game_form(page, n=None):
    """The visible game form (once the page shows game n, if given)."""
    if n is not None:
        expect(page.locator("[data-game-title]:visible")).to_have_text(f"第{n}ゲーム", timeout=10000)
    return page.locator("form[data-op=report_game]:visible")


def sign_in_with_pin(page, url, event):
    page.goto(f"{url}/e/{event.slug}/staff-login")
    page.fill("input[name=name]", "審判 佐藤")
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")


def tap_member(page, label):
    page.locator("form[data-op=name_player] button", has_text=label).first.click()
