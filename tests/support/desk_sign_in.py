"""Signing a browser page in as the desk: shared by browser tests in any folder (a test module that
imports it from `conftest` gets whichever folder's conftest was loaded last in a whole run)."""


def sign_in_desk(page, url: str) -> None:
    """Sign a page in as the `desk_user` fixture's account (desk / desk-pass-123)."""
    page.goto(f"{url}/login")
    page.fill("input[name=username]", "desk")
    page.fill("input[name=password]", "desk-pass-123")
    page.click("button[type=submit]")
