"""A day with a stream station, held against each TSH generation's own handlers (tests/support/tsh_board.py).

A 5on5 team match goes first on the stream station, then a 1-on-1 double elimination of four
players with auto-call on, every match on the stream, its grand final won by the losers-side
player and then the reset. After each match TSH's scoreboard must have shown exactly its players,
characters, round and final score, with no member of an earlier team left in a slot; a 2022 TSH
(which has no way to take players) still gets each round and score.
"""
import uuid

import pytest
from phone_entries import submit
from play_support import send, team_event
from tsh_standin import (
    StandIn,
    pushing,  # noqa: F401 (a fixture, asked for by name)
)

from webapp.extensions import db
from webapp.models import MatchRow, Station
from webapp.services.day import stations
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events
from webapp.services.stream import match_live, tsh_link

GENERATIONS = ("2022", "2023", "numbered")
NAMES = ("ときど", "ウメハラ", "ぷげら", "翔")
CHARS = {"ときど": ("ケン", "Ken"), "ウメハラ": ("リュウ", "Ryu"), "ぷげら": ("春麗", "Chun-Li"), "翔": ("ジュリ", "Juri")}


def _call(match, station):
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "set_station", "match_id": match.id,
          "payload": {"station": station}}
    assert submit(op, None).outcome == "applied"
    db.session.expire_all()


def _link(event, tsh, desk_user, name="配信") -> Station:
    station = stations.add_station(event, name, stream=True)
    station.stream_hold = 0  # this day moves on at once: the final score must still reach TSH first
    tsh_link.link(station, tsh.url, "en", user=desk_user)
    db.session.commit()
    return station


def _de_day(desk_user):
    event = events.create_event("配信テスト杯", "kgp2025", entrant_kind="player")
    event.game = "sf6"
    entrants.add_entrants(event, [{"name": n, "seed": i + 1, "members": [(n, "")]} for i, n in enumerate(NAMES)])
    phase = events.add_phase(event, "本戦", "double_elimination", match_type="best_of", best_of=3)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    stations.set_calling(phase, True, None, False, desk_user)
    db.session.commit()
    return event, phase


def _on_stream(phase) -> MatchRow | None:
    db.session.expire_all()
    return next((m for m in phase.brackets[0].matches if m.status == "ready" and m.station == "配信"), None)


def _name(entrant_id) -> str:
    from webapp.models import Entrant
    return db.session.get(Entrant, entrant_id).name


def _play(match, winner_side: str) -> dict:
    """Two games to winner_side, each player on their character; what TSH must have shown at the end."""
    a, b = _name(match.slot_a), _name(match.slot_b)
    for _game in range(2):
        send(db.session.get(MatchRow, match.id), "report_game", winner=winner_side, rounds_a=2 if winner_side == "a" else 0,
             rounds_b=2 if winner_side == "b" else 0, char_a=CHARS[a][0], char_b=CHARS[b][0])
        db.session.expire_all()
    live = match_live.live_state(db.session.get(MatchRow, match.id), "en")
    a, b = live.a.name, live.b.name  # the sides as the stream has them (a reset keeps the first final's)
    return {"match": live.round, "score": (live.a.score, live.b.score), "losers": (live.a.losers, live.b.losers),
            "players": ([("", a, CHARS[a][1])], [("", b, CHARS[b][1])])}


def _shown(history: list[dict], want: dict, players: bool) -> bool:
    for board in history:
        same = (board["match"], (board["team1"]["score"], board["team2"]["score"]),
                (board["team1"]["losers"], board["team2"]["losers"])) == (want["match"], want["score"], want["losers"])
        if same and (not players or (board["team1"]["players"], board["team2"]["players"]) == want["players"]):
            return True
    return False


def _team_match_first(tsh, desk_user, pushing):
    event, match = team_event()  # a 5on5 kachinuki
    _link(event, tsh, desk_user, "配信T")
    _call(match, "配信T")
    assert pushing.wait_idle(10)
    return event


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_stream_day_puts_the_right_board_on_every_generation(app, pushing, desk_user, generation):
    with StandIn(generation, game="sf6") as tsh:
        _team_match_first(tsh, desk_user, pushing)
        if generation != "2022":
            team_board = tsh.board(1).shown()
            assert [p[:2] for p in team_board["team1"]["players"]] == [("チームA", f"A{n}") for n in range(1, 6)]
        event, phase = _de_day(desk_user)
        _link(event, tsh, desk_user)
        first = next(m for m in phase.brackets[0].matches if m.status == "ready")
        _call(first, "配信")
        played = []
        for _step in range(8):
            match = _on_stream(phase)
            if match is None:
                break
            assert pushing.wait_idle(10)
            # a grand final: the losers-side player (slot b) takes the first, then the reset goes to a
            winner = "b" if (match.side == "GF" and match.round == 1) else "a"
            played.append(_play(match, winner))
            assert pushing.wait_idle(10)
        assert len(played) == 7  # W1 x2, W final, L1, L final, grand final, reset
        assert played[6]["players"] == played[5]["players"]  # the reset keeps each player's side
        history = tsh.history
        for want in played:
            assert _shown(history, want, players=generation != "2022"), (generation, want)
        if generation != "2022":  # the 1-on-1 slots never kept a team member or prefix
            for board in history[history.index(next(b for b in history if b["match"] == played[0]["match"])):]:
                assert len(board["team1"]["players"]) == 1 and board["team1"]["players"][0][0] == ""
        assert [c for c in tsh.calls if c[3] >= 400] == [] or generation != "numbered"
        station = db.session.query(Station).filter_by(event_id=event.id).one()
        assert (station.tsh_api, station.tsh_failed_at) == (generation, None)
