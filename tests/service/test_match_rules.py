"""Match rules chosen by the organiser: a custom event's settings reach every match, online and
through /sync/ops; the desk's rules page saves them; a 3on3 point-format team event set up from
the desk's forms starts and plays to a result."""
import uuid

from play_support import member_ids, send
from rules_setups import add_phase_at_desk, create_at_desk, flash

from webapp.extensions import db
from webapp.models import Event, MatchRow, Phase
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.setup.rules import rules_for


def _start(desk_client, phase) -> MatchRow:
    answer = desk_client.post(f"/desk/phase/{phase.id}/start")
    assert answer.status_code == 302, flash(answer)
    db.session.expire_all()
    phase = db.session.get(Phase, phase.id)
    return next(m for m in phase.brackets[0].matches if m.status == "ready")


def _rules(desk_client, event, **form):
    return desk_client.post(f"/desk/e/{event.id}/rules", data=form)


def _players(event, n=2):
    added = entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, n + 1)])
    for entrant in added:
        entrant.checked_in = True   # the start's check-in gate lets them through
    db.session.commit()


def test_a_custom_event_uses_the_standard_rules_and_charges_nothing(desk_client):
    event = create_at_desk(desk_client, entrant_kind="player")
    assert event.ruleset == "standard_1on1"
    _players(event)
    assert all(not (e.info or {}).get("due_yen") for e in event.entrants)
    assert not rules_for(event).acts


def test_a_tekken_8_like_event_records_a_3_2_game_online(desk_client):
    event = create_at_desk(desk_client, entrant_kind="player")
    answer = _rules(desk_client, event, preset="standard_1on1", rounds_to_win="3", best_of=["3", "5"],
                    character_rule="loser_changes", stage_rule="none", side_rule="agreement", double_ko="nobody")
    assert answer.status_code == 302, flash(answer)
    _players(event)
    match = _start(desk_client, add_phase_at_desk(desk_client, event))
    assert "3" in desk_client.get(f"/staff/m/{match.id}?lang=en").get_data(as_text=True)
    done = send(match, "report_game", position=0, winner="a", rounds_a=3, rounds_b=2)
    assert done.outcome == "applied", done.message
    refused = send(match, "report_game", position=1, winner="a", rounds_a=2, rounds_b=1)
    assert refused.outcome == "rejected" and refused.code == "score.impossible"


def test_a_3_2_game_through_sync_ops(desk_client, app):
    event = create_at_desk(desk_client, entrant_kind="player")
    _rules(desk_client, event, preset="standard_1on1", rounds_to_win="3", best_of=["3"],
           character_rule="free", stage_rule="agreement", side_rule="agreement", double_ko="nobody")
    _players(event)
    match = _start(desk_client, add_phase_at_desk(desk_client, event))
    ops = [{"op_id": str(uuid.uuid4()), "device_id": "phone-x", "seq": i + 1, "kind": "report_game",
            "match_id": match.id, "base_version": 1,
            "payload": {"winner": "a", "rounds_a": 3, "rounds_b": 2, "position": i}} for i in range(2)]
    answer = desk_client.post("/sync/ops", json={"device_id": "phone-x", "ops": ops})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert [r["outcome"] for r in answer.get_json()["results"]] == ["applied", "applied"]
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).status == "done"


def test_a_3on3_point_format_event_from_the_desk_plays_to_a_result(desk_client):
    event = create_at_desk(desk_client, entrant_kind="team", team_size="3")
    assert event.ruleset == "standard_team"
    rows = [{"name": f"チーム{t}", "seed": i + 1, "members": [(f"{t}{n}", "") for n in (1, 2, 3)]}
            for i, t in enumerate("AB")]
    for entrant in entrants.add_entrants(event, rows):
        entrant.checked_in = True
    db.session.commit()
    match = _start(desk_client, add_phase_at_desk(desk_client, event, match_type="point_format", best_of="3"))
    a, b = member_ids(match, "a"), member_ids(match, "b")
    pos = 0
    for n, winners in ((0, "aa"), (1, "bab"), (2, "aa")):
        for side, ids in (("a", a), ("b", b)):
            assert send(match, "name_player", position=pos, side=side, member_id=ids[n]).outcome == "applied"
            pos += 1
        for w in winners:
            out = send(match, "report_game", position=pos, winner=w, rounds_a=2 if w == "a" else 0,
                       rounds_b=2 if w == "b" else 1)
            assert out.outcome == "applied", (out.code, out.message)
            pos += 1
    db.session.expire_all()
    done = db.session.get(MatchRow, match.id)
    assert done.status == "done" and done.winner_id == match.slot_a
    public = desk_client.get(f"/m/{match.id}?lang=ja").get_data(as_text=True)
    assert "A1" in public and "B3" in public
    phase = done.bracket.phase
    bracket = desk_client.get(f"/e/{event.slug}/phase/{phase.id}?lang=ja")
    assert bracket.status_code == 200 and "チームA" in bracket.get_data(as_text=True)


def test_a_team_with_a_substitute_imports_and_plays_when_the_rules_allow(desk_client):
    from webapp.services.entrants import entrant_import
    event = create_at_desk(desk_client, entrant_kind="team", team_size="2")
    sheet = "チームA,1,A1,,A2,,A3,\nチームB,2,B1,,B2,\n"
    refused = desk_client.post(f"/desk/e/{event.id}/entrants?lang=en", data={"entrants": sheet})
    assert refused.status_code == 422 and "found 3" in flash(refused)
    answer = _rules(desk_client, event, preset="standard_team", substitutes="1", decider="on")
    assert answer.status_code == 302, flash(answer)
    db.session.expire_all()
    event = db.session.get(Event, event.id)
    entrant_import.apply(event, entrant_import.plan(event, sheet), None)
    for entrant in event.entrants:
        entrant.checked_in = True
    db.session.commit()
    match = _start(desk_client, add_phase_at_desk(desk_client, event, match_type="point_format", best_of="1"))
    a = member_ids(match, "a")
    assert len(a) in (2, 3)
    assert send(match, "name_player", position=0, side="a", member_id=a[-1]).outcome == "applied"


def test_the_offline_pack_carries_the_built_rules(desk_client):
    from webapp.services.reads import offline_pack
    event = create_at_desk(desk_client, entrant_kind="team", team_size="3")
    _rules(desk_client, event, preset="standard_team", rounds_to_win="3", best_of=["3"], character_rule="free",
           double_ko="replayed", decider="off", penalty_name=["ポーズ", "乱入"], penalty_effect=["round", "dq_day"],
           penalty_key=["", ""])
    for entrant in entrants.add_entrants(event, [{"name": f"T{i}", "seed": i, "members": [(f"M{i}{n}", "") for n in "123"]}
                                                for i in (1, 2)]):
        entrant.checked_in = True
    db.session.commit()
    match = _start(desk_client, add_phase_at_desk(desk_client, event, match_type="point_format"))
    pack = offline_pack.pack(db.session.get(Event, event.id), str)
    assert (pack["rounds_to_win"], pack["double_ko"]) == (3, True)
    rules = next(m for p in pack["phases"] for b in p["brackets"] for m in b["matches"] if m["id"] == match.id)["rules"]
    assert (rules["rounds_to_win"], rules["character_rule"], rules["double_ko"]) == (3, "free", "replayed")
    assert (rules["team_size"], rules["decider"], rules["games_to_win"]) == (3, False, 2)
    assert rules["penalties"] == [{"kind": "p1", "effect": "round", "does": "round", "name": "ポーズ"},
                                  {"kind": "p2", "effect": "dq_day", "does": "member_out", "name": "乱入"}]
    page = desk_client.get(f"/staff/m/{match.id}?lang=ja").get_data(as_text=True)
    assert "3ラウンド先取" in page and "乱入" in page


def test_the_desk_rules_page_shows_the_rules_in_force(desk_client):
    event = create_at_desk(desk_client, entrant_kind="player")
    _rules(desk_client, event, preset="standard_1on1", rounds_to_win="3", best_of=["3", "5"], entry_fee_yen="1000")
    page = desk_client.get(f"/desk/e/{event.id}/rules?lang=ja").get_data(as_text=True)
    assert "3ラウンド先取" in page and "2本先取 / 3本先取" in page and 'value="1000"' in page
    assert "3ラウンド先取" in desk_client.get(f"/desk/e/{event.id}?lang=ja").get_data(as_text=True)
    _players(event)
    assert all(e.info.get("due_yen") == 1000 for e in db.session.get(Event, event.id).entrants)


def test_the_standard_dq_for_the_day_is_kept_for_the_day(desk_client):
    event = create_at_desk(desk_client, entrant_kind="player")
    _players(event, 4)
    match = _start(desk_client, add_phase_at_desk(desk_client, event))
    out = send(match, "penalty", position=0, side="a", penalty="dq_day")
    assert out.outcome == "applied", out.message
    db.session.expire_all()
    done = db.session.get(MatchRow, match.id)
    assert done.status == "done" and done.winner_id == match.slot_b
    loser = next(e for e in db.session.get(Event, event.id).entrants if e.id == match.slot_a)
    assert [dq["penalty"] for dq in loser.info["day_dq"].values()] == ["dq_day"]
    words = desk_client.get(f"/desk/e/{event.id}?lang=ja").get_data(as_text=True)
    assert "当日すべての試合の失格" in words and "dq_day" not in words.replace('value="dq_day"', "")
