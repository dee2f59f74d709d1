"""The desk corrects one game's score (issue 28, trap 5): the rules re-check the match so played,
a kept winner changes only that game, a flipped one reopens downstream as a corrected result
does (I1), and the entry replays from the log."""
import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_support import send, team_event
from replay_support import empty_app  # noqa: F401 - the fixture

from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.operations import export as oplog
from webapp.services.accounts import users as accounts
from webapp.services.decisions import corrections
from webapp.services.matches import brackets
from webapp.views.desk import match_history


def _row(match):
    return db.session.get(MatchRow, match.id)


def _game(match, side, score=(2, 0), **kw):
    a, b = score if side == "a" else score[::-1]
    return send(match, "report_game", winner=side, rounds_a=a, rounds_b=b, **kw)


def _fix(match, user, game, a, b, reason="審判の記入ミス", **kw):
    winner = "a" if a > b else "b" if b > a else None
    payload = {"game": game, "rounds_a": a, "rounds_b": b, "reason": reason, **kw}
    if winner:
        payload["winner"] = winner
    return send(match, "correct_game", user=user, device="desk", **payload)


def _played(sides, user):
    """A KGP best-of-3 first-round match played with these game winners (2–0 each)."""
    _, match = team_event("best_of", "kgp2025", size=1, teams=8)
    for side in sides:
        assert _game(match, side, user=user).outcome == "applied"
    return _row(match)


def _scores(match):
    return [(a["rounds_a"], a["rounds_b"], a["winner"]) for a in match.actions if a["kind"] == "report_game"]


def test_a_correction_keeping_the_winner_changes_only_that_game(app, desk_user):
    match = _played("aa", desk_user)
    winner, before = match.winner_id, [dict(a) for a in match.actions]
    outcome = _fix(match, desk_user, 2, 2, 1)
    assert outcome.outcome == "applied", outcome.message
    after = _row(match)
    assert after.winner_id == winner and after.status == "done"
    assert _scores(after) == [(2, 0, "a"), (2, 1, "a")]
    assert after.actions[:-1] == before[:-1]
    with app.test_request_context():
        history = match_history.lines(after, corrections.history(after), {})
    assert history[-1]["words"] == "第2ゲームを訂正: 2–0 → 2–1（審判の記入ミス）"


def test_a_flipped_winner_reopens_downstream_like_a_corrected_result(app, desk_user):
    first = _played("aba", desk_user)
    old, new = first.slot_a, first.slot_b
    nxt = next(m for m in first.bracket.matches if m.key == first.winner_to[0])
    partner = next(m for m in first.bracket.matches if m.winner_to and m.winner_to[0] == nxt.key and m.id != first.id)
    brackets.record_winner(partner, partner.slot_a)
    db.session.commit()
    nxt = _row(nxt)
    started = _game(nxt, "a" if nxt.slot_a != old else "b", device="phone-2", user=desk_user, position=0)
    assert started.outcome == "applied"
    outcome = _fix(first, desk_user, 3, 1, 2)
    assert outcome.outcome == "applied" and outcome.code == "bracket.restarted"
    assert _row(first).winner_id == new
    after = _row(nxt)
    assert new in (after.slot_a, after.slot_b) and old not in (after.slot_a, after.slot_b) and after.actions == []
    assert db.session.query(Operation).filter_by(op_id=started.op_id).one().undone


def test_refused_in_words_when_the_match_would_have_no_winner_or_the_rules_refuse(app, desk_user):
    match = _played("aa", desk_user)
    before = (match.version, [dict(a) for a in match.actions])
    no_winner = _fix(match, desk_user, 1, 0, 2)
    assert no_winner.outcome == "rejected" and "nobody has won" in no_winner.message
    unknown = _fix(match, desk_user, 3, 2, 1)
    assert unknown.outcome == "rejected" and no_winner.message != unknown.message
    assert _fix(match, desk_user, 1, 2, 1, reason=" ").outcome == "rejected"
    after = _row(match)
    assert (after.version, after.actions) == before


def test_a_game_correction_replays_from_the_log(app, desk_user, empty_app, tmp_path):  # noqa: F811
    match = _played("aba", desk_user)
    assert _fix(match, desk_user, 3, 1, 2).outcome == "applied"
    assert _fix(_row(match), desk_user, 1, 2, 1).outcome == "applied"
    path = str(tmp_path / "log.jsonl")
    oplog.export(path)
    before = oplog.snapshot()
    with empty_app.app_context():
        oplog.replay(path)
        db.session.expire_all()
        assert oplog.snapshot() == before
        db.session.remove()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sides=st.sampled_from(["aa", "bb", "aba", "bab", "abb", "baa"]), data=st.data())
def test_property_a_kept_winner_touches_nothing_but_that_game(app, sides, data):
    # the examples share the test's tables: a fresh name each time (a drawn number repeats, often 0)
    desk = accounts.create_user(f"desk-{uuid.uuid4().hex[:12]}", "desk-pass-123", role="desk")
    match = _played(sides, desk)
    number = data.draw(st.integers(1, len(sides)))
    game = _scores(match)[number - 1]
    loser_rounds = 1  # every game was recorded 2–0: 2–1 keeps its winner
    a, b = (2, loser_rounds) if game[2] == "a" else (loser_rounds, 2)
    winner, others = match.winner_id, [x for i, x in enumerate(_scores(match)) if i != number - 1]
    assert _fix(match, desk, number, a, b).outcome == "applied"
    after = _row(match)
    assert after.winner_id == winner
    assert [x for i, x in enumerate(_scores(after)) if i != number - 1] == others
    assert _scores(after)[number - 1] == (a, b, game[2])
