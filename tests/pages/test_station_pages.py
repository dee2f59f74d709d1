"""Desk stations, calls, projector, player's next match, QR sheet, correction preview and DQ confirm pages."""
from desk_setups import started_phase

from webapp.extensions import db
from webapp.models import Entrant, MatchRow, Operation, Phase, Station


def _ready(phase_id):
    db.session.expire_all()
    return sorted((m for m in db.session.query(MatchRow).filter_by(status="ready")), key=lambda m: m.id)


def test_stations_auto_call_projector_and_player_page(desk_client):
    event, phase = started_phase(desk_client, "\n".join(f"選手{i}" for i in range(1, 9)))
    page = desk_client.get(f"/desk/e/{event.id}/stations")
    assert page.status_code == 200 and "station-board" in page.get_data(as_text=True)
    desk_client.post(f"/desk/e/{event.id}/stations", data={"name": "1-2"})
    desk_client.post(f"/desk/phase/{phase.id}/calling", data={"auto_call": "on", "no_show_minutes": "7"})
    db.session.expire_all()
    assert [s.name for s in db.session.query(Station).order_by(Station.position)] == ["1", "2"]
    called = [m for m in _ready(phase.id) if m.station]
    assert sorted(m.station for m in called) == ["1", "2"]
    board = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert "called" in board and "limit 7 min" in board
    calls = desk_client.get(f"/e/{event.slug}/calls?lang=en").get_data(as_text=True)
    names = {e.id: e.name for e in db.session.query(Entrant)}
    assert "Station 1" in calls and names[called[0].slot_a] in calls
    player = desk_client.get(f"/e/{event.slug}/p/{called[0].slot_a}?lang=en").get_data(as_text=True)
    assert "go to Station 1" in player or "go to Station 2" in player and 'data-state="called"' in player
    waiting = next(m for m in _ready(phase.id) if not m.station)
    other = desk_client.get(f"/e/{event.slug}/p/{waiting.slot_a}?lang=en").get_data(as_text=True)
    assert 'data-state="waiting"' in other and "estimated start" in other
    # Finishing a match frees its station: the next one is called in the same transaction.
    desk_client.post(f"/desk/match/{called[0].id}/winner", data={"winner": str(called[0].slot_a)})
    now_on = [m for m in _ready(phase.id) if m.station == called[0].station]
    assert len(now_on) == 1 and now_on[0].id != called[0].id
    assert db.session.query(Operation).filter_by(device_id="auto-call").count() == 3


def test_station_qr_sheet_and_a_scan_lands_on_the_current_match(desk_client):
    event, phase = started_phase(desk_client, "\n".join("abcd"))
    desk_client.post(f"/desk/e/{event.id}/stations", data={"name": "A台"})
    sheet = desk_client.get(f"/desk/e/{event.id}/stations/qr").get_data(as_text=True)
    assert sheet.count('data-testid="station-qr"') == 1 and "<svg" in sheet
    match = _ready(phase.id)[0]
    desk_client.post(f"/desk/match/{match.id}/station", data={"station": "A台"})
    landing = desk_client.get(f"/staff/e/{event.slug}?station=A台")
    assert landing.status_code == 302 and landing.headers["Location"].endswith(f"/staff/m/{match.id}")


def test_run_table_filters_and_needs_two_steps_to_record(desk_client):
    event, phase = started_phase(desk_client, "\n".join(f"p{i}" for i in range(1, 9)))
    body = desk_client.get(f"/desk/phase/{phase.id}").get_data(as_text=True)
    assert body.count('class="match-row') == 4 and 'select name="winner" required' in body
    # issue 28 trap 5: a confirmation box that asks why, not a select and a button
    assert body.count('data-testid="record-result"') == 4 and body.count('name="reason" required') == 4
    one = desk_client.get(f"/desk/phase/{phase.id}?q=p1").get_data(as_text=True)
    assert one.count('class="match-row') == 1
    assert desk_client.get(f"/desk/phase/{phase.id}?status=done").get_data(as_text=True).count('class="match-row') == 0


def test_correction_shows_its_effect_needs_a_reason_and_keeps_history(desk_client):
    event, phase = started_phase(desk_client, "\n".join("abcd"))
    first, second = _ready(phase.id)
    desk_client.post(f"/desk/match/{first.id}/winner", data={"winner": str(first.slot_a)})
    desk_client.post(f"/desk/match/{second.id}/winner", data={"winner": str(second.slot_a)})
    page = desk_client.get(f"/desk/match/{first.id}/correction?lang=en").get_data(as_text=True)
    assert "What will change" in page and "History of this match" in page and "won" in page
    refused = desk_client.post(f"/desk/match/{first.id}/correct", data={"winner": str(first.slot_b)},
                               follow_redirects=True).get_data(as_text=True)
    assert "reason" in refused.lower() or "理由" in refused
    db.session.expire_all()
    assert db.session.get(MatchRow, first.id).winner_id == first.slot_a
    desk_client.post(f"/desk/match/{first.id}/correct", data={"winner": str(first.slot_b), "reason": "記入ミス"})
    db.session.expire_all()
    assert db.session.get(MatchRow, first.id).winner_id == first.slot_b
    assert "記入ミス" in desk_client.get(f"/desk/match/{first.id}/correction").get_data(as_text=True)


def test_dq_is_confirmed_in_the_page_with_its_effect(desk_client):
    event, phase = started_phase(desk_client, "\n".join("abcd"))
    match = _ready(phase.id)[0]
    names = {e.id: e.name for e in db.session.query(Entrant)}
    page = desk_client.get(f"/desk/entrant/{match.slot_a}/dq?lang=en").get_data(as_text=True)
    assert "What will change" in page and f"{names[match.slot_b]} wins by walkover" in page
    assert "prompt(" not in desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)


def test_dq_can_be_undone_while_nothing_after_it_was_played(desk_client):
    event, phase = started_phase(desk_client, "\n".join(f"p{i}" for i in range(1, 9)))
    first, second = _ready(phase.id)[:2]
    victim = first.slot_a
    desk_client.post(f"/desk/entrant/{victim}/dq", data={"reason": "喫煙"})
    db.session.expire_all()
    assert db.session.get(MatchRow, first.id).walkover
    page = desk_client.post(f"/desk/entrant/{victim}/undo-dq", follow_redirects=True).get_data(as_text=True)
    assert 'class="flash ok"' in page
    db.session.expire_all()
    row = db.session.get(MatchRow, first.id)
    assert row.status == "ready" and not row.walkover and not db.session.get(Entrant, victim).dq
    # Once the match after the walkover is really played, the DQ stays.
    desk_client.post(f"/desk/entrant/{victim}/dq", data={"reason": "喫煙"})
    desk_client.post(f"/desk/match/{second.id}/winner", data={"winner": str(second.slot_a)})
    db.session.expire_all()
    semi = next(m for m in _ready(phase.id) if first.slot_b in (m.slot_a, m.slot_b))
    desk_client.post(f"/desk/match/{semi.id}/winner", data={"winner": str(semi.slot_a)})
    refused = desk_client.post(f"/desk/entrant/{victim}/undo-dq?lang=en", follow_redirects=True).get_data(as_text=True)
    assert "cannot be undone" in refused
    db.session.expire_all()
    assert db.session.get(Entrant, victim).dq


def test_a_station_claimed_twice_shows_on_the_board_and_the_conflicts_page(desk_client):
    event, phase = started_phase(desk_client, "\n".join(f"選手{i}" for i in range(1, 9)))
    desk_client.post(f"/desk/e/{event.id}/stations", data={"name": "1"})
    called, claimed = _ready(phase.id)[:2]
    desk_client.post(f"/desk/match/{called.id}/station", data={"station": "1"})
    desk_client.post(f"/desk/match/{claimed.id}/station", data={"station": "1"})  # as a phone's late claim
    names = {e.id: e.name for e in db.session.query(Entrant)}
    board = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert board.count('data-testid="station-clash"') == 1 and "Also on this station:" in board
    assert names[claimed.slot_a] in board and "Take this match off the station" in board
    queue = desk_client.get("/desk/conflicts/?lang=en").get_data(as_text=True)
    assert 'data-testid="station-clashes"' in queue and "Two matches on one station" in queue
    assert 'data-testid="no-conflicts"' not in queue
    desk_client.post(f"/desk/match/{claimed.id}/station", data={"station": ""})
    assert 'data-testid="station-clashes"' not in desk_client.get("/desk/conflicts/").get_data(as_text=True)


def test_a_station_phone_learns_of_a_call_on_its_next_refresh(desk_client):
    event, phase = started_phase(desk_client, "\n".join(f"選手{i}" for i in range(1, 9)))
    desk_client.post(f"/desk/e/{event.id}/stations", data={"name": "1"})
    first, second = _ready(phase.id)[:2]
    desk_client.post(f"/desk/match/{first.id}/station", data={"station": "1"})
    # The station's list refreshing itself after a sync (htmx) stays a list, the call marked.
    refreshed = desk_client.get(f"/staff/e/{event.slug}?station=1&lang=en", headers={"HX-Request": "true"})
    html = refreshed.get_data(as_text=True)
    assert refreshed.status_code == 200 and html.startswith('<section id="staff-matches"')
    assert html.count('data-testid="called-here"') == 1 and "Called to your station" in html
    # Once the match is over, its page points to the match called next to the same station.
    desk_client.post(f"/desk/match/{first.id}/winner", data={"winner": str(first.slot_a)})
    desk_client.post(f"/desk/match/{second.id}/station", data={"station": "1"})
    page = desk_client.get(f"/staff/m/{first.id}?lang=en").get_data(as_text=True)
    names = {e.id: e.name for e in db.session.query(Entrant)}
    assert 'data-testid="next-on-station"' in page and f"/staff/m/{second.id}" in page
    assert names[second.slot_a] in page


def test_automatic_walkovers_are_a_phase_setting_and_the_clock_makes_them(desk_client):
    from datetime import timedelta

    from webapp.database import utcnow
    from webapp.operations import clock

    event, phase = started_phase(desk_client, "\n".join(f"選手{i}" for i in range(1, 9)))
    desk_client.post(f"/desk/e/{event.id}/stations", data={"name": "1"})
    board = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert 'name="auto_walkover"' in board and "/no-shows" not in board  # offered, off; the board sweeps nothing
    desk_client.post(f"/desk/phase/{phase.id}/calling", data={"auto_walkover": "on", "no_show_minutes": "10"})
    db.session.expire_all()
    assert db.session.get(Phase, phase.id).calling["auto_walkover"] is True
    match = _ready(phase.id)[0]
    desk_client.post(f"/desk/match/{match.id}/station", data={"station": "1"})
    assert clock.sweep() == 0  # not due yet
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    row.called_at = utcnow() - timedelta(minutes=12)
    db.session.get(Entrant, match.slot_a).checked_in = True
    db.session.commit()
    assert clock.sweep() == 1
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    assert row.walkover and row.winner_id == match.slot_a
    assert clock.sweep() == 0  # once


def test_stations_are_named_as_people_say_them(app):
    from flask_babel import force_locale

    from webapp.views.template_helpers import station_label

    with app.test_request_context():
        with force_locale("ja"):
            assert [station_label(n) for n in ("3", "配信", "A台")] == ["3番台", "配信台", "A台"]
        with force_locale("en"):
            # a stream station is said in English, not "Station 配信" (issue 18 rehearsal)
            assert [station_label(n) for n in ("3", "配信", "Main")] == ["Station 3", "Stream station", "Station Main"]


def test_a_signed_out_referee_scanning_a_station_code_signs_in_with_the_pin_and_lands_there(desk_client):
    from webapp.services.accounts import users as accounts

    event, phase = started_phase(desk_client, "\n".join("abcd"))
    desk_client.post(f"/desk/e/{event.id}/stations", data={"name": "1"})
    match = _ready(phase.id)[0]
    desk_client.post(f"/desk/match/{match.id}/station", data={"station": "1"})
    accounts.set_staff_pin(db.session.get(type(event), event.id), "246810")
    db.session.commit()
    desk_client.post("/logout")
    scan = desk_client.get(f"/staff/e/{event.slug}?station=1")
    assert scan.status_code == 302 and f"/e/{event.slug}/staff-login?next=" in scan.headers["Location"]
    signed_in = desk_client.post(scan.headers["Location"], data={"name": "審判", "pin": "246810"})
    assert signed_in.headers["Location"].endswith(f"/staff/e/{event.slug}?station=1")
    landing = desk_client.get(signed_in.headers["Location"])
    assert landing.status_code == 302 and landing.headers["Location"].endswith(f"/staff/m/{match.id}")


def test_a_no_show_row_offers_the_walkover_and_a_dq_with_the_rule_named(desk_client):
    from datetime import timedelta
    from urllib.parse import unquote_plus

    from webapp.database import utcnow

    event, phase = started_phase(desk_client, "\n".join(f"選手{i}" for i in range(1, 9)))
    desk_client.post(f"/desk/e/{event.id}/stations", data={"name": "1"})
    match = _ready(phase.id)[0]
    desk_client.post(f"/desk/match/{match.id}/station", data={"station": "1"})
    db.session.expire_all()
    db.session.get(MatchRow, match.id).called_at = utcnow() - timedelta(minutes=12)
    db.session.commit()
    names = {e.id: e.name for e in db.session.query(Entrant)}
    for page in (f"/desk/e/{event.id}/stations?lang=en", f"/desk/phase/{phase.id}?lang=en"):
        body = unquote_plus(desk_client.get(page).get_data(as_text=True)).replace("&amp;", "&")
        assert 'data-testid="no-show-dq"' in body and f"{names[match.slot_a]} absent" in body
        for side in (match.slot_a, match.slot_b):
            assert f"/desk/entrant/{side}/dq?reason=No-show: not at the station 10 minutes" in body
    confirm = desk_client.get(f"/desk/entrant/{match.slot_b}/dq?lang=en&reason=No-show: 10 minutes (event rule)")
    assert 'value="No-show: 10 minutes (event rule)"' in confirm.get_data(as_text=True)
    assert "What will change" in confirm.get_data(as_text=True)


def test_the_event_sets_its_no_show_limit_and_a_phase_may_keep_its_own(desk_client):
    from webapp.models import Event

    event, phase = started_phase(desk_client, "\n".join(f"選手{i}" for i in range(1, 9)))
    page = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert 'data-testid="event-no-show"' in page and "No-show limit: 10 minutes after the call for the event" in page
    assert f'action="/desk/e/{event.id}/no-show-limit"' in page
    for bad in ("0", "121", "ten"):  # checked by the service, the page says why
        answer = desk_client.post(f"/desk/e/{event.id}/no-show-limit?lang=en", data={"no_show_minutes": bad},
                                  follow_redirects=True)
        assert "The no-show limit must be 1 to 120 minutes." in answer.get_data(as_text=True)
    db.session.expire_all()
    assert "no_show_minutes" not in (db.session.get(Event, event.id).settings or {})
    desk_client.post(f"/desk/e/{event.id}/no-show-limit", data={"no_show_minutes": "15"})
    db.session.expire_all()
    assert db.session.get(Event, event.id).settings["no_show_minutes"] == 15
    page = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert "15 minutes after the call for the event" in page and "now 15 min (the event's)" in page
    # A phase saved with its limit blank follows the event; with its own, keeps it.
    desk_client.post(f"/desk/phase/{phase.id}/calling", data={"auto_call": "on", "no_show_minutes": ""})
    desk_client.post(f"/desk/e/{event.id}/no-show-limit", data={"no_show_minutes": "20"})
    from webapp.services.day import stations
    db.session.expire_all()
    assert stations.calling(db.session.get(Phase, phase.id))["no_show_minutes"] == 20
    desk_client.post(f"/desk/phase/{phase.id}/calling", data={"no_show_minutes": "7"})
    page = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert f"{phase.name}: 7 minutes" in page and "now 7 min" in page
    desk_client.post(f"/desk/e/{event.id}/no-show-limit", data={"no_show_minutes": ""})  # back to the default
    db.session.expire_all()
    assert stations.event_no_show_minutes(db.session.get(Event, event.id)) == 10


def test_a_station_is_one_whatever_way_its_number_is_written(desk_client):
    """Issue 28 trap 5: "2-6" while "2番台" existed made a second 2番台, silently."""
    from webapp.services.day import stations
    from webapp.services.setup import events
    event = events.create_event("週末大会", "kgp2025")
    db.session.commit()
    desk_client.post(f"/desk/e/{event.id}/stations", data={"name": "2番台"})
    page = desk_client.post(f"/desk/e/{event.id}/stations", data={"name": "2-6"}, follow_redirects=True)
    text = page.get_data(as_text=True)
    assert "すでにあるため追加しませんでした: 2番台" in text
    assert sorted(s.name for s in stations.event_stations(event)) == ["2", "3", "4", "5", "6"]
    for typed in ("２", "Station 2", "2 番台", "3台"):
        again = desk_client.post(f"/desk/e/{event.id}/stations", data={"name": typed}, follow_redirects=True)
        assert "番台はすでにあります" in again.get_data(as_text=True), typed
    db.session.expire_all()
    assert len(stations.event_stations(event)) == 5


def test_the_board_shows_who_has_checked_in_once_the_event_uses_check_in(desk_client):
    """Issue 28 trap 5: the desk calling a match wants to see both sides are at the venue."""
    event, phase = started_phase(desk_client, "\n".join(f"選手{i}" for i in range(1, 9)))
    first = _ready(phase.id)[0]
    board = desk_client.get(f"/desk/e/{event.id}/stations").get_data(as_text=True)
    assert "未受付" not in board  # an event without reception: no noise
    db.session.get(Entrant, first.slot_a).checked_in = True
    db.session.commit()
    board = desk_client.get(f"/desk/e/{event.id}/stations").get_data(as_text=True)
    assert board.count('data-testid="checked-in"') == 1 and "受付済" in board
    assert 'data-testid="not-checked-in"' in board and "未受付" in board


def test_a_result_the_desk_records_keeps_its_reason_in_the_history(desk_client):
    event, phase = started_phase(desk_client, "\n".join(f"p{i}" for i in range(1, 9)))
    match = _ready(phase.id)[0]
    desk_client.post(f"/desk/match/{match.id}/winner", data={"winner": str(match.slot_a), "reason": "記録用紙より"})
    page = desk_client.get(f"/desk/match/{match.id}/correction").get_data(as_text=True)
    assert "理由: 記録用紙より" in page
