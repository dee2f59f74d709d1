"""The desk sees a void waiting for its ruling with both choices in words; reception sees day DQs."""

from play_support import member_ids, send, team_event, win  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import MatchRow  # noqa: E402
from webapp.services.matches import play  # noqa: E402


def _void_after_five_games(match):
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", winner="a", choice="stage")
    send(match, "name_player", side="a", member_id=a[0], blind=True)
    send(match, "name_player", side="b", member_id=b[0], blind=True)
    win(match, "a")
    for nxt in b[1:]:
        send(match, "name_player", side="b", member_id=nxt)
        win(match, "a")
    send(match, "penalty", side="a", penalty="undeclared_change", game=0)
    return a, b


def test_ruling_needed_shows_both_choices_and_the_desk_replays(desk_client):
    event, match = team_event()
    a, b = _void_after_five_games(match)
    page = desk_client.get(f"/desk/e/{event.id}?lang=en").get_data(as_text=True)
    assert 'data-testid="ruling-needed"' in page
    assert "Game 1 was voided (A1's win counts as a loss)" in page
    assert "Game 5: A1 vs B5, won by チームA" in page
    assert "the 4 games and 4 namings made after game 1 are undone" in page
    assert "Afterwards: score 0–1." in page and "B1 stays on for チームB." in page
    assert "Afterwards: score 4–1." in page and "Keep the results" in page
    ja = desk_client.get(f"/desk/e/{event.id}?lang=ja").get_data(as_text=True)
    assert "本部の裁定が必要" in ja
    response = desk_client.post(f"/desk/match/{match.id}/ruling", data={"choice": "keep"})
    assert response.status_code == 302
    assert play.state_of(db.session.get(MatchRow, match.id)).ruling is not None   # no reason: refused
    desk_client.post(f"/desk/match/{match.id}/ruling", data={"choice": "replay"})
    db.session.expire_all()
    assert play.state_of(db.session.get(MatchRow, match.id)).ruling is None
    page = desk_client.get(f"/desk/e/{event.id}?lang=en").get_data(as_text=True)
    assert 'data-testid="ruling-needed"' not in page


def test_keep_needs_its_reason_and_is_said_why(desk_client):
    event, match = team_event()
    _void_after_five_games(match)
    response = desk_client.post(f"/desk/match/{match.id}/ruling?lang=en", data={"choice": "keep"},
                                follow_redirects=True)
    assert "Keeping results played after a void needs the reason" in response.get_data(as_text=True)
    desk_client.post(f"/desk/match/{match.id}/ruling", data={"choice": "keep", "reason": "合意"})
    db.session.expire_all()
    assert play.state_of(db.session.get(MatchRow, match.id)).score == (4, 1)


def test_reception_and_desk_show_a_day_long_dq(desk_client):
    event, match = team_event()
    a = member_ids(match, "a")
    send(match, "coin_toss", winner="a", choice="stage")
    send(match, "name_player", side="a", member_id=a[0], blind=True)
    send(match, "penalty", side="a", penalty="smoking")
    checkin = desk_client.get(f"/staff/e/{event.slug}/checkin?lang=en").get_data(as_text=True)
    assert "A1 is disqualified for the rest of the day (the smoking rule" in checkin
    assert "<s>A1</s>" in checkin
    desk = desk_client.get(f"/desk/e/{event.id}?lang=ja").get_data(as_text=True)
    assert 'data-testid="day-dqs"' in desk and "喫煙" in desk


def test_the_referee_page_waits_for_the_ruling_and_names_the_day_dq(client, app):
    from webapp.services.accounts import users as accounts
    event, match = team_event(teams=4)
    accounts.set_staff_pin(event, "246813")
    db.session.commit()
    client.post(f"/e/{event.slug}/staff-login", data={"name": "山田", "pin": "246813"})
    a, _ = _void_after_five_games(match)
    page = client.get(f"/staff/m/{match.id}?lang=en").get_data(as_text=True)
    assert 'data-testid="ruling-pending"' in page and "after games 2, 3, 4, 5 were played" in page
    # the voided game is marked in the list of games, next to the games the ruling is about
    assert page.count('data-testid="void-waits"') == 1 and "voided: the desk rules" in page
    assert 'data-op="name_player"' not in page and 'data-op="penalty"' not in page


def test_the_referee_page_of_the_next_match_names_the_day_dq(client, app, desk_user):
    from webapp.services.accounts import users as accounts
    event, first = team_event(teams=4)
    accounts.set_staff_pin(event, "246813")
    db.session.commit()
    a = member_ids(first, "a")
    send(first, "coin_toss", winner="a", choice="stage")
    send(first, "name_player", side="a", member_id=a[0], blind=True)
    send(first, "penalty", side="a", penalty="smoking")
    send(first, "override", user=desk_user, winner="a", reason="B withdrew")
    other = next(m for m in db.session.get(MatchRow, first.id).bracket.matches
                 if m.status == "ready" and m.id != first.id)
    send(other, "record_winner", user=desk_user, winner=other.slot_a)
    final = next(m for m in db.session.get(MatchRow, first.id).bracket.matches if m.status == "ready")
    client.post(f"/e/{event.slug}/staff-login", data={"name": "山田", "pin": "246813"})
    page = client.get(f"/staff/m/{final.id}?lang=en").get_data(as_text=True)
    assert 'data-testid="day-dq"' in page
    assert "A1 is disqualified for the rest of the day (the smoking rule" in page
    first_page = client.get(f"/staff/m/{first.id}?lang=en").get_data(as_text=True)
    assert 'data-testid="day-dq"' not in first_page   # the match it happened in keeps its history


def test_the_phase_page_links_to_the_pending_ruling(desk_client):
    event, match = team_event()
    _void_after_five_games(match)
    phase = db.session.get(MatchRow, match.id).bracket.phase
    page = desk_client.get(f"/desk/phase/{phase.id}?lang=ja").get_data(as_text=True)
    assert 'data-testid="ruling-needed-link"' in page and f"#ruling-{match.id}" in page
    assert "本部の裁定が必要" in page
