"""Sign-in without the PIN in real Chromium: the desk makes a person's code, the phone opens it and is
signed in with one tap; the desk revokes it and the phone is signed out. A station's code asks a name and
the event's PIN."""
import re

from desk_sign_in import sign_in_desk  # noqa: E402
from play_support import team_event  # noqa: E402
from playwright.sync_api import expect

from webapp.extensions import db  # noqa: E402
from webapp.models import Station, User  # noqa: E402
from webapp.services.accounts import signin_links
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.day import stations


def _link(app, url, make):
    with app.test_request_context():
        link = make(url)
    db.session.commit()
    return link


def test_a_persons_code_signs_the_phone_in_and_revoking_it_signs_the_phone_out(app, live_server, browser,
                                                                               desk_user, phone):
    url = live_server.url
    event, _ = team_event()
    desk = browser.new_context(locale="ja-JP").new_page()
    sign_in_desk(desk, url)
    desk.goto(f"{url}/desk/e/{event.id}/staff-links")
    desk.fill("input[name=name]", "佐藤")
    desk.get_by_role("button", name="ログイン用コードを作る").click()
    expect(desk.locator("[data-testid=staff-qr]")).to_have_count(1)
    expect(desk.locator("[data-testid=staff-qr] svg")).to_be_visible()
    db.session.rollback()
    user = db.session.query(User).filter_by(username=f"staff:{event.id}:佐藤").one()
    link = _link(app, url, lambda base: signin_links.user_signin_url(user, base))
    page = phone.new_page()
    page.goto(link)
    expect(page.locator("[data-testid=link-person]")).to_contain_text("佐藤")
    page.get_by_role("button", name="ログイン").click()
    expect(page).to_have_url(re.compile(f"/staff/e/{event.slug}"))
    desk.get_by_role("button", name="取り消してログアウトさせる").click()
    expect(desk.locator(".flash.ok")).to_contain_text("ログアウト")
    page.goto(f"{url}/staff/e/{event.slug}")
    expect(page).to_have_url(re.compile("staff-login|/login"))
    page.goto(link)
    expect(page.locator("[data-testid=link-refused]")).to_be_visible()


def test_a_station_code_asks_a_name_and_the_pin_and_opens_the_station(app, live_server, browser, desk_user, phone):
    url = live_server.url
    event, _ = team_event()
    accounts.set_staff_pin(event, "135790")
    stations.add_station(event, "1")
    db.session.commit()
    station = db.session.query(Station).filter_by(event_id=event.id).one()
    link = _link(app, url, lambda base: signin_links.station_signin_url(event, station, base))
    page = phone.new_page()
    page.goto(link)
    page.fill("input[name=name]", "審判 田中")
    page.fill("input[name=pin]", "000000")  # the code alone signs in nobody: a wrong PIN is refused
    page.get_by_role("button", name="ログイン").click()
    expect(page.locator(".flash.error")).to_be_visible()
    page.fill("input[name=name]", "審判 田中")
    page.fill("input[name=pin]", "135790")
    page.get_by_role("button", name="ログイン").click()
    expect(page).to_have_url(re.compile(f"/staff/e/{event.slug}\\?station=1"))
    desk = browser.new_context(locale="ja-JP").new_page()
    sign_in_desk(desk, url)
    desk.goto(f"{url}/desk/e/{event.id}/stations/qr")
    desk.locator("[data-testid=new-station-codes]").click()
    expect(desk.locator(".flash.ok")).to_contain_text("印刷し直して")
    fresh = browser.new_context(locale="ja-JP").new_page()
    fresh.goto(link)
    expect(fresh.locator("[data-testid=link-refused]")).to_be_visible()
