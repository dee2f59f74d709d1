"""Every referee is a distinct person: a second phone typing a signed-in referee's name with the
event's PIN is refused in words and cannot act as them or end their session; sign-out ends that
phone's session only; the same phone takes its name back; the desk sees who is signed in on which
phone, signs one phone out or frees a name; entries carry their own person and device."""
import uuid

import hypothesis.strategies as st
import pytest
from fresh_limits import fresh_counters  # noqa: F401 (an autouse fixture)
from hypothesis import HealthCheck, given, settings
from play_support import team_event
from staff_phones import PIN, staff_phone

from webapp.extensions import db
from webapp.models import Event, LoginSession, Operation, User
from webapp.services.accounts import users as accounts

pytestmark = pytest.mark.usefixtures("no_csrf")


def _pin(phone, event, name, pin=PIN):
    return phone.post(f"/e/{event.slug}/staff-login?lang=en", data={"name": name, "pin": pin})


def _coin(phone, match, device):
    op = {"op_id": str(uuid.uuid4()), "seq": 1, "kind": "coin_toss", "match_id": match.id,
          "base_version": match.version, "payload": {"winner": "a", "choice": "stage"}}
    return phone.post("/sync/ops", json={"device_id": device, "ops": [op], "waiting": 1})


@pytest.mark.parametrize("typed", ["青木", " 青木 ", "Aoki", "aoki", "ＡＯＫＩ"])
def test_a_second_phone_typing_a_signed_in_name_is_refused_in_words(app, typed):
    event, _ = team_event()
    name = "Aoki" if typed.strip().isascii() or "Ａ" in typed else "青木"
    aoki = staff_phone(app, event, name=name)
    impostor = app.test_client()
    refused = _pin(impostor, event, typed)
    assert refused.status_code == 200
    assert f"{name} is already signed in on another phone" in refused.get_data(as_text=True)
    assert impostor.get("/sync/pack").status_code == 401  # signed in as nobody
    assert impostor.post("/logout").status_code == 302  # its sign-out touches no one
    assert aoki.get("/sync/pack").status_code == 200
    assert db.session.query(User).filter_by(event_id=event.id).count() == 1


def test_sign_out_ends_that_phones_session_only(app):
    event, match = team_event()
    aoki, sato = staff_phone(app, event, name="青木"), staff_phone(app, event, name="佐藤")
    assert aoki.post("/logout").status_code == 302
    assert aoki.get("/sync/pack").status_code == 401
    assert sato.get("/sync/pack").status_code == 200
    assert _coin(sato, match, "sato-phone").status_code == 200


def test_two_desk_browsers_sign_out_one_at_a_time(app, desk_user):
    first, second = app.test_client(), app.test_client()
    for browser in (first, second):
        assert browser.post("/login", data={"username": "desk", "password": "desk-pass-123"}).status_code == 302
    first.post("/logout")
    assert first.get("/desk/").status_code == 302 and second.get("/desk/").status_code == 200


def test_the_same_phone_takes_its_name_back_after_signing_out_another_may_not(app):
    event, _ = team_event()
    aoki = staff_phone(app, event, name="青木")
    aoki.post("/logout")
    stranger = _pin(app.test_client(), event, "青木")
    assert "青木 signed in on another phone before" in stranger.get_data(as_text=True)
    assert _pin(aoki, event, "青木").status_code == 302  # the phone's own cookie: its name back
    assert aoki.get("/sync/pack").status_code == 200


def test_the_desk_sees_who_is_signed_in_ends_one_phone_and_frees_a_name(app, desk_client):
    event, _ = team_event()
    aoki = staff_phone(app, event, name="青木")
    sato = staff_phone(app, event, name="佐藤")
    page = desk_client.get(f"/desk/e/{event.id}/signed-in").get_data(as_text=True)
    assert page.count('data-testid="signed-in-row"') == 2 and "青木" in page and "佐藤" in page
    assert "秒前" in page or "分前" in page  # "1 second ago", in the desk's language (ja)
    aoki_session = (db.session.query(LoginSession).join(User, User.id == LoginSession.user_id)
                    .filter(User.display_name == "青木").one())
    assert desk_client.post(f"/desk/e/{event.id}/signed-in/{aoki_session.id}/end").status_code == 302
    assert aoki.get("/sync/pack").status_code == 401 and sato.get("/sync/pack").status_code == 200
    other = app.test_client()
    assert "青木" in _pin(other, event, "青木").get_data(as_text=True)  # still the first phone's name
    user = db.session.query(User).filter_by(display_name="青木").one()
    assert desk_client.post(f"/desk/e/{event.id}/staff/{user.id}/free-name").status_code == 302
    assert _pin(other, event, "青木").status_code == 302
    assert other.get("/sync/pack").status_code == 200 and aoki.get("/sync/pack").status_code == 401


def test_the_desk_cannot_end_another_events_session_from_here(app, desk_client):
    event, _ = team_event()
    other, _ = team_event()
    phone = staff_phone(app, other, name="鈴木")
    suzuki = db.session.query(User).filter_by(display_name="鈴木").one()
    session_id = db.session.query(LoginSession.id).filter_by(user_id=suzuki.id).scalar()
    desk_client.post(f"/desk/e/{event.id}/signed-in/{session_id}/end")
    assert phone.get("/sync/pack").status_code == 200


def test_entries_carry_their_own_person_and_device(app):
    event, match = team_event()
    aoki, sato = staff_phone(app, event, name="青木"), staff_phone(app, event, name="佐藤")
    assert _coin(aoki, match, "aoki-phone").status_code == 200
    assert _coin(sato, match, "sato-phone").status_code == 200
    people = {u.id: u.display_name for u in db.session.query(User)}
    logged = {(people[op.user_id], op.device_id) for op in db.session.query(Operation)}
    assert logged == {("青木", "aoki-phone"), ("佐藤", "sato-phone")}
    devices = {people[s.user_id]: s.outbox_device for s in db.session.query(LoginSession)}
    assert devices == {"青木": "aoki-phone", "佐藤": "sato-phone"}


def test_a_new_pin_ends_every_staff_session_in_the_list_too(app):
    event, _ = team_event()
    phone = staff_phone(app, event, name="青木")
    accounts.set_staff_pin(event, "975310")
    db.session.commit()
    assert phone.get("/sync/pack").status_code == 401
    assert db.session.query(LoginSession).filter_by(ended_at=None).count() == 0
    assert _pin(phone, event, "青木", "975310").status_code == 302  # the same phone, the new PIN


def test_the_refusal_speaks_japanese_first(app):
    event, _ = team_event()
    staff_phone(app, event, name="青木")
    refused = app.test_client().post(f"/e/{event.slug}/staff-login", data={"name": "青木", "pin": PIN})
    assert "青木 さんは別の端末でログイン中です" in refused.get_data(as_text=True)


def test_a_shared_phone_changing_hands_ends_the_first_persons_session(app):
    event, _ = team_event()
    phone = staff_phone(app, event, name="青木")
    assert _pin(phone, event, "佐藤").status_code == 302  # the same phone, another person
    live = {u.display_name for u in db.session.query(User).join(LoginSession, LoginSession.user_id == User.id)
            .filter(LoginSession.ended_at.is_(None))}
    assert live == {"佐藤"}
    assert _pin(app.test_client(), event, "青木").status_code == 200  # the name stays that phone's
    assert _pin(phone, event, "青木").status_code == 302


def test_a_name_the_desk_made_a_code_for_waits_for_that_code(app, desk_client):
    event, _ = team_event()
    accounts.set_staff_pin(event, PIN)
    db.session.commit()
    assert desk_client.post(f"/desk/e/{event.id}/staff-links", data={"name": "佐藤"}).status_code == 302
    refused = _pin(app.test_client(), event, "佐藤")
    assert "佐藤 signs in with their own code from the desk" in refused.get_data(as_text=True)
    page = desk_client.get(f"/desk/e/{event.id}/signed-in").get_data(as_text=True)
    assert 'data-testid="held-name"' in page and "佐藤" in page
    user = db.session.query(User).filter_by(display_name="佐藤").one()
    with app.test_request_context():
        from webapp.services.accounts import signin_links
        url = "/" + signin_links.user_signin_url(user).split("/", 3)[3]
    phone = app.test_client()
    assert phone.post(url).status_code == 302  # the code: this phone takes the name
    assert _pin(phone, event, "佐藤").status_code == 302  # and may come back with the PIN


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.text(alphabet="abcXYZ青木さとう 1-", min_size=1, max_size=12).filter(lambda n: n.strip()),
       spell=st.sampled_from([str.upper, str.lower, _fullwidth, lambda n: f"  {n} ", lambda n: n.replace(" ", "  ")]))
def test_a_name_however_typed_is_one_person(app, name, spell):
    """Case, width and spaces do not make another person: the same account, so the same phone rule."""
    event = db.session.query(Event).first() or team_event()[0]
    first = accounts.staff_user(event, name)
    assert accounts.staff_user(event, spell(name)).id == first.id
    db.session.rollback()
