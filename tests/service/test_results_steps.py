"""I2 — an entry is applied at the step its phone put it, or not at all (issue 16's examples).

I3 — every entry has exactly one final outcome; applied entries appear once, in phone order.
"""
import itertools
import uuid

from phone_entries import submit, submit_many
from play_support import team_event

from webapp.extensions import db
from webapp.models import Conflict, MatchRow, Operation
from webapp.services.decisions import conflicts

_seq = itertools.count(1)


def _op(match, kind, position, device="phone-1", **payload):
    return {"op_id": str(uuid.uuid4()), "device_id": device, "seq": next(_seq), "kind": kind,
            "match_id": match.id, "base_version": 1, "payload": {**payload, "position": position}}


def _game(match, position, winner, a, b, device="phone-1"):
    return _op(match, "report_game", position, device, winner=winner, rounds_a=a, rounds_b=b)


def _send(*ops):
    outcomes = [submit(op, None) for op in ops]
    db.session.expire_all()
    return outcomes


def _row(match):
    return db.session.get(MatchRow, match.id)


def _logged(op):
    return db.session.query(Operation).filter_by(op_id=op["op_id"]).one()


def _bo5():
    return team_event("best_of", "kgp2025", size=1, best_of=5)[1]


def test_game_2_and_3_arriving_before_game_1_wait_and_go_in_at_their_own_steps(app):
    match = _bo5()
    g1, g2, g3 = _game(match, 0, "a", 2, 0), _game(match, 1, "b", 1, 2), _game(match, 2, "a", 2, 1)
    early = _send(g2, g3)
    assert [o.outcome for o in early] == ["held", "held"] and early[0].code == "held.earlier_entries"
    assert _row(match).actions == []
    assert _send(g1)[0].outcome == "applied"
    games = [(x["winner"], x["rounds_a"], x["rounds_b"]) for x in _row(match).actions]
    assert games == [("a", 2, 0), ("b", 1, 2), ("a", 2, 1)]          # the phone's order, nothing shifted
    assert [_logged(op).outcome for op in (g1, g2, g3)] == ["applied"] * 3


def test_a_penalty_made_after_game_1_that_arrives_first_waits_for_it(app):
    match = _bo5()
    game = _game(match, 0, "a", 2, 1)
    penalty = _op(match, "penalty", 1, side="b", penalty="prohibited_act", act="pause")
    assert _send(penalty)[0].outcome == "held"
    assert _send(game)[0].outcome == "applied"
    assert [x["kind"] for x in _row(match).actions] == ["report_game", "penalty"]
    assert _logged(penalty).outcome == "applied"
    assert db.session.query(Conflict).count() == 0


def test_an_entry_after_a_refused_one_is_a_conflict_shown_beside_it_and_a_corrected_resend_goes_in(app):
    match = _bo5()
    g1 = _game(match, 0, "a", 2, 0)
    bad = _game(match, 1, "a", 1, 0)                 # an impossible score: refused
    g3 = _game(match, 2, "b", 0, 2)                  # made after it on the same phone
    assert _send(g1, g3)[1].outcome == "held"        # arrives before the refused one
    refused, = _send(bad)
    assert refused.outcome == "rejected" and refused.code == "score.impossible"
    follower = _logged(g3)
    assert (follower.outcome, follower.code) == ("conflict", "conflict.follows_refused")
    assert len(_row(match).actions) == 1             # never moved into the refused one's place
    conflict = db.session.query(Conflict).filter_by(operation_id=follower.id).one()
    shown = conflicts.describe(conflict)
    assert shown["other"].op_id == bad["op_id"]      # both entries side by side
    assert shown["recorded"]["entry"] == {"winner": "a", "rounds_a": 1, "rounds_b": 0}
    fixed = _game(match, 1, "a", 2, 1)               # the referee corrects and resends step 2
    assert _send(fixed)[0].outcome == "applied"
    assert [(x["winner"], x["rounds_a"]) for x in _row(match).actions] == [("a", 2), ("a", 2)]


def test_a_later_entry_of_a_phone_after_its_refused_one_is_a_conflict_even_when_it_arrives_in_order(app):
    match = _bo5()
    outcomes = _send(_game(match, 0, "a", 2, 0), _game(match, 1, "a", 1, 0), _game(match, 2, "b", 0, 2),
                     _game(match, 3, "b", 0, 2))
    assert [o.outcome for o in outcomes] == ["applied", "rejected", "conflict", "conflict"]
    assert len(_row(match).actions) == 1


def test_another_phones_twin_confirms_and_a_resent_held_entry_is_still_held_then_final_once(app):
    match = _bo5()
    g1, g2 = _game(match, 0, "a", 2, 0), _game(match, 1, "b", 1, 2)
    assert _send(g2)[0].outcome == "held"
    assert _send(g2)[0].outcome == "held"            # a resend of a held entry may answer held again
    assert _send(g1)[0].outcome == "applied"
    twin = _game(match, 0, "a", 2, 0, device="phone-2")
    assert _send(twin)[0].outcome == "confirmed"
    again = _send(g2)[0]
    assert again.outcome == "duplicate" and _logged(g2).outcome == "applied"
    assert db.session.query(Operation).filter_by(op_id=g2["op_id"]).count() == 1
    assert len(_row(match).actions) == 2


def test_in_one_batch_an_early_entry_then_its_refused_predecessor_ends_as_a_conflict(app):
    match = _bo5()
    _send(_game(match, 0, "a", 2, 0))
    g3, bad, g4 = _game(match, 2, "b", 0, 2), _game(match, 1, "a", 1, 0), _game(match, 3, "b", 0, 2)
    outcomes = submit_many([g4, g3, bad], None)
    db.session.expire_all()
    assert [o.outcome for o in outcomes] == ["held", "held", "rejected"]
    assert [_logged(op).code for op in (g3, g4)] == ["conflict.follows_refused"] * 2  # decided in the batch
    assert len(_row(match).actions) == 1
