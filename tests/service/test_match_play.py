"""Whole scripted matches through the service layer (operations → rules → bracket)."""
from play_support import member_ids, send, team_event, win

from webapp.extensions import db
from webapp.models import MatchRow, Operation
from webapp.services.matches import play


def _start(match, a_first=0, b_first=0):
    assert send(match, "coin_toss", winner="a", choice="stage").outcome == "applied"
    a, b = member_ids(match, "a"), member_ids(match, "b")
    assert send(match, "name_player", side="a", member_id=a[a_first], blind=True).outcome == "applied"
    assert send(match, "name_player", side="b", member_id=b[b_first], blind=True).outcome == "applied"
    return a, b


def test_a4_and_b5_double_ko_at_two_all_gives_a_the_match(app):
    _, match = team_event()
    a, b = _start(match)
    for nxt in b[1:4]:                      # A1 beats B1..B3
        assert win(match, "a").outcome == "applied"
        send(match, "name_player", side="b", member_id=nxt)
    for nxt in a[1:4]:                      # B4 beats A1..A3
        assert win(match, "b").outcome == "applied"
        send(match, "name_player", side="a", member_id=nxt)
    win(match, "a")                         # A4 beats B4
    send(match, "name_player", side="b", member_id=b[4])
    outcome = send(match, "report_game", winner=None, rounds_a=2, rounds_b=2, double_ko=True)
    assert outcome.outcome == "applied"
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == row.slot_a


def test_both_fifth_players_double_ko_is_replayed(app):
    _, match = team_event()
    a, b = _start(match)
    for nxt in a[1:5]:
        win(match, "b")
        send(match, "name_player", side="a", member_id=nxt)
    for nxt in b[1:5]:
        win(match, "a")
        send(match, "name_player", side="b", member_id=nxt)
    send(match, "report_game", winner=None, rounds_a=2, rounds_b=2, double_ko=True, stage="Arena")
    state = play.state_of(db.session.get(MatchRow, match.id))
    assert not state.finished and state.prompt().replay["stage"] == "Arena"
    assert win(match, "b", 2, stage="Arena").outcome == "applied"
    assert db.session.get(MatchRow, match.id).winner_id == match.slot_b


def test_absent_member_still_absent_when_fourth_falls_disqualifies(app):
    _, match = team_event()
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", winner="a", choice="stage")
    assert send(match, "roll_call", absent_a=[a[1]], absent_b=[]).outcome == "applied"
    send(match, "name_player", side="a", member_id=a[0], blind=True)
    send(match, "name_player", side="b", member_id=b[0], blind=True)
    for nxt in (a[2], a[3], a[4]):
        win(match, "b")
        send(match, "name_player", side="a", member_id=nxt)
    win(match, "b")   # A's 4th player present falls; the absent member never came
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == row.slot_b


def test_win_with_undeclared_character_change_is_voided(app):
    _, match = team_event()
    a, b = _start(match)
    assert win(match, "a", char_a="デビル仁").outcome == "applied"
    state = play.state_of(db.session.get(MatchRow, match.id))
    assert state.games[0].voided and state.games[0].winner == "b"


def test_kgp_previous_winner_changing_character_is_rejected_with_the_rule(app):
    _, match = team_event("best_of", "kgp2025", size=1)
    send(match, "report_game", winner="a", rounds_a=2, rounds_b=0, char_a="テリー", char_b="舞")
    outcome = send(match, "report_game", winner="b", rounds_a=1, rounds_b=2, char_a="ロック", char_b="舞")
    assert outcome.outcome == "rejected" and outcome.code == "kgp.winner_changed_character"
    assert "KGP" in outcome.message
    logged = db.session.query(Operation).filter_by(op_id=outcome.op_id).one()
    assert logged.outcome == "rejected"  # kept, with its reason, until a person acts


def test_two_prohibited_acts_lose_the_match_two_nil(app):
    _, match = team_event("best_of", "kgp2025", size=1)
    assert send(match, "penalty", side="a", penalty="prohibited_act", act="pause").outcome == "applied"
    assert send(match, "penalty", side="a", penalty="prohibited_act", act="ps_button").outcome == "applied"
    row = db.session.get(MatchRow, match.id)
    state = play.state_of(row)
    assert row.winner_id == row.slot_b and state.score == (0, 2)


def test_best_of_five_finals_reaches_three(app):
    _, match = team_event("best_of", "kgp2025", size=1, best_of=5)
    for winner in ("a", "b", "a", "b"):
        ra, rb = (2, 1) if winner == "a" else (1, 2)
        assert send(match, "report_game", winner=winner, rounds_a=ra, rounds_b=rb).outcome == "applied"
    assert db.session.get(MatchRow, match.id).status == "ready"
    send(match, "report_game", winner="a", rounds_a=2, rounds_b=0)
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and play.state_of(row).score == (3, 2)


def test_game_after_the_match_is_finished_is_rejected(app):
    _, match = team_event("best_of", "kgp2025", size=1)
    send(match, "report_game", winner="a", rounds_a=2, rounds_b=0)
    send(match, "report_game", winner="a", rounds_a=2, rounds_b=1)
    outcome = send(match, "report_game", winner="a", rounds_a=2, rounds_b=1)
    assert outcome.outcome == "rejected" and outcome.code == "match.finished"


def test_impossible_score_and_malformed_entry_are_rejected(app):
    _, match = team_event("best_of", "kgp2025", size=1)
    assert send(match, "report_game", winner="a", rounds_a=1, rounds_b=0).code == "score.impossible"
    assert send(match, "report_game", winner="a", rounds_a="x", rounds_b=0).code == "op.invalid"


def test_override_by_the_desk_is_logged_with_its_reason(app):
    _, match = team_event("best_of", "kgp2025", size=1)
    outcome = send(match, "override", winner="b", reason="相手の遅刻 (referee)")
    row = db.session.get(MatchRow, match.id)
    assert outcome.outcome == "applied" and row.winner_id == row.slot_b
    assert play.state_of(row).override_reason == "相手の遅刻 (referee)"


def test_same_game_from_two_phones_confirms_different_conflicts(app):
    _, match = team_event("best_of", "kgp2025", size=1)
    first = send(match, "report_game", device="p1", position=0, winner="a", rounds_a=2, rounds_b=1)
    same = send(match, "report_game", device="p2", position=0, winner="a", rounds_a=2, rounds_b=1)
    other = send(match, "report_game", device="p3", position=0, winner="b", rounds_a=0, rounds_b=2)
    assert (first.outcome, same.outcome, other.outcome) == ("applied", "confirmed", "conflict")


def test_naming_from_two_phones_confirms_whether_or_not_they_said_blind(app):
    _, match = team_event()
    send(match, "coin_toss", position=0, winner="a", choice="stage")
    a = member_ids(match, "a")
    first = send(match, "name_player", device="p1", position=1, side="a", member_id=a[0], blind=True)
    second = send(match, "name_player", device="p2", position=1, side="a", member_id=a[0])
    other = send(match, "name_player", device="p3", position=1, side="a", member_id=a[1])
    assert (first.outcome, second.outcome, other.outcome) == ("applied", "confirmed", "conflict")
