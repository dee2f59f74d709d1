"""Rehearsal trip-points: the header's links all on screen at 360 and 390 px (ja and en, desk and
staff pages), and a laptop's bracket page no wider than its 1366 px screen when the bracket fits."""
import pytest
from axe_support import LAPTOP, shot
from bracket_builders import big_double_elimination
from desk_sign_in import sign_in_desk  # noqa: E402

pytestmark = pytest.mark.browser

PAST_THE_RIGHT = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
  .slice(0, 6).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""


def _bracket_page(browser, url, phase, lang):
    page = browser.new_context(viewport=LAPTOP, locale="ja-JP").new_page()
    page.goto(f"{url}/e/{phase.event.slug}/phase/{phase.id}?lang={lang}")
    return page


def test_a_1366_px_bracket_page_is_no_wider_than_the_screen(live_server, browser):
    """The rehearsal's 16-player double elimination drew 1382 px on a 1366 px laptop: now the page fits."""
    phase = big_double_elimination(players=16, share=0.3)
    for lang in ("ja", "en"):
        page = _bracket_page(browser, live_server.url, phase, lang)
        assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"], page.evaluate(PAST_THE_RIGHT)
        assert page.locator(".bracket .round").first.bounding_box()["width"] >= 206  # names keep their room
        shot(page, f"bracket-1366-{lang}")


def test_a_bracket_wider_than_the_screen_makes_the_page_just_as_wide_as_it(live_server, browser):
    """48 players: too many rounds for 1366 px even at their narrowest. The page scrolls sideways
    (the laptop layout: no scroll box of its own) exactly as far as the bracket's right edge."""
    phase = big_double_elimination(players=48, share=0.3)
    page = _bracket_page(browser, live_server.url, phase, "ja")
    edge = page.evaluate("Math.max(...[...document.querySelectorAll('.bracket')].map((b) => b.getBoundingClientRect().right))")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= edge + 1, f"{width - edge:.0f} px past the bracket"
    assert width < 2060  # its rounds gave up some of their room (2060 px before)


def _in_reach(page, locator) -> str:
    """'' when the control is wholly on screen, at least 44 px tall and wide, and a tap at its
    middle lands on it; else what is wrong."""
    box = locator.bounding_box()
    width = page.viewport_size["width"]
    if box is None:
        return "not shown"
    if box["x"] < 0 or box["x"] + box["width"] > width + 0.5:
        return f"{box['x']:.0f}–{box['x'] + box['width']:.0f} px on a {width} px screen"
    if box["height"] < 44 or box["width"] < 44:
        return f"{box['width']:.0f}×{box['height']:.0f} px"
    hit = locator.evaluate("""(el) => { const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!at && (at === el || el.contains(at)); }""")
    return "" if hit else "covered"


def _header_problems(page) -> dict:
    """Each header control (the menu opened): what keeps a thumb from it."""
    page.locator("header.topbar").wait_for()
    problems = {}
    menu = page.locator("header .site-menu > summary")
    if menu.count() and menu.is_visible():
        problems["menu"] = _in_reach(page, menu)
        menu.tap()
    for control in page.locator("header.topbar a[href], header.topbar button").all():
        name = control.inner_text().strip()
        problems[name] = _in_reach(page, control)
    return {name: problem for name, problem in problems.items() if problem}


def _staff(browser, url, slug, size, lang):
    """A referee signed in with the event's PIN, on the staff page."""
    context = browser.new_context(viewport=size, has_touch=True, is_mobile=True, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{url}/e/{slug}/staff-login")
    page.fill("input[name=name]", "審判 佐藤")
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")
    page.wait_for_load_state()
    page.goto(f"{url}/staff/?lang={lang}")
    return page


@pytest.mark.parametrize("width", [360, 390])
def test_every_header_link_is_on_screen_and_tappable_on_a_phone(live_server, browser, desk_user, width):
    from webapp.extensions import db
    from webapp.services.accounts import users as accounts
    from webapp.services.setup import events
    event = events.create_event("KGP2025 関西大会", "kgp2025")
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    slug, event_id = event.slug, event.id
    db.session.close()  # the live server writes (sign-ins) while the test reads nothing more
    size = {"width": width, "height": 740}
    for lang in ("ja", "en"):
        page = browser.new_context(viewport=size, has_touch=True, is_mobile=True, locale="ja-JP").new_page()
        sign_in_desk(page, live_server.url)
        for where in ("/desk/", f"/desk/e/{event_id}", "/staff/"):
            page.goto(f"{live_server.url}{where}?lang={lang}")
            assert page.locator("header.topbar").bounding_box()["height"] <= 60  # one row while closed
            assert _header_problems(page) == {}, (lang, where)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot(page, f"header-menu-desk-{width}-{lang}")
        staff = _staff(browser, live_server.url, slug, size, lang)
        assert _header_problems(staff) == {}, (lang, "staff")
        shot(staff, f"header-menu-staff-{width}-{lang}")
    other = {"ja": "English", "en": "日本語"}
    page.goto(f"{live_server.url}/desk/?lang=ja")
    page.locator("header .site-menu > summary").tap()
    page.locator("header.topbar a", has_text="スタッフ").tap()  # the menu's links work from a tap
    page.wait_for_url("**/staff/**")
    page.locator("header a[hreflang=en]").tap()
    assert page.locator("header a[hreflang=ja]").inner_text() == other["en"]


def test_a_laptop_header_shows_the_links_in_its_row_without_a_menu(live_server, browser, desk_user):
    page = browser.new_context(viewport=LAPTOP, locale="ja-JP").new_page()
    sign_in_desk(page, live_server.url)
    page.goto(f"{live_server.url}/desk/")
    assert not page.locator("header .site-menu > summary").is_visible()
    for name in ("本部", "パスワード", "スタッフ", "ログアウト", "English"):
        control = page.locator("header.topbar").get_by_text(name, exact=True)
        assert _in_reach(page, control) == "", name
    assert page.locator("header.topbar").bounding_box()["height"] <= 60
