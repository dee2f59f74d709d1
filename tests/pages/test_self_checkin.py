"""Self check-in: the player types the code posted at reception on their own page, inside the window;
it is the same check_in entry as staff make, and the desk's list says the player did it."""
import pytest

from webapp.extensions import db
from webapp.models import Operation
from webapp.services.day import checkin
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.players import player_links, self_checkin
from webapp.services.setup import events


@pytest.fixture(autouse=True)
def _no_csrf_fresh_limits(app):
    app.config["WTF_CSRF_ENABLED"] = False
    app.extensions["taikai_limiter"].reset()
    yield
    app.extensions["taikai_limiter"].reset()
    app.config["WTF_CSRF_ENABLED"] = True


def _event(**settings):
    event = events.create_event("受付テスト", "kgp2025")
    entrants.add_entrants(event, [{"name": n, "seed": None, "members": []} for n in ("あお", "あか")])
    event.settings = {**(event.settings or {}), **settings}
    db.session.commit()
    return event


def _player(app, event, index=0):
    token = player_links.issue(event.entrants[index])
    db.session.commit()
    phone = app.test_client()
    phone.get(f"/e/{event.slug}/me/{token}")
    return phone


def test_the_right_code_checks_the_player_in_as_a_logged_entry_marked_as_theirs(app, desk_client):
    event = _event()
    code = self_checkin.new_code(event)
    db.session.commit()
    phone = _player(app, event)
    wrong = phone.post(f"/e/{event.slug}/me/checkin?lang=en", data={"code": "000000" if code != "000000" else "1"})
    assert wrong.status_code == 422 and "not the code posted at reception" in wrong.get_data(as_text=True)
    assert phone.post(f"/e/{event.slug}/me/checkin", data={"code": code}).status_code == 302
    db.session.expire_all()
    aoi = event.entrants[0]
    assert aoi.checked_in and aoi.info.get("self_checked_in")
    op = db.session.query(Operation).filter_by(kind="check_in").one()
    assert op.device_id == f"player-{aoi.id}" and op.outcome == "applied"
    assert checkin.reception_log(event)[0].by_player
    reception = desk_client.get(f"/staff/e/{event.slug}/checkin?lang=en").get_data(as_text=True)
    assert reception.count('data-testid="self-checked-in"') == 1 and "by the player, from their phone" in reception


def test_without_a_code_from_the_desk_there_is_no_self_check_in(app):
    event = _event()
    answer = _player(app, event).post(f"/e/{event.slug}/me/checkin?lang=en", data={"code": "123456"})
    assert answer.status_code == 422 and "Self check-in is not open" in answer.get_data(as_text=True)


def test_outside_the_window_check_in_is_refused_in_words(app):
    event = _event(checkin_opens="00:00", checkin_closes="00:00")
    code = self_checkin.new_code(event)
    db.session.commit()
    answer = _player(app, event).post(f"/e/{event.slug}/me/checkin?lang=en", data={"code": code})
    assert answer.status_code == 422 and "Check-in closed at 00:00" in answer.get_data(as_text=True)
    assert not event.entrants[0].checked_in


def test_a_new_code_ends_the_old_one_and_wrong_codes_slow_only_that_player(app):
    event = _event()
    old = self_checkin.new_code(event)
    new = self_checkin.new_code(event)
    db.session.commit()
    phone, other = _player(app, event, 0), _player(app, event, 1)
    if old != new:
        assert phone.post(f"/e/{event.slug}/me/checkin", data={"code": old}).status_code == 422
    for _ in range(12):
        phone.post(f"/e/{event.slug}/me/checkin", data={"code": "x"})
    assert phone.post(f"/e/{event.slug}/me/checkin", data={"code": new}).status_code == 429
    assert other.post(f"/e/{event.slug}/me/checkin", data={"code": new}).status_code == 302


def test_a_suffix_on_the_cookie_is_the_same_player_and_still_waits(app):
    """`taikai_player=<token>.<anything>` opens the same link: its guesses are that link's, so the
    wait holds; a cookie that opens no link is no cookie (no guess is checked)."""
    import secrets
    event = _event()
    code = self_checkin.new_code(event)
    db.session.commit()
    token = player_links.issue(event.entrants[0])
    db.session.commit()
    phone = app.test_client()
    phone.get(f"/e/{event.slug}/me/{token}")
    for _ in range(12):
        phone.post(f"/e/{event.slug}/me/checkin", data={"code": "x"})
    for _ in range(5):
        phone.set_cookie(player_links.COOKIE, f"{token}.{secrets.token_hex(4)}")
        assert phone.post(f"/e/{event.slug}/me/checkin", data={"code": "x"}).status_code == 429
    phone.set_cookie(player_links.COOKIE, f"{token}.{secrets.token_hex(4)}")
    assert phone.post(f"/e/{event.slug}/me/checkin", data={"code": code}).status_code == 429
    stranger = app.test_client()
    stranger.set_cookie(player_links.COOKIE, secrets.token_urlsafe(24))
    assert stranger.post(f"/e/{event.slug}/me/checkin", data={"code": code}).status_code in (403, 429)
    db.session.expire_all()
    assert not event.entrants[0].checked_in
