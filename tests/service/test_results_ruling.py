"""I5 — a match waiting for a desk ruling is not decided: its winner does not advance until the ruling."""
import uuid

from play_support import member_ids, send, team_event, win

from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.services.accounts import users as accounts
from webapp.services.matches import brackets


def _row(match):
    return db.session.get(MatchRow, match.id)


def _desk():
    user = accounts.create_user(f"desk-{uuid.uuid4().hex[:6]}", "desk-pass-123", role="desk")
    db.session.commit()
    return user


def _a_wins_all(match):
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", winner="a", choice="stage")
    send(match, "name_player", side="a", member_id=a[0], blind=True)
    send(match, "name_player", side="b", member_id=b[0], blind=True)
    win(match, "a")
    for nxt in b[1:]:
        send(match, "name_player", side="b", member_id=nxt)
        win(match, "a")
    assert _row(match).status == "done"


def _final(match):
    return db.session.get(MatchRow, next(m.id for m in _row(match).bracket.matches if m.key == _row(match).winner_to[0]))


def test_a_void_waiting_for_the_ruling_takes_the_result_back_until_the_desk_keeps_it(app):
    desk = _desk()
    _, match = team_event(teams=4)
    _a_wins_all(match)
    winner = _row(match).winner_id
    assert winner in (_final(match).slot_a, _final(match).slot_b)
    assert send(match, "penalty", side="a", penalty="undeclared_change", game=0).outcome == "applied"
    row = _row(match)
    assert row.status == "ready" and row.winner_id is None            # not decided while it waits
    assert winner not in (_final(match).slot_a, _final(match).slot_b)  # and its winner has not advanced
    assert send(match, "ruling", user=desk, choice="keep", reason="両チーム合意").outcome == "applied"
    assert _row(match).status == "ready"        # kept games: A1 is out (voided), B's last member plays on
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "name_player", side="a", member_id=a[1])
    send(match, "name_player", side="b", member_id=b[0])
    win(match, "a")
    assert _row(match).status == "done" and _row(match).winner_id == winner
    assert winner in (_final(match).slot_a, _final(match).slot_b)


def test_the_void_waiting_for_a_ruling_restarts_the_next_match_in_progress(app):
    _, match = team_event(teams=4)
    _a_wins_all(match)
    other = next(m for m in _row(match).bracket.matches if m.status == "ready")
    brackets.record_winner(other, other.slot_a)
    db.session.commit()
    final = _final(match)
    started = send(final, "coin_toss", device="phone-9", winner="a", choice="stage")
    assert started.outcome == "applied"
    assert send(match, "penalty", side="a", penalty="undeclared_change", game=0).outcome == "applied"
    assert _final(match).actions == [] and _final(match).status == "pending"
    assert db.session.query(Operation).filter_by(op_id=started.op_id).one().undone
