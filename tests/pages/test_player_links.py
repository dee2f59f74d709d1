"""A player's own link: stored hashed, opens that entrant's page of that event only, revoked at once."""
from webapp.database import utcnow
from webapp.extensions import db
from webapp.models import PlayerLink
from webapp.services.accounts.login_sessions import digest
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.players import player_links
from webapp.services.setup import events


def _event(name="夜の部"):
    event = events.create_event(name, "kgp2025")
    entrants.add_entrants(event, [{"name": n, "seed": i, "members": []}
                                  for i, n in enumerate(["タロウ", "はなこ", "じろう", "<b>さぶろう</b>"], 1)])
    phase = events.add_phase(event, "本戦", "single_elimination")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event


def test_the_token_is_kept_hashed_and_opens_its_entrant(app):
    event = _event()
    taro = event.entrants[0]
    token = player_links.issue(taro)
    db.session.commit()
    row = db.session.query(PlayerLink).one()
    assert row.token_hash == digest(token) and token not in row.token_hash
    assert player_links.player_from_request_cookie(token, event.id) == taro
    assert player_links.player_from_request_cookie(token + "x", event.id) is None
    assert player_links.player_from_request_cookie(token, event.id + 1) is None


def test_a_new_link_or_a_revoke_ends_the_old_one(app):
    event = _event()
    taro = event.entrants[0]
    first = player_links.issue(taro)
    second = player_links.issue(taro)
    assert player_links.player_from_request_cookie(first) is None
    assert player_links.player_from_request_cookie(second) == taro
    assert player_links.revoke(taro) == 1
    assert player_links.player_from_request_cookie(second) is None


def test_opening_the_link_sets_an_httponly_player_cookie_and_opens_my_page(app):
    event = _event()
    token = player_links.issue(event.entrants[3])
    db.session.commit()
    phone = app.test_client()
    opened = phone.get(f"/e/{event.slug}/me/{token}")
    assert opened.status_code == 302 and opened.headers["Location"].endswith(f"/e/{event.slug}/me")
    cookie = opened.headers["Set-Cookie"]
    assert cookie.startswith(player_links.COOKIE + "=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = phone.get(f"/e/{event.slug}/me")
    body = page.get_data(as_text=True)
    assert page.status_code == 200 and "&lt;b&gt;さぶろう&lt;/b&gt;" in body and "<b>さぶろう" not in body
    assert phone.get("/desk/").status_code in (302, 401, 403)  # the player cookie is no desk session


def test_revoking_takes_effect_at_once_and_another_event_is_not_opened(app):
    event, other = _event(), _event("昼の部")
    token = player_links.issue(event.entrants[0])
    db.session.commit()
    phone = app.test_client()
    phone.get(f"/e/{event.slug}/me/{token}")
    assert phone.get(f"/e/{other.slug}/me").status_code == 403
    player_links.revoke(event.entrants[0])
    db.session.commit()
    assert phone.get(f"/e/{event.slug}/me").status_code == 403
    assert phone.get(f"/e/{event.slug}/me/{token}").status_code == 404


def test_the_cookie_keeps_the_links_of_two_events(app):
    event, other = _event(), _event("昼の部")
    first, second = player_links.issue(event.entrants[0]), player_links.issue(other.entrants[1])
    db.session.commit()
    phone = app.test_client()
    phone.get(f"/e/{event.slug}/me/{first}")
    phone.get(f"/e/{other.slug}/me/{second}")
    assert phone.get(f"/e/{event.slug}/me").status_code == 200
    assert phone.get(f"/e/{other.slug}/me").status_code == 200


STAFF_AND_DESK = ("desk", "desk_plan", "desk_stations", "desk_corrections", "desk_entrants", "desk_events", "conflicts",
                  "mirror", "desk_signin", "desk_games", "desk_rules", "desk_players", "staff")


def test_a_personal_link_opens_no_staff_or_desk_page(app):
    event = _event()
    token = player_links.issue(event.entrants[0])
    db.session.commit()
    phone = app.test_client()
    phone.get(f"/e/{event.slug}/me/{token}")
    match = next(m for m in event.phases[0].brackets[0].matches if m.status == "ready")
    args = {"event_id": event.id, "slug": event.slug, "entrant_id": event.entrants[1].id, "match_id": match.id,
            "phase_id": event.phases[0].id, "bracket_id": match.bracket_id}
    walked = 0
    for rule in app.url_map.iter_rules():
        if rule.endpoint.split(".")[0] not in STAFF_AND_DESK or "GET" not in rule.methods \
                or set(rule.arguments) - set(args):
            continue
        answer = phone.get(rule.build(args, append_unknown=False)[1])
        assert answer.status_code in (302, 401, 403, 404), (rule.rule, answer.status_code)
        if answer.status_code == 302:
            assert "login" in answer.headers["Location"], rule.rule
        walked += 1
    assert walked >= 20


def test_over_https_the_cookie_is_secure_and_the_players_posts_need_their_csrf_token(app):
    event = _event()
    token = player_links.issue(event.entrants[0])
    db.session.commit()
    phone = app.test_client()
    opened = phone.get(f"/e/{event.slug}/me/{token}", base_url="https://localhost")
    assert "; Secure" in opened.headers["Set-Cookie"]
    app.config["WTF_CSRF_ENABLED"] = True
    refused = phone.post(f"/e/{event.slug}/me/withdraw", base_url="https://localhost")
    assert refused.status_code == 400
    db.session.expire_all()
    assert not event.entrants[0].dq and len(event.entrants) == 4


def test_a_called_match_shows_the_player_the_minutes_left_before_a_walkover(app):
    from webapp.services.day import stations

    event = _event()
    stations.add_station(event, "3")
    token = player_links.issue(event.entrants[0])
    match = next(m for m in event.phases[0].brackets[0].matches if event.entrants[0].id in (m.slot_a, m.slot_b))
    match.station, match.called_at = "3", utcnow()
    db.session.commit()
    phone = app.test_client()
    phone.get(f"/e/{event.slug}/me/{token}")
    body = phone.get(f"/e/{event.slug}/me?lang=en").get_data(as_text=True)
    assert "Your match is called" in body and 'data-state="called"' in body
    minutes = stations.calling(match.bracket.phase)["no_show_minutes"]
    assert f'">{minutes}</span> min, or the match may be given to your opponent' in body
