"""Smash stage striking and bans on the players' own phones, attacked by the players themselves:

a report or a strike in a match that is not theirs (the form and the phone's outbox alike), strikes
the order does not have, a stage not on the list, a stage the winner banned, a stage the stage clause
(DSR) bars, and the same game sent from two phones: each refused in words, nothing applied to any
match, nothing held in another player's report."""
import re
import uuid

import pytest
from game_events import form_game, title_event
from report_setups import player_phone

from webapp.extensions import db
from webapp.models import Entrant, MatchRow, PlayerReport
from webapp.services.players import player_links, self_report

DESK = type("Desk", (), {"is_desk": True, "id": None})()


@pytest.fixture
def smash(app):
    """A 4-player Ultimate bracket (best of 3), players reporting their own: (event, match, the other match)."""
    app.config["WTF_CSRF_ENABLED"] = False
    event, match = title_event("ssbu", best_of=3, players=4)
    self_report.save_settings(event, True, "", DESK)
    db.session.commit()
    other = next(m for m in match.bracket.matches if m.status == "ready" and m.id != match.id)
    yield event, match, other
    app.config["WTF_CSRF_ENABLED"] = True


def _state(match_id):
    match = db.session.get(MatchRow, match_id)
    return self_report.state_for(match, self_report.live_report(match))


def _game(match_id, winner="a", **change):
    """The next game as the player's form posts it, with some of its fields changed."""
    db.session.expire_all()
    row, state = db.session.get(MatchRow, match_id), _state(match_id)
    fields = form_game(state.rules, state, "ssbu", winner, len(state.games), row)
    for name, values in change.items():
        fields.setlist(name, values)
    return fields


def _url(event, match, what="op"):
    return f"/e/{event.slug}/me/match/{match.id}/{what}"


def _untouched(*matches):
    db.session.expire_all()
    for match in matches:
        row = db.session.get(MatchRow, match.id)
        assert row.actions == [] and row.winner_id is None and row.version == match.version


def test_a_player_cannot_report_strike_or_confirm_a_match_that_is_not_theirs(app, smash):
    event, match, other = smash
    phone = player_phone(app, event, match.slot_a)
    for what in ("op", "confirm", "dispute"):
        assert phone.post(_url(event, other, what), data=_game(other.id)).status_code == 403
    assert phone.get(_url(event, other, "")[:-1]).status_code == 403
    outbox = {"device_id": "p1", "ops": [{"op_id": str(uuid.uuid4()), "device_id": "p1", "kind": "report_game",
                                          "match_id": other.id, "base_version": other.version,
                                          "payload": {"winner": "a", "rounds_a": 3, "rounds_b": 0,
                                                      "struck": "Battlefield", "stage": "Final Destination"}}]}
    answer = phone.post(f"/e/{event.slug}/me/sync", json=outbox).get_json()["results"][0]
    assert (answer["outcome"], answer["code"]) == ("rejected", "report.not_yours")
    assert "自分の試合" in answer["message"]
    _untouched(match, other)
    assert db.session.query(PlayerReport).count() == 0


def test_a_match_of_another_event_is_not_found(app, smash):
    event, match, _other = smash
    elsewhere, theirs = title_event("ssbu")
    phone = player_phone(app, event, match.slot_a)
    assert phone.post(f"/e/{event.slug}/me/match/{theirs.id}/op", data=_game(theirs.id)).status_code == 404
    _untouched(theirs)


def _refused(phone, event, match, fields, words):
    """The post is answered 422 with the refusal, in words, next to the form."""
    answer = phone.post(_url(event, match), data=fields)
    found = re.search(r'data-testid="problem">([^<]*)<', answer.get_data(as_text=True))
    assert answer.status_code == 422 and found and words in found.group(1), found and found.group(1)
    return found.group(1)


def test_strikes_the_order_does_not_have_are_refused_in_words(app, smash):
    event, match, other = smash
    phone = player_phone(app, event, match.slot_a)
    starters = _state(match.id).rules.stage_striking.starters
    _refused(phone, event, match, _game(match.id, struck=list(starters[:2]), stage=[starters[2]]), "4")
    _refused(phone, event, match, _game(match.id, struck=[starters[0]] * 4, stage=[starters[4]]), "1回")
    _refused(phone, event, match, _game(match.id, banned=list(starters[:2])), "拒否")
    assert db.session.query(PlayerReport).count() == 0 or not self_report.live_report(match).entries
    _untouched(match, other)


@pytest.mark.parametrize("stage", ['<script>alert("stage")</script>', "Battlefield\u200b", "X" * 10_000])
def test_a_stage_not_on_the_list_is_refused_in_words_as_text(app, smash, stage):
    event, match, other = smash
    phone = player_phone(app, event, match.slot_a)
    answer = phone.post(_url(event, match), data=_game(match.id, stage=[stage]))
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'data-testid="problem"' in page and "<script>alert" not in page
    _untouched(match, other)


def test_a_banned_stage_or_one_the_stage_clause_bars_is_refused_in_words(app, smash):
    event, match, other = smash
    phone = player_phone(app, event, match.slot_a)
    assert phone.post(_url(event, match), data=_game(match.id, "a")).status_code == 302
    rules = _state(match.id).rules.stage_striking
    first_stage = _state(match.id).games[0].stage
    banned = [s for s in rules.stages if s != first_stage][:rules.bans]
    _refused(phone, event, match, _game(match.id, "b", banned=banned, stage=[banned[0]]), "拒否")
    _refused(phone, event, match, _game(match.id, "b", stage=["Pokémon Stadium 3"]), "ステージ")
    # Game 2 won by b on b's pick; game 3 is a's pick, and a has won on game 1's stage (DSR).
    assert phone.post(_url(event, match), data=_game(match.id, "b")).status_code == 302
    rules_bans = [s for s in rules.stages if s != first_stage][-rules.bans:]
    _refused(phone, event, match, _game(match.id, "a", banned=rules_bans, stage=[first_stage]), "DSR")
    assert len(self_report.live_report(match).entries) == 2
    _untouched(match, other)


def _two_phones(app, event, entrant_id):
    """Two phones that opened the same player's personal link (one link a player: a new one revokes the old)."""
    token = player_links.issue(db.session.get(Entrant, entrant_id))
    db.session.commit()
    phones = app.test_client(), app.test_client()
    for phone in phones:
        assert phone.get(f"/e/{event.slug}/me/{token}").status_code == 302
    return phones


def test_the_same_game_sent_from_two_phones_is_held_once(app, smash):
    event, match, other = smash
    first, second = _two_phones(app, event, match.slot_a)
    fields = _game(match.id, "a")
    assert first.post(_url(event, match), data=fields).status_code == 302
    _refused(second, event, match, fields, "第1ゲームだけ")  # the same game 1 again: its strikes are game 1's only
    op_id = str(uuid.uuid4())
    body = {"device_id": "p2", "ops": [{"op_id": op_id, "device_id": "p2", "kind": "report_game",
                                        "match_id": match.id, "base_version": match.version,
                                        "payload": {"winner": "b", "rounds_a": 0, "rounds_b": 3}}]}
    answers = [phone.post(f"/e/{event.slug}/me/sync", json=body).get_json()["results"][0]
               for phone in (first, second)]
    assert [a["outcome"] for a in answers] == ["rejected", "rejected"]  # game 2 without its stage
    assert len(self_report.live_report(match).entries) == 1
    opponent = player_phone(app, event, match.slot_b)
    _refused(opponent, event, match, _game(match.id, "b"), "相手")
    assert len(self_report.live_report(match).entries) == 1
    _untouched(match, other)
