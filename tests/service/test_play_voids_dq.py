"""Day-long DQs across matches, voids that undo entries, the desk's ruling (service level)."""
import uuid

import pytest
from play_support import member_ids, send, team_event, win

from webapp.extensions import db
from webapp.models import Entrant, MatchRow, Operation
from webapp.services.accounts import users as accounts
from webapp.services.decisions import rulings
from webapp.services.matches import play


def _desk(role="desk"):
    user = accounts.create_user(f"{role}-{uuid.uuid4().hex[:6]}", "desk-pass-123", role=role)
    db.session.commit()
    return user


def _seat(match, a_first, b_first, device="phone-1"):
    send(match, "coin_toss", device=device, winner="a", choice="stage")
    send(match, "name_player", device=device, side="a", member_id=a_first, blind=True)
    send(match, "name_player", device=device, side="b", member_id=b_first, blind=True)


def _row(match):
    return db.session.get(MatchRow, match.id)


def test_a_smoker_is_refused_as_first_player_in_the_next_match(app):
    event, first = team_event(teams=4)
    a, b = member_ids(first, "a"), member_ids(first, "b")
    _seat(first, a[0], b[0])
    assert send(first, "penalty", side="a", penalty="smoking", note="紙煙草").outcome == "applied"
    send(first, "name_player", side="a", member_id=a[1])
    for nxt in b[1:]:                            # the team continues: A2 beats all of B
        win(first, "a")
        send(first, "name_player", side="b", member_id=nxt)
    win(first, "a")
    assert _row(first).status == "done" and _row(first).winner_id == first.slot_a
    other = next(m for m in _row(first).bracket.matches if m.status == "ready" and m.id != first.id
                 and first.slot_a not in (m.slot_a, m.slot_b))
    send(other, "record_winner", user=_desk(), winner=other.slot_a)
    final = next(m for m in _row(first).bracket.matches if m.status == "ready")
    side = "a" if final.slot_a == first.slot_a else "b"
    send(final, "coin_toss", winner="a", choice="stage")
    refused = send(final, "name_player", side=side, member_id=a[0], blind=True)
    assert refused.outcome == "rejected" and refused.code == "play.member_dq_for_the_day"
    assert send(final, "name_player", side=side, member_id=a[1], blind=True).outcome == "applied"
    assert play.state_of(_row(final)).prompt().members_in[side] == a[1:]
    dqs = play.day_dqs(event)
    assert [(d["member"], d["penalty"]) for d in dqs] == [("A1", "smoking")]
    play._CACHE.clear()                          # the first match still replays from its log
    assert play.state_of(_row(first)).winner == "a"


def test_case1_the_naming_made_on_the_voided_result_is_undone_and_its_phone_told(app, desk_client, desk_user):
    # /sync/outcomes answers only its own user: the entries are the signed-in desk's.
    _, match = team_event()
    a, b = member_ids(match, "a"), member_ids(match, "b")
    _seat(match, a[0], b[0])
    win(match, "a", device="phone-1", user=desk_user)                             # a1 beats b1
    naming = send(match, "name_player", device="phone-2", user=desk_user, side="b", member_id=b[1])
    void = send(match, "penalty", device="phone-1", user=desk_user, side="a", penalty="undeclared_change", game=0)
    assert void.outcome == "applied"
    state = play.state_of(_row(match))
    assert state.prompt().players == {"a": None, "b": b[0]} and a[0] in state.a.out
    row = db.session.query(Operation).filter_by(op_id=naming.op_id).one()
    assert row.params["undone"]["code"] == "void.undone"
    answer = desk_client.get("/sync/outcomes?device_id=phone-2&lang=en").get_json()["results"]
    told = next(r for r in answer if r["op_id"] == naming.op_id)
    assert told["outcome"] == "applied" and "game 1 was voided" in told["undone"]["message"]
    untouched = desk_client.get("/sync/outcomes?device_id=phone-1").get_json()["results"]
    assert all(r["undone"] is None for r in untouched)


def _a1_wins_all(match):
    a, b = member_ids(match, "a"), member_ids(match, "b")
    _seat(match, a[0], b[0])
    win(match, "a")
    for nxt in b[1:]:
        send(match, "name_player", device="phone-2", side="b", member_id=nxt)
        win(match, "a")
    assert _row(match).status == "done"
    return a, b


def test_case2_waits_for_the_desk_then_replays_from_the_void(app):
    desk = _desk()
    _, match = team_event()
    a, b = _a1_wins_all(match)
    assert send(match, "penalty", side="a", penalty="undeclared_change", game=0).outcome == "applied"
    assert play.state_of(_row(match)).ruling["games"] == [1, 2, 3, 4]
    refused = send(match, "name_player", side="a", member_id=a[1])
    assert refused.outcome == "rejected" and refused.code == "match.ruling_needed"
    referee = _desk("staff")
    assert send(match, "ruling", user=referee, choice="replay").code == "op.desk_only"
    pending = rulings.pending(_row(match).bracket.phase.event)
    assert pending[0]["replay"]["undone_games"] == 4 and pending[0]["keep"]["score"] == (4, 1)
    assert send(match, "ruling", user=desk, choice="replay").outcome == "applied"
    row = _row(match)
    assert row.status == "ready" and row.winner_id is None            # back to play
    state = play.state_of(row)
    assert state.prompt().players == {"a": None, "b": b[0]} and len(state.games) == 1
    undone = db.session.query(Operation).filter(Operation.match_id == match.id).all()
    assert sum(1 for o in undone if (o.params or {}).get("undone")) == 8
    assert send(match, "name_player", side="a", member_id=a[1]).outcome == "applied"


def test_case2_desk_keeps_the_results_with_a_reason(app):
    desk = _desk()
    _, match = team_event()
    _a1_wins_all(match)
    send(match, "penalty", side="a", penalty="undeclared_change", game=0)
    no_reason = send(match, "ruling", user=desk, choice="keep")
    assert no_reason.outcome == "rejected" and no_reason.code == "ruling.reason_required"
    assert send(match, "ruling", user=desk, choice="keep", reason="両チーム合意").outcome == "applied"
    state = play.state_of(_row(match))
    assert state.score == (4, 1) and sorted(state.prompt().must_name) == ["a", "b"]
    assert not any((o.params or {}).get("undone") for o in db.session.query(Operation))


@pytest.mark.parametrize("choice", ["replay", "keep"])
def test_both_rulings_replay_identically_from_the_exported_log(app, tmp_path, choice):
    from flask_migrate import upgrade

    from webapp import create_app
    from webapp.operations import export as oplog
    desk = _desk()
    event, match = team_event(teams=2)
    _a1_wins_all(match)
    send(match, "penalty", side="a", penalty="undeclared_change", game=0)
    send(match, "ruling", user=desk, choice=choice, reason="審判判断")
    path = str(tmp_path / "log.jsonl")
    oplog.export(path)
    before = oplog.snapshot()
    marks = [(o.op_id, o.outcome, (o.params or {}).get("undone")) for o in
             db.session.query(Operation).order_by(Operation.id)]
    other = create_app({"TESTING": True, "SECRET_KEY": "test",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'replay.sqlite3'}"})
    with other.app_context():
        upgrade()
        oplog.replay(path)
        db.session.expire_all()
        assert oplog.snapshot() == before
        assert [(o.op_id, o.outcome, (o.params or {}).get("undone")) for o in
                db.session.query(Operation).order_by(Operation.id)] == marks
        db.session.remove()


def test_day_dq_is_given_again_by_the_replayed_log(app, tmp_path):
    from flask_migrate import upgrade

    from webapp import create_app
    from webapp.operations import export as oplog
    _, match = team_event()
    a, b = member_ids(match, "a"), member_ids(match, "b")
    _seat(match, a[0], b[0])
    send(match, "penalty", side="a", penalty="smoking")
    path = str(tmp_path / "log.jsonl")
    oplog.export(path)
    other = create_app({"TESTING": True, "SECRET_KEY": "test",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'replay.sqlite3'}"})
    with other.app_context():
        upgrade()
        oplog.replay(path)
        entrant = db.session.get(Entrant, match.slot_a)
        assert list(entrant.info["day_dq"]) == [str(a[0])]
        db.session.remove()


def test_the_phone_learns_on_its_next_sync_which_entries_were_undone(desk_client, desk_user):
    # The undone entries are told only to their own person: here the signed-in desk's.
    _, match = team_event()
    a, b = member_ids(match, "a"), member_ids(match, "b")
    _seat(match, a[0], b[0])
    win(match, "a")
    naming = send(match, "name_player", device="phone-2", user=desk_user, side="b", member_id=b[1])
    send(match, "penalty", device="phone-1", side="a", penalty="undeclared_change", game=0)
    op = {"op_id": str(uuid.uuid4()), "device_id": "phone-2", "seq": 99, "kind": "name_player",
          "match_id": match.id, "base_version": _row(match).version,
          "payload": {"side": "a", "member_id": a[1]}}
    body = desk_client.post("/sync/ops?lang=en", json={"device_id": "phone-2", "ops": [op]}).get_json()
    assert body["results"][0]["outcome"] == "applied"
    assert [u["op_id"] for u in body["undone"]] == [naming.op_id]
    assert body["undone"][0]["undone"]["message"].startswith("Undone: game 1 was voided")
    other = desk_client.post("/sync/ops", json={"device_id": "phone-9", "ops": []}).get_json()
    assert other.get("undone", []) == []


def _op(match, kind, position, **payload):
    return {"op_id": str(uuid.uuid4()), "device_id": "phone-1", "seq": 0, "kind": kind, "match_id": match.id,
            "base_version": match.version, "payload": {**payload, "position": position}}


def test_a_day_long_dq_counts_at_once_for_the_teams_next_match_in_the_same_sync_batch(app):
    # A sync batch reads its players' info once, before its first entry (operations/preload): the smoking DQ
    # given by an entry of the batch must be seen by a later entry of the same batch, in another match.
    from phone_entries import submit_many

    from webapp.services.entrants import entrant_lists
    from webapp.services.matches import brackets
    from webapp.services.setup import events
    event = events.create_event("総当たり 喫煙", "tekken7_hiza_5on5", entrant_kind="team", team_size=5)
    entrant_lists.add_entrants(event, [{"name": f"チーム{t}", "seed": n + 1,
                                        "members": [(f"{t}{i}", "") for i in range(1, 6)]}
                                       for n, t in enumerate("ABC")])
    phase = events.add_phase(event, "予選", "round_robin", match_type="kachinuki", best_of=3)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    team_a = next(e for e in event.entrants if e.name == "チームA")
    first, second = [m for m in phase.brackets[0].matches if team_a.id in (m.slot_a, m.slot_b)][:2]
    assert first.status == second.status == "ready"
    side_in = {m.id: "a" if m.slot_a == team_a.id else "b" for m in (first, second)}
    a1, a2 = member_ids(first, side_in[first.id])[:2]
    them = member_ids(first, "b" if side_in[first.id] == "a" else "a")[0]
    side, other = side_in[first.id], "b" if side_in[first.id] == "a" else "a"
    ops = [_op(first, "coin_toss", 0, winner="a", choice="stage"),
           _op(first, "name_player", 1, side=side, member_id=a1, blind=True),
           _op(first, "name_player", 2, side=other, member_id=them, blind=True),
           _op(first, "penalty", 3, side=side, penalty="smoking"),
           _op(second, "coin_toss", 0, winner="a", choice="stage"),
           _op(second, "name_player", 1, side=side_in[second.id], member_id=a1, blind=True),
           _op(second, "name_player", 1, side=side_in[second.id], member_id=a2, blind=True)]  # corrected
    outcomes = submit_many(ops, None)
    assert [o.outcome for o in outcomes[:5]] == ["applied"] * 5, [o.message for o in outcomes]
    assert (outcomes[5].outcome, outcomes[5].code) == ("rejected", "play.member_dq_for_the_day")
    assert outcomes[6].outcome == "applied", outcomes[6].message
    db.session.expire_all()
    assert list(db.session.get(Entrant, team_a.id).info["day_dq"]) == [str(a1)]
