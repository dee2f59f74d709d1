"""A bracket page's scores read in bulk (services/reads/match_scores.py) are the scores state_of gives.

match_scores reads the members and day-long DQs of many matches in two queries instead of each
match's entrants by primary key; the score must not change with how it was read: kachinuki
(scores count members), a member disqualified for the day, a match under way, one decided by
the desk without games.
"""
from play_support import member_ids, send, team_event, win

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.accounts import users as accounts
from webapp.services.matches import play
from webapp.services.reads import match_scores
from webapp.services.reads.bracket_view import _score


def _played_day():
    """A 4-team kachinuki: a smoker DQ'd for the day, the desk's result, the final under way."""
    event, first = team_event(teams=4)
    a, b = member_ids(first, "a"), member_ids(first, "b")
    send(first, "coin_toss", winner="a", choice="stage")
    send(first, "name_player", side="a", member_id=a[0], blind=True)
    send(first, "name_player", side="b", member_id=b[0], blind=True)
    send(first, "penalty", side="a", penalty="smoking", note="紙煙草")
    send(first, "name_player", side="a", member_id=a[1])
    for nxt in b[1:]:
        win(first, "a")
        send(first, "name_player", side="b", member_id=nxt)
    win(first, "a")
    desk = accounts.create_user("desk-scores", "desk-pass-123", role="desk")
    db.session.commit()
    other = next(m for m in _matches(event) if m.status == "ready" and first.slot_a not in (m.slot_a, m.slot_b))
    send(other, "record_winner", user=desk, winner=other.slot_a)
    final = next(m for m in _matches(event) if m.status == "ready")
    side = "a" if final.slot_a == first.slot_a else "b"
    send(final, "coin_toss", winner="a", choice="stage")
    send(final, "name_player", side=side, member_id=a[1], blind=True)
    return event


def _matches(event) -> list[MatchRow]:
    return sorted(event.phases[0].brackets[0].matches, key=lambda m: m.id)


def test_bulk_scores_are_the_replayed_scores(app):
    event = _played_day()
    matches = _matches(event)
    one_by_one = {m.id: _score(m) for m in matches if m.actions and not m.walkover}
    play._CACHE.clear()  # noqa: SLF001 - replayed from the rows, not taken from the worker's states
    assert match_scores.scores(event.phases[0], matches) == one_by_one
    assert any(score for score in one_by_one.values())  # the finished kachinuki has a score


def test_bulk_setups_are_setup_for(app, monkeypatch):
    """Each replay starts from the setup play.setup_for makes: the same members in order and the
    same day-long DQs (the final's side bars the smoker; read from the entrant's info)."""
    event = _played_day()
    matches = _matches(event)
    final = next(m for m in matches if m.status == "ready" and m.actions)
    assert play.day_dq_for(final)  # the smoker's DQ reaches the final
    setups, real = {}, match_scores.domain.replay
    monkeypatch.setattr(match_scores.domain, "replay", lambda setup, actions: setups.setdefault(
        id(actions), setup) and real(setup, actions))
    play._CACHE.clear()  # noqa: SLF001
    match_scores.scores(event.phases[0], matches)
    expected = {id(m.actions): play.setup_for(m) for m in matches if m.actions and not m.walkover}
    assert setups == expected and final.id in {m.id for m in matches if id(m.actions) in setups}
