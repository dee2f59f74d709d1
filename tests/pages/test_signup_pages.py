"""Public sign-up: open and closed, a cap with a waitlist in order, promotion on withdrawal, a cap per
address and a throttle, refusals next to their field, names with markup kept as text."""
import re
import time

from fresh_limits import fresh_limits  # noqa: F401 (an autouse fixture)

from webapp.extensions import db
from webapp.models import Signup
from webapp.services.players import signups
from webapp.services.setup import events


def _event(cap=2, team_size=1, questions=()):
    event = events.create_event("週末大会", "kgp2025")
    event.team_size = team_size
    signups.set_settings(event, True, cap, None, list(questions))
    db.session.commit()
    return event


def _phone(app, address="198.51.100.7"):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def _sign_up(phone, event, name, **fields):
    return phone.post(f"/e/{event.slug}/signup", data={"name": name, **fields})


def test_past_the_cap_a_sign_up_waits_in_line_and_a_withdrawal_promotes_the_first(app):
    event = _event(cap=2)
    phones = [_phone(app, f"198.51.100.{i}") for i in range(1, 5)]
    for phone, name in zip(phones, ["あお", "あか", "きいろ", "みどり"], strict=True):
        assert _sign_up(phone, event, name).status_code == 200
    assert [e.name for e in event.entrants] == ["あお", "あか"]
    assert "number 1" in phones[2].get(f"/e/{event.slug}/me?lang=en").get_data(as_text=True)
    assert "number 2" in phones[3].get(f"/e/{event.slug}/me?lang=en").get_data(as_text=True)
    assert phones[0].post(f"/e/{event.slug}/me/withdraw").status_code == 302
    db.session.expire_all()
    assert sorted(e.name for e in event.entrants) == ["あか", "きいろ"]
    promoted = phones[2].get(f"/e/{event.slug}/me?lang=en").get_data(as_text=True)
    assert "You moved up from the waitlist" in promoted
    assert "number 1" in phones[3].get(f"/e/{event.slug}/me?lang=en").get_data(as_text=True)
    assert "You withdrew" in phones[0].get(f"/e/{event.slug}/me?lang=en").get_data(as_text=True)


def test_a_closed_sign_up_refuses_and_says_so(app):
    event = _event()
    assert 'data-testid="event-signup"' in _phone(app).get(f"/e/{event.slug}").get_data(as_text=True)
    signups.set_settings(event, False, 2, None, [])
    db.session.commit()
    assert 'data-testid="event-signup"' not in _phone(app).get(f"/e/{event.slug}").get_data(as_text=True)
    answer = _sign_up(_phone(app), event, "あお")
    assert answer.status_code == 422 and "closed" in _phone(app).get(f"/e/{event.slug}/signup?lang=en").get_data(as_text=True)
    assert db.session.query(Signup).count() == 0


def test_past_its_closing_time_the_sign_up_is_closed(app):
    event = _event()
    signups.set_settings(event, True, 2, None, [], closes_at="2000-01-01T00:00")
    db.session.commit()
    assert _sign_up(_phone(app), event, "あお").status_code == 422
    page = _phone(app).get(f"/e/{event.slug}/signup?lang=en").get_data(as_text=True)
    assert 'data-testid="signup-closed"' in page and db.session.query(Signup).count() == 0


def test_bad_input_is_said_next_to_its_field_and_markup_stays_text(app):
    event = _event(cap=None, team_size=3, questions=["X (Twitter)"])
    phone = _phone(app)
    answer = _sign_up(phone, event, "", **{"lang": "en"})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'id="err-name"' in body and 'aria-invalid="true" aria-describedby="err-name"' in body
    answer = _sign_up(phone, event, "チーム", **{"member-1": "a", "member-2": "b"})
    assert answer.status_code == 422 and 'id="err-members"' in answer.get_data(as_text=True)
    answer = _sign_up(phone, event, "<script>x</script>", **{f"member-{i}": f"m{i}" for i in (1, 2, 3)},
                      **{"q-1": "@me"})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "<script>x</script>" not in body and "&lt;script&gt;" in body
    assert event.entrants[0].info["answers"] == {"X (Twitter)": "@me"}
    assert [m.name for m in event.entrants[0].members] == ["m1", "m2", "m3"]
    again = _sign_up(_phone(app, "203.0.113.9"), event, "<SCRIPT>x</SCRIPT>",
                     **{f"member-{i}": f"n{i}" for i in (1, 2, 3)})
    assert again.status_code == 422 and 'id="err-name"' in again.get_data(as_text=True)


def test_a_thousand_sign_ups_from_one_address_are_refused_after_the_cap_and_others_still_sign_up(app):
    event = _event(cap=None)
    flood = _phone(app, "192.0.2.66")
    codes = [_sign_up(flood, event, f"bot{i}").status_code for i in range(1000)]
    assert codes[:signups.PER_ADDRESS] == [200] * signups.PER_ADDRESS
    assert set(codes[signups.PER_ADDRESS:]) <= {422, 429} and codes[-1] == 429
    assert db.session.query(Signup).count() == signups.PER_ADDRESS
    started = time.monotonic()
    other = _sign_up(_phone(app, "203.0.113.10"), event, "ふつうの人")
    assert time.monotonic() - started < 2  # not slowed by the flood (it is one request, as any other)
    assert other.status_code == 200 and "ふつうの人" in [e.name for e in event.entrants]


def test_the_signed_up_page_shows_the_personal_link_and_keeps_it_on_the_phone(app):
    event = _event()
    phone = _phone(app)
    answer = _sign_up(phone, event, "あお")
    link = re.search(r'href="[^"]*(/e/[^"]+/me/[^"]+)" data-testid="my-link"', answer.get_data(as_text=True))
    assert link and "HttpOnly" in answer.headers["Set-Cookie"]
    assert phone.get(f"/e/{event.slug}/me").status_code == 200
    other = app.test_client()
    assert other.get(f"/e/{event.slug}/me").status_code == 403
    assert other.get(link.group(1)).status_code == 302


def test_after_the_start_a_withdrawal_is_a_logged_entry_of_the_player_and_their_page_says_so(app):
    from webapp.models import Operation
    from webapp.services.matches import brackets

    event = _event(cap=4)
    phones = [_phone(app, f"198.51.100.{i}") for i in range(1, 5)]
    for phone, name in zip(phones, ["あお", "あか", "きいろ", "みどり"], strict=True):
        _sign_up(phone, event, name)
    phase = events.add_phase(event, "本戦", "single_elimination")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    assert phones[0].post(f"/e/{event.slug}/me/withdraw").status_code == 302
    db.session.expire_all()
    aoi = next(e for e in event.entrants if e.name == "あお")
    assert aoi.dq and aoi.info.get("withdrawn")
    op = db.session.query(Operation).filter_by(kind="withdraw").one()
    assert op.device_id == f"player-{aoi.id}" and op.outcome == "applied"
    assert "Withdrew" in phones[0].get(f"/e/{event.slug}/me?lang=en").get_data(as_text=True)


def test_a_mirrored_copy_of_the_event_takes_no_sign_up(app):
    from webapp.mirror.models import MirrorLink
    from webapp.services.entries.access import forget_read_only_events

    event = _event()
    db.session.add(MirrorLink(slug="m1", name="m1", token_hash="0" * 64, event_id=event.id, source="venue-pc"))
    db.session.commit()
    forget_read_only_events()
    answer = _sign_up(_phone(app), event, "あお")
    assert answer.status_code == 302 and db.session.query(Signup).count() == 0


def test_a_higher_cap_gives_the_places_to_the_first_in_line(app):
    event = _event(cap=1)
    for i, name in enumerate(["あお", "あか", "きいろ"]):
        signups.sign_up(event, {"name": name}, f"192.0.2.{i}")
    db.session.commit()
    signups.set_settings(event, True, 2, None, [])
    db.session.commit()
    assert [e.name for e in event.entrants] == ["あお", "あか"]
    assert [s.name for s in signups.waiting(event)] == ["きいろ"]


def test_a_friend_signing_up_on_the_same_phone_is_told_whose_page_the_phone_opens_now(app):
    """Two people on one phone: the second sign-up takes the phone's page over, so the form says so first."""
    event = _event(cap=8)
    phone = _phone(app)
    assert 'data-testid="phone-holds"' not in phone.get(f"/e/{event.slug}/signup").get_data(as_text=True)
    _sign_up(phone, event, "<b>みどり</b>")
    form = phone.get(f"/e/{event.slug}/signup?lang=ja").get_data(as_text=True)
    notice = form[form.index('data-testid="phone-holds"'):][:400]
    assert "&lt;b&gt;みどり&lt;/b&gt; さんの専用ページ" in notice and "<b>" not in notice
    english = phone.get(f"/e/{event.slug}/signup?lang=en").get_data(as_text=True)
    assert "already opens &lt;b&gt;みどり&lt;/b&gt;" in english
