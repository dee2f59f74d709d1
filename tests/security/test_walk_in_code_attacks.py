"""The walk-in sign-up through the reception's rotating code, attacked from the venue's one address:

- an old code, another event's code or a code of letters no code has is refused in words (never taken
  quietly as an ordinary sign-up, never a 500) and nothing is kept;
- a stranger guessing codes waits (429, in words) and locks no one out: a walk-in with the reception's
  code, and a sign-up without any code, from the same address still go through;
- a name with markup stays text, one with an invisible character or of 10 KB is refused naming the rule;
- the same phone signing the same name up twice is refused; a second person on that phone gets their own
  link and never acts as the first.
"""
import time

import pytest
from report_setups import player_phone

from webapp.extensions import db
from webapp.models import Entrant, PlayerReport, Signup
from webapp.services.matches import brackets
from webapp.services.players import self_checkin, signup_codes, signups
from webapp.services.setup import events

VENUE = "203.0.113.77"  # the venue wifi's one public address


@pytest.fixture(autouse=True)
def _fresh_limits(app):
    app.config["WTF_CSRF_ENABLED"] = False
    app.extensions["taikai_limiter"].reset()
    app.config["SIGNUP_DEVICE_WAIT"] = 0
    yield
    app.extensions["taikai_limiter"].reset()
    app.config.pop("SIGNUP_DEVICE_WAIT")
    app.config["WTF_CSRF_ENABLED"] = True


def _event(desk_user, name="スマブラ週末大会 #32"):
    event = events.create_event(name, "kgp2025")
    signups.set_settings(event, True, 64, None, [])
    signup_codes.set_on(event, True, desk_user)
    db.session.commit()
    return event


def _phone(app, event):
    """A phone on the venue wifi that opened the sign-up page (its device cookie issued)."""
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = VENUE
    assert phone.get(f"/e/{event.slug}/signup").status_code == 200
    return phone


def _sign_up(phone, event, name, code):
    return phone.post(f"/e/{event.slug}/signup", data={"name": name, "code": code})


def _old(event) -> str:
    return signup_codes.current(event, time.time() - 3 * signup_codes.ROTATE)


@pytest.mark.parametrize("which", ["old", "other event", "wide letters", "kana", "10 KB", "markup"])
def test_a_code_that_is_not_valid_now_is_refused_in_words_and_nothing_is_kept(app, desk_user, which):
    event, other = _event(desk_user), _event(desk_user, "別の大会")
    code = {"old": _old(event), "other event": signup_codes.current(other), "wide letters": "ＡＢＣ１２３",
            "kana": "あいうえおか", "10 KB": "Z" * 10_000, "markup": "<b>1</b>"}[which]
    answer = _sign_up(_phone(app, event), event, "遅れた人", code)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "この受付コードは今は使えません" in page and "<b>1</b>" not in page
    assert db.session.query(Signup).count() == 0


def test_the_code_typed_in_wide_letters_is_the_code(app, desk_user):
    event = _event(desk_user)
    wide = signup_codes.current(event).translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})
    assert _sign_up(_phone(app, event), event, "全角で打った人", wide.lower()).status_code == 200


def test_a_stranger_guessing_codes_waits_and_locks_no_walk_in_out(app, desk_user):
    event = _event(desk_user)
    stranger = _phone(app, event)
    answers = [_sign_up(stranger, event, f"guess{i}", f"{i:06X}") for i in range(25)]
    assert [a.status_code for a in answers].count(422) == 20 and answers[-1].status_code == 429
    waiting = answers[-1]
    assert "使えない受付コードが多すぎます" in waiting.get_data(as_text=True) and waiting.headers["Retry-After"]
    walk_in = _sign_up(_phone(app, event), event, "本物の参加者", signup_codes.current(event))
    assert walk_in.status_code == 200
    no_code = _phone(app, event).post(f"/e/{event.slug}/signup", data={"name": "コードなしの人"})
    assert no_code.status_code == 200  # the address's sign-ups were not used up by the guesses
    assert sorted(s.name for s in db.session.query(Signup)) == ["コードなしの人", "本物の参加者"]


def test_the_21st_wrong_code_in_ten_minutes_from_one_address_waits_and_another_address_signs_up(app, desk_user):
    """WRONG_CODE_RATE (20 per 10 minutes per address) throttles: the 21st wrong code from one address is a worded
    429 (Japanese, then English) whose wait is within the window; a right code from another address goes through,
    and that address's own wrong code is still only a 422."""
    from webapp.web.signup_gate import WRONG_CODE_RATE
    assert (WRONG_CODE_RATE.amount, WRONG_CODE_RATE.get_expiry()) == (20, 600)
    event = _event(desk_user)
    stranger = _phone(app, event)
    assert {_sign_up(stranger, event, f"guess{i}", f"{i:06X}").status_code for i in range(20)} == {422}
    ja = stranger.post(f"/e/{event.slug}/signup?lang=ja", data={"name": "guess20", "code": "ZZZZZZ"})
    assert ja.status_code == 429 and 0 < int(ja.headers["Retry-After"]) <= 600
    assert "使えない受付コードが多すぎます" in ja.get_data(as_text=True)
    en = stranger.post(f"/e/{event.slug}/signup?lang=en", data={"name": "guess21", "code": "ZZZZZZ"})
    assert en.status_code == 429 and "reception codes that are not valid" in en.get_data(as_text=True)
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "198.51.100.60"
    assert elsewhere.get(f"/e/{event.slug}/signup").status_code == 200
    assert _sign_up(elsewhere, event, "別回線の人", "ZZZZZZ").status_code == 422
    assert _sign_up(elsewhere, event, "別回線の参加者", signup_codes.current(event)).status_code == 200
    assert [s.name for s in db.session.query(Signup)] == ["別回線の参加者"]


@pytest.mark.parametrize("name, words", [
    ("山田\u200b", "見えない"), ("\u202e田山", "見えない"), ("山" * 10_000, "120"), ("名\x07前", "制御文字")])
def test_a_name_with_invisible_characters_or_of_10_kb_is_refused_naming_the_rule(app, desk_user, name, words):
    event = _event(desk_user)
    answer = _sign_up(_phone(app, event), event, name, signup_codes.current(event))
    assert answer.status_code == 422 and words in answer.get_data(as_text=True)
    assert db.session.query(Signup).count() == 0


def test_a_name_with_markup_stays_text_on_every_page(app, desk_client, desk_user):
    event = _event(desk_user)
    name = '<img src=x onerror=alert(1)>'
    done = _sign_up(_phone(app, event), event, name, signup_codes.current(event))
    assert done.status_code == 200
    pages = [done, desk_client.get(f"/desk/e/{event.id}/signup"), desk_client.get(f"/desk/e/{event.id}"),
             app.test_client().get(f"/e/{event.slug}/players?q=img")]
    for page in pages:
        body = page.get_data(as_text=True)
        assert page.status_code == 200 and name not in body
    assert all("&lt;img src=x" in p.get_data(as_text=True) for p in pages[:3])


def test_the_same_phone_signing_the_same_name_up_twice_is_refused(app, desk_user):
    event = _event(desk_user)
    phone = _phone(app, event)
    assert _sign_up(phone, event, "二度押し", signup_codes.current(event)).status_code == 200
    again = _sign_up(phone, event, "二度押し", signup_codes.current(event))
    assert again.status_code == 422 and "二度押し" in again.get_data(as_text=True)
    assert db.session.query(Entrant).filter_by(event_id=event.id).count() == 1


def test_a_second_person_on_the_same_phone_never_acts_as_the_first(app, desk_user):
    event = _event(desk_user)
    phone = _phone(app, event)
    code = signup_codes.current(event)
    assert _sign_up(phone, event, "一人目", code).status_code == 200
    first = db.session.query(Entrant).filter_by(name="一人目").one()
    for n in range(2, 5):  # others to play against
        assert _sign_up(_phone(app, event), event, f"他{n}", code).status_code == 200
    assert _sign_up(phone, event, "二人目", code).status_code == 200
    mine = phone.get(f"/e/{event.slug}/me").get_data(as_text=True)
    assert "二人目" in mine and "一人目" not in mine
    second = db.session.query(Entrant).filter_by(name="二人目").one()
    # Seeds 1 and 2 sit in opposite halves: the unseeded draw is random and would pair the two
    # now and then, and then the phone rightly sees the match as its own.
    first.seed, second.seed = 1, 2
    phase = events.add_phase(event, "本戦", "single_elimination")
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    theirs = next(m for m in phase.brackets[0].matches if first.id in (m.slot_a, m.slot_b))
    assert second.id not in (theirs.slot_a, theirs.slot_b)
    assert phone.get(f"/e/{event.slug}/me/match/{theirs.id}").status_code == 403
    refused = phone.post(f"/e/{event.slug}/me/match/{theirs.id}/op", data={"kind": "report_game", "winner": "a"})
    assert refused.status_code == 403 and db.session.query(PlayerReport).count() == 0
    assert "一人目" in player_phone(app, event, first.id).get(f"/e/{event.slug}/me").get_data(as_text=True)


WIDE_DIGITS = {c: c + 0xFEE0 for c in range(0x30, 0x3A)}


@pytest.mark.parametrize("form, status", [("wide", 302), ("zero width", 302), ("arabic", 422), ("10 KB", 422)])
def test_a_self_check_in_code_in_other_digits_is_an_answer_not_a_500(app, desk_user, form, status):
    event = _event(desk_user)
    assert _sign_up(_phone(app, event), event, "受付前", signup_codes.current(event)).status_code == 200
    entrant = db.session.query(Entrant).one()
    code = self_checkin.new_code(event, desk_user)
    db.session.commit()
    typed = {"wide": code.translate(WIDE_DIGITS), "zero width": code[:2] + "\u200b" + code[2:],
             "arabic": code.translate({ord(d): 0x660 + int(d) for d in "0123456789"}), "10 KB": "x" * 10_000}[form]
    answer = player_phone(app, event, entrant.id).post(f"/e/{event.slug}/me/checkin", data={"code": typed})
    assert answer.status_code == status
    assert db.session.get(Entrant, entrant.id).checked_in == (status == 302)
