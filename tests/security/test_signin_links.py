"""Sign-in links in QR codes: a person's needs no PIN, a station's asks it; signed, expiring, made anew or
revoked by the desk."""
import re

import pytest
from play_support import team_event
from staff_phones import PIN, staff_phone

from webapp.extensions import db
from webapp.models import Station, User
from webapp.services.accounts import signin_links
from webapp.services.accounts import users as accounts
from webapp.services.day import stations

pytestmark = pytest.mark.usefixtures("no_csrf")


def _path(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def _station(event, name="A台"):
    station = stations.add_station(event, name)
    db.session.commit()
    return station


def test_a_station_code_signs_in_by_name_and_pin_and_opens_that_station(app, desk_client):
    event, _ = team_event()
    accounts.set_staff_pin(event, PIN)
    _station(event)
    sheet = desk_client.get(f"/desk/e/{event.id}/stations/qr").get_data(as_text=True)
    assert sheet.count('data-testid="station-qr"') == 1
    station = db.session.query(Station).filter_by(event_id=event.id).one()
    with app.test_request_context():
        url = _path(signin_links.station_signin_url(event, station))
    phone = app.test_client()
    assert "山田" not in phone.get(url).get_data(as_text=True)
    for pin in ("", "000000"):  # the QR alone signs in nobody: the event's PIN is asked too
        refused = phone.post(url, data={"name": "山田", "pin": pin})
        assert refused.status_code == 200 and phone.get(f"/staff/e/{event.slug}?list=1").status_code == 302
    signed_in = phone.post(url, data={"name": "山田", "pin": PIN})
    assert signed_in.status_code == 302 and f"/staff/e/{event.slug}" in signed_in.headers["Location"]
    assert "station=" in signed_in.headers["Location"]
    assert phone.get(f"/staff/e/{event.slug}?list=1").status_code == 200
    assert phone.get(url).status_code == 302  # signed in already: straight to the station


def test_new_station_codes_are_one_click_and_the_old_ones_stop_working(app, desk_client):
    event, _ = team_event()
    accounts.set_staff_pin(event, PIN)
    station = _station(event)
    with app.test_request_context():
        old = _path(signin_links.station_signin_url(event, station))
    assert desk_client.post(f"/desk/e/{event.id}/stations/new-codes").status_code == 302
    refused = app.test_client().post(old, data={"name": "山田"})
    assert refused.status_code == 410 and 'data-testid="link-refused"' in refused.get_data(as_text=True)
    db.session.refresh(station)
    with app.test_request_context():
        new = _path(signin_links.station_signin_url(event, station))
    assert app.test_client().post(new, data={"name": "山田", "pin": PIN}).status_code == 302


def test_a_persons_code_signs_them_in_and_revoking_it_signs_that_phone_out(app, desk_client):
    event, _ = team_event()
    made = desk_client.post(f"/desk/e/{event.id}/staff-links", data={"name": "佐藤"})
    assert made.status_code == 302
    page = desk_client.get(f"/desk/e/{event.id}/staff-links").get_data(as_text=True)
    assert page.count('data-testid="staff-qr"') == 1 and "佐藤" in page
    user = db.session.query(User).filter_by(username=f"staff:{event.id}:佐藤").one()
    with app.test_request_context():
        url = _path(signin_links.user_signin_url(user))
    phone = app.test_client()
    assert "佐藤" in phone.get(url).get_data(as_text=True)
    assert phone.post(url).status_code == 302
    assert phone.get(f"/staff/e/{event.slug}").status_code == 200
    assert desk_client.post(f"/desk/e/{event.id}/staff-links/{user.id}/revoke").status_code == 302
    assert phone.get(f"/staff/e/{event.slug}").status_code == 302  # signed out
    assert app.test_client().post(url).status_code == 410


def test_a_pin_phone_is_listed_and_can_be_signed_out(app, desk_client):
    event, _ = team_event()
    phone = staff_phone(app, event, name="田中")
    page = desk_client.get(f"/desk/e/{event.id}/staff-links").get_data(as_text=True)
    user_id = re.search(r'id="staff-(\d+)"', page).group(1)
    desk_client.post(f"/desk/e/{event.id}/staff-links/{user_id}/revoke")
    assert phone.get(f"/staff/e/{event.slug}").status_code == 302


def test_codes_expire(app):
    event, _ = team_event()
    station = _station(event)
    with app.test_request_context():
        url = _path(signin_links.station_signin_url(event, station))
    app.config["SIGNIN_LINK_DAYS"] = -1
    try:
        refused = app.test_client().post(url, data={"name": "山田"})
    finally:
        app.config.pop("SIGNIN_LINK_DAYS")
    assert refused.status_code == 410


@pytest.mark.parametrize("token", ["x", "eyJlIjoxfQ.forged.sig"])
def test_a_forged_code_is_refused(app, token):
    assert app.test_client().post(f"/in/{token}", data={"name": "山田"}).status_code == 410


def test_another_events_staff_cannot_be_revoked_from_here(app, desk_client):
    event, _ = team_event()
    other, _ = team_event()
    staff_phone(app, other, name="鈴木")
    stranger = db.session.query(User).filter_by(event_id=other.id).one()
    desk_client.post(f"/desk/e/{event.id}/staff-links/{stranger.id}/revoke")
    db.session.refresh(stranger)
    assert stranger.signin_generation == 0


def test_staff_signin_url_for_a_pin_card_makes_the_account(app):
    event, _ = team_event()
    with app.test_request_context():
        url = signin_links.staff_signin_url(event, "高橋", base="https://192.168.1.10:8443")
    db.session.commit()
    assert url.startswith("https://192.168.1.10:8443/in/")
    assert app.test_client().post(_path(url)).status_code == 302
