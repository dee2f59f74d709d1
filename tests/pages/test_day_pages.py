"""The day's pages: the desk's day page (times, timetable, forecast), reception's window, the
public timetable and forecast, and the entrant's age group."""
from datetime import date

from webapp.extensions import db
from webapp.models import Entrant, Event
from webapp.services.day import stations
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.setup import events


def _event(day=None):
    event = events.create_event("鉄拳8 週例会", "", game="tekken8", day=day)
    with db.session.no_autoflush:
        entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": i, "members": []} for i in range(1, 9)])
    events.add_phase(event, "本戦", "double_elimination", grand_final="reset")
    events.add_phase(event, "Top 8", "single_elimination")
    stations.add_numbered(event, 1, 4)
    db.session.commit()
    return event


def test_the_desk_sets_the_day_makes_the_timetable_and_sees_the_forecast(desk_client):
    event = _event()
    page = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert f"/desk/e/{event.id}/day" in page
    times = {"start_time": "10:00", "checkin_opens": "00:00", "checkin_closes": "23:59", "venue_closes": "10:30",
             "curfew_u16": "18:00", "curfew_u18": "22:00"}
    assert desk_client.post(f"/desk/e/{event.id}/day/times", data=times).status_code == 302
    assert desk_client.post(f"/desk/e/{event.id}/day/timetable", data={"stations": "4"}).status_code == 302
    page = desk_client.get(f"/desk/e/{event.id}/day").get_data(as_text=True)
    assert 'data-testid="timetable-line"' in page and "本戦" in page and "Top 8" in page
    assert 'data-testid="forecast-past-close"' in page
    refused = desk_client.post(f"/desk/e/{event.id}/day/timetable/edit", data={"end-1": "08:00"})
    assert refused.status_code == 422 and "2" in refused.get_data(as_text=True)
    bad = desk_client.post(f"/desk/e/{event.id}/day/times", data={**times, "start_time": "25:99"})
    assert bad.status_code == 422 and 'value="25:99"' in bad.get_data(as_text=True)


def test_the_public_event_and_timetable_show_the_forecast(desk_client, client):
    event = _event()
    desk_client.post(f"/desk/e/{event.id}/day/times", data={"start_time": "10:00", "checkin_opens": "09:15",
                                                            "checkin_closes": "09:45", "venue_closes": "22:00"})
    desk_client.post(f"/desk/e/{event.id}/day/timetable", data={"stations": "4"})
    desk_client.post("/logout")
    page = client.get(f"/e/{event.slug}/schedule").get_data(as_text=True)
    assert 'data-testid="forecast-line"' in page and "09:15" in page and "本戦" in page
    assert "この大会にはタイムテーブルがありません" not in page
    home = client.get(f"/e/{event.slug}").get_data(as_text=True)
    assert 'data-testid="event-forecast"' in home and 'data-testid="phase-expected"' in home


def test_reception_shows_the_window_with_a_countdown(desk_client):
    event = _event()
    desk_client.post(f"/desk/e/{event.id}/day/times", data={"checkin_opens": "00:00", "checkin_closes": "23:59"})
    page = desk_client.get(f"/staff/e/{event.slug}/checkin").get_data(as_text=True)
    assert 'data-testid="checkin-countdown"' in page and "js/countdown.js" in page


def test_the_closed_window_lists_the_absent_with_drop_and_wait(desk_client):
    event = _event(date(2000, 1, 1))
    desk_client.post(f"/desk/e/{event.id}/day/times", data={"checkin_opens": "09:00", "checkin_closes": "09:30"})
    page = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert 'data-testid="checkin-close"' in page and "選手08" in page
    desk_client.post(f"/desk/e/{event.id}/day/checkin-close", data={"choice": "drop", "back": "event"})
    db.session.expire_all()
    assert db.session.query(Entrant).filter_by(event_id=event.id).count() == 0


def test_the_age_group_is_set_on_the_entrant_edit(desk_client):
    event = _event()
    entrant = event.entrants[0]
    answer = desk_client.post(f"/desk/entrant/{entrant.id}/edit", data={"name": entrant.name, "reading": "",
                                                                        "seed": "1", "age_group": "u16"})
    assert answer.status_code == 302
    db.session.expire_all()
    assert db.session.get(Event, event.id).entrants[0].age_group == "u16"


def test_the_desk_sees_which_minor_may_play_past_the_curfew(desk_client):
    event = _event()
    event.entrants[2].age_group = "u16"
    db.session.commit()
    desk_client.post(f"/desk/e/{event.id}/day/times", data={"start_time": "17:30"})
    page = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert 'data-testid="forecast-minor"' in page and "選手03" in page and "18:00" in page
    public = desk_client.get(f"/e/{event.slug}").get_data(as_text=True)
    assert "選手03" not in public.split('data-testid="event-forecast"')[1].split("</p>")[0]


def test_a_presets_timetable_is_the_day_pages_like_any_other(desk_client):
    """One timetable, one page: a preset's planned lines are edited where a built event's are,
    and an old link to the preset's own timetable page lands there."""
    from webapp.services.setup import event_templates

    rows = [{"name": f"選手{i:02d}", "seed": i, "members": []} for i in range(1, 17)]
    event = event_templates.create_from_template("kgp2025", "KGP 練習会", rows)
    db.session.commit()
    old = desk_client.get(f"/desk/e/{event.id}/schedule")
    assert old.status_code == 301 and old.headers["Location"].endswith(f"/desk/e/{event.id}/day#timetable")
    page = desk_client.get(f"/desk/e/{event.id}/day").get_data(as_text=True)
    lines = page.count('data-testid="timetable-line"')
    assert lines > 0
    saved = desk_client.post(f"/desk/e/{event.id}/day/timetable/edit",
                             data={"action": "add", "new_start": "23:30", "new_end": "25:00", "new_label": "打ち上げ"})
    assert saved.status_code == 302
    page = desk_client.get(f"/desk/e/{event.id}/day").get_data(as_text=True)
    assert page.count('data-testid="timetable-line"') == lines + 1 and "打ち上げ" in page
