"""The desk's side: sign-up settings and the waitlist, printed cards with each player's link as a QR,
revoking a link, the reception's code; removing an entrant gives the place to the first in line."""
import re

from webapp.extensions import db
from webapp.models import PlayerLink, Signup
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.players import player_links, signups
from webapp.services.setup import events


def _event():
    event = events.create_event("カード大会", "kgp2025")
    entrants.add_entrants(event, [{"name": n, "seed": None, "members": []} for n in ("あお", "<i>あか</i>")])
    db.session.commit()
    return event


def test_the_desk_opens_sign_up_with_a_cap_and_questions_and_refuses_a_bad_cap(app, desk_client):
    event = _event()
    saved = desk_client.post(f"/desk/e/{event.id}/signup", data={"open": "1", "cap": "3", "per_address": "2",
                                                                 "questions": "X (Twitter)\n所属",
                                                                 "closes_at": "2099-12-31T18:00"})
    assert saved.status_code == 302
    assert signups.settings(event) == signups.Settings(True, 3, 2, ["X (Twitter)", "所属"], "2099-12-31T18:00")
    bad = desk_client.post(f"/desk/e/{event.id}/signup?lang=en", data={"open": "1", "cap": "0"})
    assert bad.status_code == 422 and "The entry cap is a number from 1" in bad.get_data(as_text=True)
    bad = desk_client.post(f"/desk/e/{event.id}/signup?lang=en", data={"open": "1", "closes_at": "tomorrow"})
    assert bad.status_code == 422 and "Give the closing time as a date" in bad.get_data(as_text=True)
    page = desk_client.get(f"/desk/e/{event.id}/signup").get_data(as_text=True)
    assert f"/e/{event.slug}/signup" in page and "<svg" in page


def test_removing_an_entrant_gives_the_place_to_the_first_in_line(app, desk_client):
    event = _event()
    signups.set_settings(event, True, 2, None, [])
    signup, _token = signups.sign_up(event, {"name": "みどり"}, "192.0.2.1")
    db.session.commit()
    assert signup.status == "waiting"
    assert desk_client.post(f"/desk/entrant/{event.entrants[0].id}/remove").status_code == 302
    db.session.expire_all()
    assert db.session.get(Signup, signup.id).status == "entered"
    assert "みどり" in [e.name for e in event.entrants]


def test_cards_give_each_entrant_a_link_as_a_qr_and_a_revoke_ends_it(app, desk_client):
    event = _event()
    sheet = desk_client.post(f"/desk/e/{event.id}/player-links/cards", data={"which": "missing"})
    body = sheet.get_data(as_text=True)
    assert sheet.status_code == 200 and body.count('data-testid="player-card"') == 2 and body.count("<svg") >= 2
    assert "&lt;i&gt;あか&lt;/i&gt;" in body and "<i>あか" not in body
    assert db.session.query(PlayerLink).filter_by(revoked_at=None).count() == 2
    again = desk_client.post(f"/desk/e/{event.id}/player-links/cards", data={"which": "missing"})
    assert again.status_code == 302  # everyone has a link: nothing printed, nothing replaced
    aoi = event.entrants[0]
    assert desk_client.post(f"/desk/e/{event.id}/player-links/{aoi.id}/revoke").status_code == 302
    assert not player_links.has_link(aoi) and player_links.has_link(event.entrants[1])
    listing = desk_client.get(f"/desk/e/{event.id}/player-links?lang=en").get_data(as_text=True)
    assert "no link" in listing


def test_the_reception_page_shows_a_code_and_a_new_one_replaces_it(app, desk_client):
    event = _event()
    assert 'data-testid="reception-code"' not in desk_client.get(f"/desk/e/{event.id}/reception-code").get_data(
        as_text=True)  # no code until the desk makes one: no self check-in before
    desk_client.post(f"/desk/e/{event.id}/reception-code/new")
    page = desk_client.get(f"/desk/e/{event.id}/reception-code").get_data(as_text=True)
    code = re.search(r'data-testid="reception-code">(\d+)<', page).group(1)
    assert f"/e/{event.slug}/me/checkin?code={code}" in page
    desk_client.post(f"/desk/e/{event.id}/reception-code/new")
    db.session.expire_all()
    assert event.settings["checkin_code"] != code
