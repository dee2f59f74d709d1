"""Staff pages: PIN sign-in, the match sheet, the no-script entry path."""

from play_support import member_ids, team_event  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow, Operation  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402


def _staff_client(client, event):
    accounts.set_staff_pin(event, "246813")
    db.session.commit()
    response = client.post(f"/e/{event.slug}/staff-login", data={"name": "山田", "pin": "246813"})
    assert response.status_code == 302
    return client


def test_wrong_pin_is_refused(client, app):
    event, _ = team_event()
    accounts.set_staff_pin(event, "246813")
    db.session.commit()
    response = client.post(f"/e/{event.slug}/staff-login", data={"name": "山田", "pin": "000000"})
    assert response.status_code == 200 and 'class="flash error"' in response.get_data(as_text=True)
    assert client.get("/staff/").status_code == 302


def test_kachinuki_sheet_walks_through_toss_naming_and_games(client, app):
    event, match = team_event()
    staff = _staff_client(client, event)
    page = staff.get(f"/staff/m/{match.id}").get_data(as_text=True)
    assert 'data-op="coin_toss"' in page
    staff.post(f"/staff/m/{match.id}/op", data={"kind": "coin_toss", "winner": "a", "choice": "stage",
                                                "position": "0"})
    page = staff.get(f"/staff/m/{match.id}").get_data(as_text=True)
    assert page.count('data-op="name_player"') == 2
    a, b = member_ids(match, "a"), member_ids(match, "b")
    staff.post(f"/staff/m/{match.id}/op", data={"kind": "name_player", "side": "a", "member_id": a[0], "blind": "true"})
    staff.post(f"/staff/m/{match.id}/op", data={"kind": "name_player", "side": "b", "member_id": b[0], "blind": "true"})
    page = staff.get(f"/staff/m/{match.id}").get_data(as_text=True)
    assert 'data-op="report_game"' in page and "A1" in page


def test_rejected_entry_keeps_what_was_typed_and_names_the_rule(client, app):
    event, match = team_event("best_of", "kgp2025", size=1)
    staff = _staff_client(client, event)
    response = staff.post(f"/staff/m/{match.id}/op", data={"kind": "report_game", "winner": "a", "rounds_a": "1",
                                                           "rounds_b": "0", "char_a": "テリー", "stage": "Pao Pao Cafe"})
    body = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'data-testid="problem"' in body and 'value="テリー"' in body and 'value="Pao Pao Cafe"' in body
    assert db.session.query(Operation).one().outcome == "rejected"


def test_public_match_page_shows_games(client, app):
    event, match = team_event("best_of", "kgp2025", size=1)
    staff = _staff_client(client, event)
    staff.post(f"/staff/m/{match.id}/op", data={"kind": "report_game", "winner": "a", "rounds_a": "2",
                                                "rounds_b": "1", "char_a": "テリー", "char_b": "舞"})
    body = client.get(f"/m/{match.id}").get_data(as_text=True)
    assert "テリー" in body and "舞" in body and "2–1" in body
    assert db.session.get(MatchRow, match.id).version > 1


def test_check_in_through_an_operation_and_the_list(client, app):
    from webapp.models import Entrant

    event, _ = team_event()
    staff = _staff_client(client, event)
    page = staff.get(f"/staff/e/{event.slug}/checkin").get_data(as_text=True)
    assert 'data-op="check_in"' in page and page.count('data-testid="checkin-row"') == 2
    entrant = db.session.query(Entrant).first()
    staff.post(f"/staff/e/{event.slug}/checkin", data={"entrant_id": entrant.id, "checked_in": "true"})
    db.session.expire_all()
    assert db.session.get(Entrant, entrant.id).checked_in
    assert db.session.query(Operation).filter_by(kind="check_in", outcome="applied").count() == 1
    found = staff.get(f"/staff/e/{event.slug}/checkin?q=ちーむa", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert found.count('data-testid="checkin-row"') == 1


def test_a_checked_in_name_keeps_its_reading_on_the_list(client, app):
    from webapp.models import Entrant

    event, _ = team_event()
    entrant = db.session.query(Entrant).filter_by(event_id=event.id).first()
    entrant.reading = "ちーむえー"
    db.session.commit()
    staff = _staff_client(client, event)
    assert '<span class="muted reading">ちーむえー</span>' in staff.get(f"/staff/e/{event.slug}/checkin").get_data(as_text=True)
    staff.post(f"/staff/e/{event.slug}/checkin", data={"entrant_id": entrant.id, "checked_in": "true"})
    page = staff.get(f"/staff/e/{event.slug}/checkin").get_data(as_text=True)
    checked = page[page.index('data-testid="checked-in"'):]
    assert checked.index('<span class="muted reading">ちーむえー</span>') < checked.index("</summary>")


def test_staff_of_another_event_cannot_check_in(client, app):
    from phone_entries import submit

    from webapp.models import Entrant

    event, _ = team_event()
    other, _ = team_event()
    _staff_client(client, other)
    entrant = db.session.query(Entrant).filter_by(event_id=event.id).first()
    user = accounts.staff_user(other, "山田")  # the account the phone above signed in to
    outcome = submit({"op_id": "check-0001", "device_id": "t", "kind": "check_in", "match_id": None,
                                 "payload": {"entrant_id": entrant.id}}, user)
    assert outcome.outcome == "rejected" and outcome.code == "access.other_event"


def test_a_referee_claims_a_match_for_a_station(client, app):
    event, match = team_event(teams=4)
    staff = _staff_client(client, event)
    staff.post(f"/staff/m/{match.id}/op", data={"kind": "set_station", "station": "３"})
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).station == "3"
    assert db.session.query(Operation).filter_by(kind="set_station", outcome="applied").count() == 1
    page = staff.get(f"/staff/e/{event.slug}?station=3").get_data(as_text=True)
    first_link = page[page.index('href="/staff/m/'):].split('"')[1]
    assert first_link == f"/staff/m/{match.id}"  # this station's match comes first


def test_score_choice_records_winner_and_rounds_without_script(client, app):
    event, match = team_event("best_of", "kgp2025", size=1)
    staff = _staff_client(client, event)
    response = staff.post(f"/staff/m/{match.id}/op", data={"kind": "report_game", "score": "1-2", "char_a": "春麗",
                                                           "char_b": "テリー・ボガード", "position": "0"})
    assert response.status_code == 302
    db.session.expire_all()
    game = db.session.get(MatchRow, match.id).actions[0]
    assert (game["winner"], game["rounds_a"], game["rounds_b"]) == ("b", 1, 2)
    page = staff.get(f"/staff/m/{match.id}").get_data(as_text=True)
    # Game 2 starts from game 1: the same characters checked, four score choices, no repeated name line.
    assert 'name="char_a" value="春麗" checked' in page and 'name="char_b" value="テリー・ボガード" checked' in page
    assert page.count('name="score"') == 2 * 4  # the form and its offline twin
    assert "<li>チームA: A1" not in page  # 1on1: the player is the entrant, no line repeats it


def test_rejected_score_choice_comes_back_checked(client, app):
    event, match = team_event("best_of", "kgp2025", size=1)
    staff = _staff_client(client, event)
    staff.post(f"/staff/m/{match.id}/op", data={"kind": "report_game", "score": "2-0", "char_a": "春麗", "position": "0"})
    response = staff.post(f"/staff/m/{match.id}/op", data={"kind": "report_game", "score": "0-2", "char_a": "ケン・マスターズ",
                                                           "position": "1"})
    body = response.get_data(as_text=True)
    assert response.status_code == 422 and "KGP ④" in body
    assert 'value="0-2" checked' in body and 'value="ケン・マスターズ" checked' in body
