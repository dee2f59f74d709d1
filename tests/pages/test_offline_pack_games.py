"""The offline pack as a staff phone downloads it (/sync/pack) carries each game already played with its
step, winner and score: the pack-built match page replays them, so a set begun online goes on offline at
the right game (static/js/offline_pack.js; test_offline_after_online_games.py on the phone)."""
import uuid

from game_events import staff_client, title_event
from phone_entries import submit

STARTERS = ["Battlefield", "Final Destination", "Pokémon Stadium 2", "Smashville", "Town and City"]


def _game(match, position, **payload):
    outcome = submit({"op_id": str(uuid.uuid4()), "device_id": "phone", "kind": "report_game", "match_id": match.id,
                      "payload": dict(payload, position=position)}, None)
    assert outcome.outcome == "applied", outcome


def _packed(client, event, match):
    pack = client.get(f"/sync/pack/{event.id}").get_json()
    return next(m for p in pack["phases"] for b in p["brackets"] for m in b["matches"] if m["id"] == match.id)


def test_the_games_played_carry_their_step_winner_and_score(client):
    event, match = title_event("sf6", best_of=5)
    _game(match, 0, winner="a", rounds_a=2, rounds_b=1, char_a="リュウ", char_b="ケン")
    _game(match, 1, winner="b", rounds_a=0, rounds_b=2, char_a="リュウ", char_b="ケン")
    packed = _packed(staff_client(client, event), event, match)
    assert packed["actions"] == 2 and packed["best_of"] == 5 and packed["status"] == "ready"
    assert [(p["kind"], p["position"], p["winner"], p["rounds_a"], p["rounds_b"], p["double_ko"])
            for p in packed["plays"]] == [("report_game", 0, "a", 2, 1, False), ("report_game", 1, "b", 0, 2, False)]
    assert {(p["char_a"], p["char_b"]) for p in packed["plays"]} == {("リュウ", "ケン")}


def test_a_stock_game_carries_its_stocks_and_stage(client):
    event, match = title_event("ssbu")
    _game(match, 0, winner="a", rounds_a=3, rounds_b=0, struck="|".join(STARTERS[:4]), stage=STARTERS[4])
    (played,) = _packed(staff_client(client, event), event, match)["plays"]
    assert (played["winner"], played["rounds_a"], played["rounds_b"], played["stage"], played["side_a"]) == \
        ("a", 3, 0, "Town and City", "")


def test_a_team_match_carries_its_toss_roll_call_players_and_penalties(client):
    """What the phone's model steps through besides games (match_model.js): a kachinuki's toss, roll call, the
    players named, a late arrival and a penalty, each at its step with the fields the model reads."""
    from play_support import member_ids, send, team_event
    event, match = team_event()
    a, b = member_ids(match, "a"), member_ids(match, "b")
    entries = [("coin_toss", {"winner": "a", "choice": "stage"}), ("roll_call", {"absent_a": [], "absent_b": [b[4]]}),
               ("name_player", {"side": "a", "member_id": a[0]}), ("name_player", {"side": "b", "member_id": b[0]}),
               ("arrive", {"side": "b", "member_id": b[4]}), ("penalty", {"side": "b", "penalty": "smoking"})]
    for n, (kind, fields) in enumerate(entries):
        assert send(match, kind, position=n, **fields).outcome == "applied"
    plays = _packed(staff_client(client, event), event, match)["plays"]
    assert [(p["kind"], p["position"]) for p in plays] == [(kind, n) for n, (kind, _) in enumerate(entries)]
    assert (plays[1]["absent_b"], plays[4]["member_id"]) == ([b[4]], b[4])
    assert {k: plays[5][k] for k in ("side", "penalty", "member_id")} == {"side": "b", "penalty": "smoking", "member_id": None}
