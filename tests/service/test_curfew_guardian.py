"""Curfews for minors (issue 37.12): under 16 out by 18:00, or 22:00 with a guardian (保護者同伴,
marked per entrant at the desk); under 18 by 22:00 without exception; the hours a per-prefecture fact
(Osaka's ordinance keeps under-16s out of arcades from 19:00, Tokyo's from 18:00: docs/curfews.md)."""
from datetime import date, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.extensions import db
from webapp.models import Entrant
from webapp.services.day import day_clock, forecasts, stations
from webapp.services.entrants import entrant_edits
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.setup import events
from webapp.tournament import curfew

JST = timezone(timedelta(hours=9))


def test_the_hours_by_age_group_guardian_and_prefecture():
    assert curfew.curfew_for("u16") == "18:00"
    assert curfew.curfew_for("u16g") == "22:00"
    assert curfew.curfew_for("u18") == "22:00"
    assert curfew.curfew_for("u16", {"prefecture": "osaka"}) == "19:00"
    assert curfew.curfew_for("u16", {"prefecture": "tokyo"}) == "18:00"
    assert curfew.curfew_for("", {"prefecture": "osaka"}) is None


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(curfew.PREFECTURES), st.sampled_from(curfew.AGE_GROUPS))
def test_no_minor_stays_past_22_and_a_guardian_only_helps_the_under_16(prefecture, group):
    hour = curfew.curfew_for(group, {"prefecture": prefecture})
    assert hour <= "22:00"
    if group == "u16":
        assert hour <= curfew.curfew_for("u16g", {"prefecture": prefecture})
    assert curfew.curfew_for("u18", {"prefecture": prefecture}) == "22:00"  # no exception for 16-17


def _event():
    event = events.create_event("夜の部", "", game="tekken8", day=date(2026, 12, 5))
    event.settings = {"start_time": "17:00"}
    with db.session.no_autoflush:
        entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": i, "members": []} for i in range(1, 9)])
    events.add_phase(event, "予選", "double_elimination", grand_final="reset")
    stations.add_numbered(event, 1, 1)
    db.session.flush()
    return event


LOOKS = iter(range(60))


def _minors(event):
    """The forecast's minors, a minute later each time (the forecast is kept for a minute)."""
    db.session.flush()
    return forecasts.forecast(event, "Asia/Tokyo", datetime(2026, 12, 5, 16, next(LOOKS), tzinfo=JST)).minors


def test_an_under_16_with_a_guardian_is_warned_at_22_not_18(app):
    event = _event()
    young = db.session.query(Entrant).filter_by(event_id=event.id, name="選手03").one()
    young.age_group = "u16"
    assert [(m.name, m.curfew) for m in _minors(event)] == [("選手03", "18:00")]
    entrant_edits.set_guardian(young, True)
    assert young.age_group == "u16g"
    assert all(m.curfew == "22:00" for m in _minors(event))
    entrant_edits.set_guardian(young, False)
    assert young.age_group == "u16"


def test_an_osaka_event_warns_an_under_16_at_19(app):
    event = _event()
    day_clock.save(event, {"start_time": "17:00", "prefecture": "osaka"})
    assert day_clock.curfews(event)["u16"] == "19:00"
    db.session.query(Entrant).filter_by(event_id=event.id, name="選手03").one().age_group = "u16"
    assert [m.curfew for m in _minors(event)] == ["19:00"]


def test_the_desk_marks_a_guardian_on_the_entrant_row(desk_client):
    event = _event()
    young = db.session.query(Entrant).filter_by(event_id=event.id, name="選手03").one()
    young.age_group = "u16"
    db.session.commit()
    page = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert 'data-testid="guardian-toggle"' in page and "保護者同伴" in page
    answer = desk_client.post(f"/desk/entrant/{young.id}/guardian", data={"with_guardian": "1"})
    assert answer.status_code == 302
    assert db.session.get(Entrant, young.id).age_group == "u16g"
    day = desk_client.get(f"/desk/e/{event.id}/day").get_data(as_text=True)
    assert "22:00" in day and "保護者" in day
