"""The sign-up page and the player's page show the event's date, start time, check-in window, venue
and fee, with an add-to-calendar file (RFC 5545, in Asia/Tokyo)."""
from datetime import date

from fresh_limits import fresh_limits  # noqa: F401 (an autouse fixture)

from webapp.extensions import db
from webapp.services.players import signups
from webapp.services.setup import events


def _event():
    event = events.create_event("スマブラ週末大会 #31", "kgp2025")
    event.day = date(2026, 12, 12)
    event.settings = {**event.settings, "venue": "秋葉原 e-sports スタジオ, 3F; 東京", "start_time": "13:00",
                      "checkin_opens": "12:00", "checkin_closes": "12:45", "venue_closes": "21:00",
                      "rules": {"entry_fee_yen": 1000}}
    signups.set_settings(event, True, 24, None, [])
    db.session.commit()
    return event


def test_the_sign_up_page_and_the_players_page_show_when_where_and_the_fee(app):
    event = _event()
    phone = app.test_client()
    page = phone.get(f"/e/{event.slug}/signup?lang=ja").get_data(as_text=True)
    for shown in ("2026/12/12（土）", "13:00", "12:00–12:45", "秋葉原 e-sports スタジオ, 3F; 東京", "1,000円",
                  "カレンダーに追加", f"/e/{event.slug}/calendar.ics"):
        assert shown in page, shown
    phone.post(f"/e/{event.slug}/signup", data={"name": "みどり"})
    mine = phone.get(f"/e/{event.slug}/me?lang=en").get_data(as_text=True)
    for shown in ("2026/12/12 (Sat)", "Start time", "12:00–12:45", "1,000円", "Add to calendar"):
        assert shown in mine, shown


def test_the_calendar_file_is_rfc_5545_in_tokyo_time(app):
    event = _event()
    response = app.test_client().get(f"/e/{event.slug}/calendar.ics?lang=ja")
    assert response.status_code == 200 and response.mimetype == "text/calendar"
    assert "attachment" in response.headers["Content-Disposition"]
    raw = response.get_data()
    text = raw.decode("utf-8")
    lines = text.split("\r\n")
    assert lines[0] == "BEGIN:VCALENDAR" and lines[-2] == "END:VCALENDAR" and lines[-1] == ""
    assert "\n" not in text.replace("\r\n", "")  # every line ends CRLF
    assert all(len(line.encode("utf-8")) <= 75 for line in lines)  # folded at 75 octets
    unfolded = text.replace("\r\n ", "")
    for line in ("VERSION:2.0", "TZID:Asia/Tokyo", "TZOFFSETTO:+0900", "DTSTART;TZID=Asia/Tokyo:20261212T130000",
                 "DTEND;TZID=Asia/Tokyo:20261212T210000", "SUMMARY:スマブラ週末大会 #31",
                 "LOCATION:秋葉原 e-sports スタジオ\\, 3F\\; 東京"):
        assert f"\r\n{line}\r\n" in unfolded, line
    assert "受付 12:00–12:45\\n参加費 1\\,000円" in unfolded  # TEXT: newline and comma escaped
    assert sum(1 for line in lines if line.startswith(("UID:", "DTSTAMP:"))) == 2


def test_no_date_no_calendar_link_and_no_500(app):
    event = _event()
    event.day = None
    db.session.commit()
    page = app.test_client().get(f"/e/{event.slug}/signup").get_data(as_text=True)
    assert "calendar.ics" not in page
    assert app.test_client().get(f"/e/{event.slug}/calendar.ics").status_code == 404
