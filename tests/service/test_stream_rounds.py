"""Finals to the stream by themselves (issue 38.5): the desk's choice of rounds, honoured by auto-call;
one tap sends a called match to the stream; a grand final reset goes there too, sides kept."""
import uuid

from phone_entries import submit
from play_support import send

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.day import stations, stream_rounds
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events
from webapp.services.stream import match_live, tsh_link

NAMES = ("ときど", "ウメハラ", "ぷげら", "翔")


def _day(desk_user, rounds="finals"):
    event = events.create_event("配信決勝杯", "kgp2025", entrant_kind="player")
    entrants.add_entrants(event, [{"name": n, "seed": i + 1, "members": [(n, "")]} for i, n in enumerate(NAMES)])
    phase = events.add_phase(event, "本戦", "double_elimination", match_type="best_of", best_of=3)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    stations.set_calling(phase, True, None, False, desk_user)
    stations.add_station(event, "1")
    tsh_link.set_hold(stations.add_station(event, "配信", stream=True), "0", desk_user)
    stream_rounds.set_choice(event, rounds, desk_user)
    db.session.commit()
    return event, phase


def _kick(match):
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "set_station", "match_id": match.id,
          "payload": {"station": "1"}}
    submit(op, None)
    db.session.expire_all()


def _ready(phase):
    db.session.expire_all()
    return [m for m in phase.brackets[0].matches if m.status == "ready"]


def _win(match, side):
    for _game in range(2):
        send(db.session.get(MatchRow, match.id), "report_game", winner=side,
             rounds_a=2 if side == "a" else 0, rounds_b=2 if side == "b" else 0)
        db.session.expire_all()


def test_the_grand_final_and_its_reset_go_to_the_stream_and_keep_sides(desk_user):
    event, phase = _day(desk_user)
    _kick(_ready(phase)[0])  # the first call; auto-call fills the rest
    finals = []
    for _step in range(10):
        on = [m for m in _ready(phase) if m.station]
        if not on:
            break
        match = on[0]
        if match.side == "GF":
            assert match.station == "配信", "a grand final is never called to an ordinary station"
            stream_rounds.set_choice(event, "", desk_user)  # the reset follows its first final anyway
            db.session.commit()
            live = match_live.live_state(match, "en")
            finals.append((match.round, live.a.entrant_id, live.b.entrant_id))
        _win(match, "b" if (match.side == "GF" and match.round == 1) else "a")
    assert [f[0] for f in finals] == [1, 2]
    assert finals[0][1:] == finals[1][1:]  # the stream keeps each player's side for the reset


def test_top8_takes_the_winners_final_and_nothing_is_chosen_without_a_choice(app):
    from play_support import team_event
    _event, match = team_event("best_of", "kgp2025", teams=4, size=1)
    semis = [m for m in match.bracket.matches if m.side == "W" and m.round == 1]
    assert all(stream_rounds.chosen(m, "top8") for m in semis)  # a 4-player single elimination: all top 8
    assert not any(stream_rounds.chosen(m, "") for m in semis)
    final = next(m for m in match.bracket.matches if m.side == "W" and m.round == 2)
    assert stream_rounds.chosen(final, "finals") and not stream_rounds.chosen(semis[0], "finals")


def test_one_tap_cancels_a_call_and_sends_the_match_to_the_stream(desk_client, desk_user):
    event, phase = _day(desk_user, rounds="")
    first, second = _ready(phase)[:2]
    _kick(first)  # auto-call: the other first-round match goes to the stream station
    on_one = next(m for m in _ready(phase) if m.station == "1")
    on_stream = next(m for m in _ready(phase) if m.station == "配信")
    _win(on_stream, "a")  # the stream station is free again
    board = desk_client.get(f"/desk/e/{event.id}/stations?lang=en").get_data(as_text=True)
    assert "Cancel and send to the stream" in board
    desk_client.post(f"/desk/match/{on_one.id}/to-stream")
    moved = db.session.get(MatchRow, on_one.id)
    assert moved.station == "配信"  # the free stream station took it, not station 1 again
    assert second.id in (first.id, second.id)


def test_only_the_final_bracket_counts_never_a_pool(desk_user):
    event, phase = _day(desk_user, rounds="top8")
    assert stream_rounds.final_bracket(event) is phase.brackets[0]
    events.add_phase(event, "決勝", "single_elimination", match_type="best_of", best_of=3)
    db.session.commit()
    assert stream_rounds.final_bracket(event) is None  # the first phase is a pool stage now
    stream_rounds.queue_chosen(event)
    assert all(m.stream_rank is None for m in phase.brackets[0].matches)
