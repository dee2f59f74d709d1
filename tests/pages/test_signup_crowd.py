"""Sign-up for a crowd behind one router: 120 phones on the venue's one address sign up through the
reception's rotating code within 2 minutes; 1,000 automated posts without the code are still refused
(429, in words). Through the code, limits hold per phone (a signed device cookie, taken once a few
seconds old) and per event, the address only as a flood guard."""
import re
import time

import pytest

from webapp.extensions import db
from webapp.services.players import signup_codes, signups
from webapp.services.setup import events
from webapp.web import device

VENUE = "203.0.113.77"  # the venue wifi's one public address


@pytest.fixture(autouse=True)
def _fresh_limits(app):
    app.config["WTF_CSRF_ENABLED"] = False
    app.extensions["taikai_limiter"].reset()
    app.config["SIGNUP_DEVICE_WAIT"] = 1
    yield
    app.extensions["taikai_limiter"].reset()
    app.config.pop("SIGNUP_DEVICE_WAIT")
    app.config["WTF_CSRF_ENABLED"] = True


def _event(desk_user):
    event = events.create_event("スマブラ週末大会 #31", "kgp2025")
    signups.set_settings(event, True, 128, None, [])
    signup_codes.set_on(event, True, desk_user)
    db.session.commit()
    return event


def _phone(app):
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = VENUE
    return phone


def test_120_phones_on_one_address_sign_up_through_the_reception_code(app, desk_client, desk_user):
    event = _event(desk_user)
    desk = desk_client.get(f"/desk/e/{event.id}/signup").get_data(as_text=True)
    link = re.search(r'data-testid="onsite-link">([^<]+)<', desk).group(1)
    path = link[link.index("/e/"):].replace("&amp;", "&")
    started = time.monotonic()
    phones = [_phone(app) for _ in range(120)]
    for phone in phones:  # each phone opens the QR's page: its device cookie is issued
        page = phone.get(path).get_data(as_text=True)
        assert 'name="code"' in page
    time.sleep(1.05)  # a new device's short wait
    code = signup_codes.current(event)
    for i, phone in enumerate(phones):
        done = phone.post(f"/e/{event.slug}/signup", data={"name": f"プレイヤー{i:03}", "code": code})
        assert done.status_code == 200, (i, done.get_data(as_text=True)[-400:])
    assert time.monotonic() - started < 120
    assert len(db.session.get(type(event), event.id).entrants) == 120


def test_1000_automated_posts_without_the_code_are_refused_in_words(app, desk_user):
    event = _event(desk_user)
    bot = _phone(app)
    answers = [bot.post(f"/e/{event.slug}/signup?lang=ja", data={"name": f"bot{i}"}) for i in range(1000)]
    assert sum(a.status_code == 429 for a in answers) >= 980
    refused = answers[-1].get_data(as_text=True)
    assert "秒待つか" in refused and answers[-1].headers["Retry-After"]
    assert len(signups.listed(event)) <= 5  # the per-address cap holds without the code


def test_a_new_device_waits_and_a_forged_or_old_code_is_not_on_site(app, desk_user):
    event = _event(desk_user)
    phone = _phone(app)
    phone.get(f"/e/{event.slug}/signup")
    app.config["SIGNUP_DEVICE_WAIT"] = 60
    fresh = phone.post(f"/e/{event.slug}/signup?lang=en", data={"name": "せっかち", "code": signup_codes.current(event)})
    assert fresh.status_code == 429 and "wait a few seconds" in fresh.get_data(as_text=True)
    assert not signup_codes.valid(event, "ZZZZZZ")
    assert not signup_codes.valid(event, signup_codes.current(event, time.time() - 3 * signup_codes.ROTATE))
    assert signup_codes.valid(event, signup_codes.current(event, time.time() - signup_codes.ROTATE))
    with app.test_request_context():
        assert device.device("forged.value.here") is None


def test_one_phone_through_the_code_is_still_limited(app, desk_user):
    event = _event(desk_user)
    phone = _phone(app)
    phone.get(f"/e/{event.slug}/signup")
    time.sleep(1.05)
    code = signup_codes.current(event)
    answers = [phone.post(f"/e/{event.slug}/signup", data={"name": f"連打{i}", "code": code}) for i in range(10)]
    assert [a.status_code for a in answers].count(429) == 4  # 6 per phone per 10 minutes
