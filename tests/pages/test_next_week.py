""""Next week": one tap on the desk's event page copies everything the desk set (sign-up open state,
questions, cap, self-report, rules, stations, stream rounds, timetable), the number in the name and
the address one up, the day a week later, and redirects (a reload makes no second copy). The event
file carries the same settings: a round trip over every one of them."""
from datetime import date

from webapp.extensions import db
from webapp.models import Event, Station
from webapp.services.day import stations, stream_rounds
from webapp.services.players import self_report, signups
from webapp.services.setup import event_files, events


def _weekly(desk_user):
    event = events.create_event("スマブラ週末大会 #31", "kgp2025", slug_hint="smash-weekly-31")
    events.add_phase(event, "本戦", "double_elimination")
    event.day = date(2026, 12, 5)
    stations.add_station(event, "1", stream=True)
    stations.add_station(event, "2")
    signups.set_settings(event, True, 24, 8, ["使用キャラ", "X"], closes_at="2026-12-05T12:30", late=True)
    self_report.save_settings(event, True, "5", desk_user)
    stream_rounds.set_choice(event, "top8", desk_user)
    event.settings = {**event.settings, "venue": "秋葉原", "start_time": "13:00", "checkin_opens": "12:00",
                      "checkin_closes": "12:45", "curfews": {"u16": "17:30"},
                      "rules": {**(event.settings.get("rules") or {}), "entry_fee_yen": 1000},
                      "timetable": [{"start": "19:00", "end": "19:30", "label_key": "Awards", "phase_key": None,
                                     "weight": None}]}
    db.session.commit()
    return event


def test_the_event_file_carries_every_setting_the_desk_set(app, desk_user):
    event = _weekly(desk_user)
    spec = event_files.dump(event)
    assert spec["signup"] == {"open": True, "questions": ["使用キャラ", "X"], "per_address": 8,
                              "closes_at": "2026-12-05T12:30", "late": True, "onsite": False}
    assert spec["self_report"] == {"on": True, "auto_minutes": 5} and spec["stream_rounds"] == "top8"
    text = event_files.to_toml(spec)
    again = event_files.create_event(event_files.check(event_files.parse(text), text), desk_user)
    db.session.commit()
    assert {k: v for k, v in event_files.dump(again).items() if k != "name"} == \
        {k: v for k, v in spec.items() if k != "name"}
    assert signups.settings(again).open and self_report.settings(again) == {"on": True, "auto_minutes": 5}


def test_next_week_is_one_tap_and_a_reload_makes_no_second_copy(app, desk_client, desk_user):
    event = _weekly(desk_user)
    page = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert 'data-testid="next-week"' in page and "来週の回を作る" in page
    done = desk_client.post(f"/desk/e/{event.id}/next-week")
    assert done.status_code == 302  # PRG: the page after is a GET
    made = db.session.query(Event).filter_by(name="スマブラ週末大会 #32").one()
    assert done.headers["Location"].endswith(f"/desk/e/{made.id}")
    assert made.slug == "smash-weekly-32" and made.day == date(2026, 12, 12)
    shown = desk_client.get(done.headers["Location"]).get_data(as_text=True)
    assert "来週の大会を作りました" in shown and 'data-testid="new-pin"' in shown
    assert db.session.query(Event).count() == 2
    setting = signups.settings(made)
    assert setting.open and setting.cap == 24 and setting.questions == ["使用キャラ", "X"] and setting.late
    assert setting.closes_at == "2026-12-12T12:30" and setting.per_address == 8
    assert self_report.settings(made)["on"] and stream_rounds.choice(made) == "top8"
    assert [s.name for s in db.session.query(Station).filter_by(event_id=made.id).order_by(Station.id)] == ["1", "2"]
    assert made.settings["timetable"] == event.settings["timetable"] and made.settings["venue"] == "秋葉原"
    assert signups.is_open(made) and not made.entrants
    public = app.test_client().get(f"/e/{made.slug}/signup").get_data(as_text=True)
    assert 'data-testid="signup-form"' in public


def test_the_number_goes_one_up():
    from webapp.services.setup.event_files.copy import next_number
    assert next_number("Weekly #31") == "Weekly #32" and next_number("vol-09") == "vol-10"
    assert next_number("第3回 2026") == "第3回 2027"  # the last number
    assert next_number("週末大会") == "週末大会"
