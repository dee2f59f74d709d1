"""The weekly with walk-ins (issue 37's done-when): 40 walk-ins on the venue's one address sign up
through the reception's code (cap 32: eight wait), late sign-ups close at the start, the no-shows
dropped at the check-in close are replaced from the waitlist, the bracket is played with players'
reports, then "next week" is copied and open for sign-up in one tap.

Screenshots for a person to review: test-results/weekly-walk-ins/NN-step-who-lang.png (390 px phones
ja and en, the desk at 1366 px). Helpers are the players' weekly's (test_weekly_run_by_players)."""
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from desk_sign_in import sign_in_desk
from flask import current_app
from playwright.sync_api import expect
from step_shots import StepShots
from weekly_players import LAPTOP, PHONE, PHONE_EN, Phone, fresh, post, ready_matches, report_by_http, token

from webapp.extensions import db
from webapp.models import Entrant, Event
from webapp.services.matches import brackets
from webapp.services.players import self_checkin, self_report, signup_codes, signups
from webapp.services.setup import events

pytestmark = pytest.mark.browser
DESK = type("Desk", (), {"is_desk": True, "id": None})()


def _weekly() -> Event:
    event = events.create_event("スマブラ週末大会 #31", "kgp2025", slug_hint="smash-weekly-31")
    events.add_phase(event, "本戦", "single_elimination", match_type="best_of", best_of=3)
    event.day = datetime.now(ZoneInfo(current_app.config["BABEL_DEFAULT_TIMEZONE"])).date()  # the venue's today
    event.settings = {**event.settings, "venue": "秋葉原 ゲームセンター 3F", "start_time": "13:00",
                      "checkin_opens": "00:00", "checkin_closes": "23:59"}  # open now, whenever the test runs
    signups.set_settings(event, True, 32, None, [])
    self_report.save_settings(event, True, "", DESK)
    db.session.commit()
    return event


def _walk_in(url, path: str, n: int) -> dict:
    """A walk-in's phone: the QR's page (its device cookie, its token), then the sign-up."""
    phone = Phone(url)
    answer = phone.post(path.split("?")[0], {"name": f"選手{n:02d}", "code": path.split("code=")[1],
                                             "csrf_token": token(phone, path)})
    assert answer.status_code == 200, answer.text.split("<main")[-1][:600]
    return {"client": phone, "name": f"選手{n:02d}"}


def test_the_weekly_with_walk_ins_from_the_reception_code_to_next_week(live_server, browser, app, desk_user):
    app.config["SIGNUP_DEVICE_WAIT"] = 0  # the wait a new phone costs has its own test (test_signup_crowd)
    event, url, shot = _weekly(), live_server.url, StepShots("weekly-walk-ins")
    desk = browser.new_context(**LAPTOP).new_page()
    sign_in_desk(desk, url)
    desk.goto(f"{url}/desk/e/{event.id}/signup")
    desk.check("[data-testid=onsite-toggle]")
    desk.click("[data-testid=signup-settings] button[type=submit]")
    expect(desk.locator("[data-testid=onsite-card]")).to_be_visible()
    shot(desk, "reception-qr", "desk")
    path = re.sub(r"^https?://[^/]+", "", desk.locator("[data-testid=onsite-link]").inner_text())

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(url + path)
    shot(phone, "walk-in-form", "midori")
    phone.fill("#name", "みどり")
    phone.click("[data-testid=signup-submit]")
    expect(phone.locator("[data-testid=signed-up]")).to_contain_text("みどり")
    shot(phone, "signed-up", "midori")
    english = browser.new_context(**PHONE_EN).new_page()
    english.goto(f"{url}{path}&lang=en")
    shot(english, "walk-in-form", "visitor", "en")
    walk_ins = [_walk_in(url, path, n) for n in range(1, 40)]  # 40 in all, every one from 127.0.0.1
    event = fresh(Event, event.id)
    assert len(event.entrants) == 32 and len(signups.waiting(event)) == 8

    code = self_checkin.new_code(event)
    db.session.commit()
    entered = {e.name for e in event.entrants}
    no_shows = sorted(entered - {"みどり"})[-4:]
    players = {p["name"]: p for p in walk_ins}
    for name in sorted(entered - {"みどり", *no_shows}):
        post(players[name], f"/e/{event.slug}/me/checkin", code=code)
    phone.goto(f"{url}/e/{event.slug}/me")
    phone.fill("#code", code)
    phone.click("[data-testid=mine-checkin-submit]")
    expect(phone.locator("[data-testid=mine-checked-in]")).to_be_visible()
    shot(phone, "checked-in", "midori")
    desk.goto(f"{url}/desk/e/{event.id}/day")
    token = desk.locator("meta[name=csrf-token]").get_attribute("content")
    closed = desk.request.post(f"{url}/desk/e/{event.id}/day/checkin-close",
                               form={"choice": "drop", "csrf_token": token})
    assert closed.ok
    desk.goto(f"{url}/desk/e/{event.id}/signup")
    shot(desk, "no-shows-replaced", "desk")
    event = fresh(Event, event.id)
    assert len(event.entrants) == 32 and len(signups.waiting(event)) == 4
    assert not {e.name for e in event.entrants} & set(no_shows)
    for entrant in event.entrants:
        if not entrant.checked_in and entrant.name != "みどり":
            post(players[entrant.name], f"/e/{event.slug}/me/checkin", code=code)

    event = fresh(Event, event.id)
    brackets.start_phase(event.phases[0], [e for e in event.entrants if e.checked_in])
    db.session.commit()
    late = browser.new_context(**PHONE).new_page()
    late.goto(url + path)
    expect(late.locator("[data-testid=signup-closed]")).to_contain_text("開始時に締め切りました")
    shot(late, "late-sign-up-closed", "latecomer")
    late_en = browser.new_context(**PHONE_EN).new_page()
    late_en.goto(f"{url}{path}&lang=en")
    shot(late_en, "late-sign-up-closed", "latecomer", "en")

    by_id = {db.session.query(Entrant).filter_by(event_id=event.id, name=name).one().id: p
             for name, p in players.items() if db.session.query(Entrant).filter_by(event_id=event.id, name=name).first()}
    midori = db.session.query(Entrant).filter_by(event_id=event.id, name="みどり").one().id
    by_id[midori] = {"client": _browser_phone(url, phone.context), "name": "みどり"}
    while ready := ready_matches(event):
        for match in ready:
            report_by_http(event, match, by_id)
    event = fresh(Event, event.id)
    done = [m for b in event.phases[0].brackets for m in b.matches if m.status == "done"]
    assert len(done) == 31 and not any(m.walkover for m in done)

    desk.goto(f"{url}/desk/e/{event.id}")
    desk.click("[data-testid=next-week]")
    expect(desk.locator("[data-testid=new-pin]")).to_be_visible()
    shot(desk, "next-week-made", "desk")
    db.session.rollback()
    made = db.session.query(Event).filter_by(name="スマブラ週末大会 #32").one()
    assert made.slug == "smash-weekly-32" and signups.settings(made).open and signup_codes.is_on(made)
    phone.goto(f"{url}/e/{made.slug}/signup")
    expect(phone.locator("[data-testid=signup-form]")).to_be_visible()
    shot(phone, "next-week-sign-up", "midori")
    phone.goto(f"{url}/e/{made.slug}/signup?lang=en")
    shot(phone, "next-week-sign-up", "midori", "en")


def _browser_phone(url, context):
    phone = Phone(url)
    for cookie in context.cookies():
        phone.http.cookies.set(cookie["name"], cookie["value"])
    return phone
