"""A phone whose session ended loads two pages at once (the sign-in page a person opens, and the
outbox's fetch of a fresh token): whichever page's session cookie the phone keeps, the sign-in form
it shows is taken. A token still belongs to one phone: another phone's, or a first visit's without
a session, is refused as before."""
import re

import pytest
from fresh_limits import fresh_counters  # noqa: F401 (an autouse fixture)
from play_support import team_event

from webapp.extensions import db
from webapp.services.accounts import users as accounts
from webapp.web.auth import PHONE_COOKIE

PIN = "135790"
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture
def event(app):
    event, _ = team_event()
    accounts.set_staff_pin(event, PIN)
    db.session.commit()
    return event


def _page(app, path, phone=None):
    """A page loaded by a browser with no session (and this phone's long-lived cookie, if any): its
    form's token and the session cookie its answer set."""
    client = app.test_client()
    if phone:
        client.set_cookie(PHONE_COOKIE, phone)
    text = client.get(path).get_data(as_text=True)
    return TOKEN.search(text).group(1), client.get_cookie("session").value


def _sign_in(app, event, token, session, phone=None):
    client = app.test_client()
    client.set_cookie("session", session)
    if phone:
        client.set_cookie(PHONE_COOKIE, phone)
    return client.post(f"/e/{event.slug}/staff-login?lang=en",
                       data={"csrf_token": token, "name": "審判 佐藤", "pin": PIN})


def _phone_of_a_first_sign_in(app, event) -> str:
    token, session = _page(app, f"/e/{event.slug}/staff-login")
    client = app.test_client()
    client.set_cookie("session", session)
    answer = client.post(f"/e/{event.slug}/staff-login", data={"csrf_token": token, "name": "審判 佐藤", "pin": PIN})
    assert answer.status_code == 302
    return client.get_cookie(PHONE_COOKIE).value


def test_the_sign_in_page_and_a_page_loaded_beside_it_share_one_token(app, event):
    phone = _phone_of_a_first_sign_in(app, event)  # then the session's cookies are gone
    form_token, _ = _page(app, f"/e/{event.slug}/staff-login?next=/staff/", phone)
    _, kept_session = _page(app, "/login", phone)  # the outbox's fetch answered last: its cookie stays
    answer = _sign_in(app, event, form_token, kept_session, phone)
    assert answer.status_code == 302, answer.get_data(as_text=True)[:400]
    assert answer.headers["Location"].endswith("/staff/e/event")


def test_another_phones_token_is_refused(app, event):
    phone = _phone_of_a_first_sign_in(app, event)
    other = "x" * 43
    form_token, _ = _page(app, f"/e/{event.slug}/staff-login", other)
    _, kept_session = _page(app, "/login", phone)
    assert _sign_in(app, event, form_token, kept_session, phone).status_code == 400


def test_a_first_visit_keeps_a_random_token(app, event):
    form_token, _ = _page(app, f"/e/{event.slug}/staff-login")
    _, other_session = _page(app, "/login")
    assert _sign_in(app, event, form_token, other_session).status_code == 400


EXPIRED = "このページは古くなっていたため、何も送信されていません"
AGAIN = re.compile(r'<a class="btn btn-primary btn-big" href="([^"]*)">ページを開き直す</a>')


def test_a_refused_form_says_so_with_a_way_back_to_its_page(app, event):
    client = app.test_client()
    client.get(f"/e/{event.slug}/staff-login")
    answer = client.post(f"/e/{event.slug}/staff-login?next=/staff/", data={"csrf_token": "old", "name": "審判 佐藤",
                                                                            "pin": PIN})
    text = answer.get_data(as_text=True)
    assert answer.status_code == 400 and EXPIRED in text
    again = AGAIN.search(text).group(1).replace("&amp;", "&")
    assert again == f"/e/{event.slug}/staff-login?next=/staff/"
    page = client.get(again).get_data(as_text=True)  # a fresh token in the form: the next try is taken
    assert client.post(again, data={"csrf_token": TOKEN.search(page).group(1), "name": "審判 佐藤",
                                    "pin": PIN}).status_code == 302


def test_a_refused_post_to_an_address_that_is_no_page_says_so_without_the_button(app, event):
    text = app.test_client().post("/logout", data={"csrf_token": "forged"}).get_data(as_text=True)
    assert EXPIRED in text and AGAIN.search(text) is None


@pytest.mark.parametrize("path", ["//evil.example/x", "/\\evil.example/x", "/e/event/staff-login/nothing-here"])
def test_a_post_to_a_strange_address_links_nowhere_else(app, event, path):
    answer = app.test_client().post(path, data={"csrf_token": "forged"})
    text = answer.get_data(as_text=True)
    assert answer.status_code in (400, 404) and AGAIN.search(text) is None and "evil.example" not in text


def test_the_token_shown_reveals_nothing_of_the_phones_cookie(app, event):
    phone = _phone_of_a_first_sign_in(app, event)
    client = app.test_client()
    client.set_cookie(PHONE_COOKIE, phone)
    page = client.get(f"/e/{event.slug}/staff-login").get_data(as_text=True)
    assert phone not in page and TOKEN.search(page)
