"""Held entries: an entry for a match whose players the server does not know yet waits,
then is applied (same players) or goes to the desk (other players), in arrival order."""
import itertools
import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from phone_entries import submit, submit_many
from play_support import team_event

from webapp.extensions import db
from webapp.models import Conflict, MatchRow, Operation
from webapp.operations import export as oplog
from webapp.operations import held
from webapp.operations.log import stored_outcome

_seq = itertools.count(1)


def _four_players():
    """A 4-player single elimination (KGP 1on1 best of 3): (round-1 matches, final)."""
    event, _ = team_event("best_of", "kgp2025", teams=4, size=1)
    matches = sorted(event.phases[0].brackets[0].matches, key=lambda m: (m.round, m.index))
    return [m for m in matches if m.status == "ready"], next(m for m in matches if m.status == "pending")


def _game(match_id, device, position, winner, slots=None):
    payload = {"winner": winner, "rounds_a": 2 if winner == "a" else 0, "rounds_b": 2 if winner == "b" else 0,
               "position": position}
    if slots:
        payload["slots"] = {"a": slots[0], "b": slots[1]}
    return {"op_id": str(uuid.uuid4()), "device_id": device, "seq": next(_seq), "kind": "report_game",
            "match_id": match_id, "base_version": 1, "payload": payload}


def _match_won(match_id, device, winner, slots=None):
    return [_game(match_id, device, i, winner, slots) for i in range(2)]


def _outcome(op):
    return stored_outcome(db.session.query(Operation).filter_by(op_id=op["op_id"]).one()).outcome


def _winners(round_one, side="a"):
    return [m.slot_a if side == "a" else m.slot_b for m in round_one]


def test_entry_for_a_match_not_ready_is_held_then_applied_in_order(app):
    round_one, final = _four_players()
    slots = _winners(round_one)
    final_ops = _match_won(final.id, "phone-b", "b", slots)
    outcomes = submit_many(final_ops, None)
    assert [o.outcome for o in outcomes] == ["held", "held"]
    assert outcomes[0].code == "held.waiting" and "earlier result" in outcomes[0].message
    assert db.session.get(MatchRow, final.id).actions == []
    assert [r.op_id for r in held.waiting_entries()] == [op["op_id"] for op in final_ops]
    submit_many(_match_won(round_one[0].id, "phone-a", "a"), None)
    assert _outcome(final_ops[0]) == "held"  # the other semi-final is still on a phone
    submit_many(_match_won(round_one[1].id, "phone-a", "a"), None)
    db.session.expire_all()
    assert [_outcome(op) for op in final_ops] == ["applied", "applied"]
    row = db.session.get(MatchRow, final.id)
    assert row.status == "done" and row.winner_id == slots[1] and len(row.actions) == 2
    assert held.waiting_entries() == []


def test_held_entry_sent_again_is_still_held_not_duplicate(app):
    round_one, final = _four_players()
    op = _game(final.id, "phone-b", 0, "a", _winners(round_one))
    assert submit(op, None).outcome == "held"
    assert submit(op, None).outcome == "held"
    assert db.session.query(Operation).filter_by(op_id=op["op_id"]).count() == 1


def test_other_players_reached_the_match_sends_held_entries_to_the_desk(app):
    round_one, final = _four_players()
    named = _winners(round_one)
    final_ops = _match_won(final.id, "phone-b", "a", named)
    submit_many(final_ops, None)
    submit_many(_match_won(round_one[0].id, "phone-a", "b"), None)  # the other player won
    submit_many(_match_won(round_one[1].id, "phone-a", "a"), None)
    db.session.expire_all()
    assert [_outcome(op) for op in final_ops] == ["conflict", "conflict"]
    conflicts = db.session.query(Conflict).order_by(Conflict.id).all()
    assert [c.reason for c in conflicts] == ["players_differ", "players_differ"]
    assert db.session.get(MatchRow, final.id).actions == []  # nothing applied for the wrong players


def test_entry_naming_players_of_a_ready_match_that_differ_is_a_conflict(app):
    round_one, _ = _four_players()
    match = round_one[0]
    op = _game(match.id, "phone-b", 0, "a", (match.slot_b, match.slot_a))
    assert submit(op, None).outcome == "conflict"
    assert db.session.query(Conflict).one().reason == "players_differ"


def test_malformed_named_players_are_rejected_with_the_field(app):
    _, final = _four_players()
    op = _game(final.id, "phone-b", 0, "a")
    op["payload"]["slots"] = {"a": "x"}
    outcome = submit(op, None)
    assert outcome.outcome == "rejected" and outcome.code == "op.invalid" and "slots" in outcome.params["problem"]


def _device_logs(round_one, final):
    """Phone A plays both semi-finals; phone B the final, naming A's winners."""
    semis = _match_won(round_one[0].id, "phone-a", "a") + _match_won(round_one[1].id, "phone-a", "b")
    final_ops = _match_won(final.id, "phone-b", "a", (round_one[0].slot_a, round_one[1].slot_b))
    return semis, final_ops


def _interleave(logs, picks):
    """Merge device logs, each kept in its own order, taking from the log picks choose."""
    queues, out = [list(log) for log in logs], []
    for pick in picks:
        nonempty = [q for q in queues if q]
        if not nonempty:
            break
        out.append(nonempty[pick % len(nonempty)].pop(0))
    return out + [op for q in queues for op in q]


def _batches(ops, sizes):
    out, i = [], 0
    for size in itertools.cycle(sizes or [len(ops)]):
        if i >= len(ops):
            return out
        out.append(ops[i:i + size])
        i += size


def _replay(batches):
    for batch in batches:
        submit_many(batch, None)
    db.session.expire_all()
    return oplog.snapshot()


def _reset():
    from empty_tables import empty_tables
    empty_tables()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.integers(0, 1), max_size=12), sizes=st.lists(st.integers(1, 4), min_size=1, max_size=4))
def test_any_interleaving_of_device_logs_ends_like_the_serial_replay(app, picks, sizes):
    _reset()
    round_one, final = _four_players()
    semis, final_ops = _device_logs(round_one, final)
    serial = _replay([semis, final_ops])
    ids = [m.id for m in (*round_one, final)]
    _reset()
    round_one, final = _four_players()
    assert [m.id for m in (*round_one, final)] == ids  # ids restart: the same matches
    semis = [{**op, "op_id": str(uuid.uuid4())} for op in semis]
    final_ops = [{**op, "op_id": str(uuid.uuid4())} for op in final_ops]
    mixed = _replay(_batches(_interleave([semis, final_ops], picks), sizes))
    assert mixed == serial
    outcomes = {r.outcome for r in db.session.query(Operation)}
    assert outcomes == {"applied"}  # every entry applied once: none left held, none doubled


def test_desk_queue_shows_held_entries_and_both_sides_of_a_players_conflict(app, desk_client):
    round_one, final = _four_players()
    named = _winners(round_one)
    submit_many(_match_won(final.id, "phone-b", "a", named), None)
    page = desk_client.get("/desk/conflicts/").get_data(as_text=True)
    held_html = page.split('data-testid="held-entry">')[1].split("</li>")[0]
    assert "決勝" in held_html and "チームA vs チームB" in held_html
    submit_many(_match_won(round_one[0].id, "phone-a", "b"), None)
    submit_many(_match_won(round_one[1].id, "phone-a", "a"), None)
    page = desk_client.get("/desk/conflicts/").get_data(as_text=True)
    assert 'data-testid="held-entry"' not in page and 'data-testid="players-differ"' in page
    differ = page.split('data-testid="players-differ">')[1].split("</p>")[0]
    assert "チームA" in differ and "チーム3" in differ  # named by the phone; seated on the server


def test_openapi_lists_held_among_the_outcomes(client, app):
    doc = client.get("/sync/openapi.json").get_json()
    assert "held" in doc["components"]["schemas"]["Outcome"]["properties"]["outcome"]["enum"]
