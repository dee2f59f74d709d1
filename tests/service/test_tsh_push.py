"""The stream scoreboard fed live: a stream station's match pushed to TournamentStreamHelper.

Against a stand-in of TSH's web server (tests/support/tsh_standin.py) that records the requests as
TSH's documented endpoints take them: the calls and their order are asserted exactly.
"""
import socket
import time
import uuid

import pytest
from phone_entries import submit
from play_support import send, team_event
from tsh_standin import (
    StandIn,
    pushing,  # noqa: F401 (a fixture, asked for by name)
)

from webapp.extensions import db
from webapp.models import Station
from webapp.services import ServiceError
from webapp.services.day import stations
from webapp.services.stream import tsh_link


@pytest.mark.parametrize("url,kept", [
    ("http://192.168.1.20:5000/", "http://192.168.1.20:5000"), ("http://10.0.0.5:5000", "http://10.0.0.5:5000"),
    ("https://172.16.3.4", "https://172.16.3.4"), ("http://127.0.0.1:5000", "http://127.0.0.1:5000"),
    ("http://[fd12:3456::20]:5000", "http://[fd12:3456::20]:5000"), ("", "")])
def test_lan_addresses_are_kept(url, kept):
    assert tsh_link.check_url(url) == kept


@pytest.mark.parametrize("url,code", [
    ("http://8.8.8.8:5000", "tsh.lan"), ("https://example.com", "tsh.url"), ("ftp://192.168.1.2", "tsh.url"),
    ("http://user:pw@192.168.1.2:5000", "tsh.url"), ("http://192.168.1.2:5000/score", "tsh.url"),
    ("javascript:alert(1)", "tsh.url"), ("http://0.0.0.0:5000", "tsh.lan"), ("http://224.0.0.1", "tsh.lan"),
    ("http://192.168.1.2:99999", "tsh.url"), ("http://192.168.1.2\n:5000", "tsh.url"),
    ("http://169.254.169.254", "tsh.lan"), ("http://169.254.169.254:80", "tsh.lan"), ("http://[fd00:ec2::254]", "tsh.lan"),
    ("http://[fe80::1]:5000", "tsh.lan"), ("http://[::ffff:169.254.169.254]", "tsh.lan"), ("http://100.64.0.1", "tsh.lan")])
def test_other_addresses_are_refused_with_the_rule(url, code):
    with pytest.raises(ServiceError) as refused:
        tsh_link.check_url(url)
    assert refused.value.code == code


def test_only_a_stream_station_links_tsh(app, desk_user):
    event, _match = team_event("best_of", "kgp2025", size=1)
    station = stations.add_station(event, "1")
    with pytest.raises(ServiceError) as refused:
        tsh_link.link(station, "http://192.168.1.20:5000", user=desk_user)
    assert refused.value.code == "tsh.stream_only"


def _call(match, station):
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "set_station", "match_id": match.id,
          "payload": {"station": station}}
    assert submit(op, None).outcome == "applied"
    db.session.expire_all()


def _sf6_match():
    event, match = team_event("best_of", "kgp2025", size=1, best_of=3)
    event.game = "sf6"
    db.session.commit()
    return event, match


def _slot(tag, prefix="", mains=None):
    return {"gamerTag": tag, "prefix": prefix, "name": "", "mains": mains or {}}


FRAME = [("GET", "/scoreboard1-reset-match", ()), ("GET", "/scoreboard1-reset-players", ()),
         ("GET", "/scoreboard1-set", (("best-of", "3"), ("phase", "本戦"), ("match", "Final"), ("players", "1"))),
         ("POST", "/scoreboard1-update-team-1-1", _slot("チームA")),
         ("POST", "/scoreboard1-update-team-2-1", _slot("チームB")),
         ("POST", "/score", {"team1score": 0, "team2score": 0, "scoreboard": 1})]


def test_a_call_sends_the_match_and_a_game_sends_score_and_characters(app, pushing, desk_user):
    event, match = _sf6_match()
    with StandIn("numbered") as tsh:
        station = stations.add_station(event, "配信", stream=True)
        tsh_link.link(station, tsh.url, "en", user=desk_user)
        db.session.commit()
        _call(match, "配信")
        assert tsh.wait_for(6) == FRAME
        assert send(match, "report_game", winner="a", rounds_a=2, rounds_b=1, char_a="リュウ", char_b="ケン").outcome == "applied"
        assert tsh.wait_for(9)[6:] == [
            ("POST", "/scoreboard1-update-team-1-1", _slot("チームA", mains={"sf6": [["Ryu"]]})),
            ("POST", "/scoreboard1-update-team-2-1", _slot("チームB", mains={"sf6": [["Ken"]]})),
            ("POST", "/score", {"team1score": 1, "team2score": 0, "scoreboard": 1})]
        send(match, "report_game", winner="a", rounds_a=2, rounds_b=0, char_a="リュウ", char_b="ケン")
        assert tsh.wait_for(10)[9:] == [("POST", "/score", {"team1score": 2, "team2score": 0, "scoreboard": 1})]
        assert pushing.wait_idle(5) and len(tsh.sent()) == 10
        shown = tsh.board(1).shown()
        assert (shown["match"], shown["team1"]["score"], shown["team2"]["score"]) == ("Final", 2, 0)
        assert shown["team1"]["players"] == [("", "チームA", "Ryu")]
        assert shown["team2"]["players"] == [("", "チームB", "Ken")]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_unreachable_tsh_is_noted_once_retried_and_never_blocks_a_result(app, pushing, desk_user):
    event, match = _sf6_match()
    port = _free_port()
    station = stations.add_station(event, "配信", stream=True)
    tsh_link.link(station, f"http://127.0.0.1:{port}", "en", user=desk_user)
    db.session.commit()
    _call(match, "配信")  # applied at once, whatever TSH does
    assert pushing.wait_idle(5)
    db.session.rollback()  # a new read: the pusher committed in its own session
    failed = db.session.get(Station, station.id)
    assert failed.tsh_failed_at is not None and failed.tsh_error
    with StandIn("numbered", port) as tsh:  # TSH comes up: the retry sends the whole match
        assert tsh.wait_for(6) == FRAME
        assert pushing.wait_idle(5)
    db.session.rollback()
    assert db.session.get(Station, station.id).tsh_failed_at is None


def test_a_database_gone_after_a_results_commit_keeps_the_result_answered(app, pushing, monkeypatch):
    """The nudge reads the linked stations after the commit: the server gone by then (a restart,
    issue 41.6) is logged, and the entry is answered as kept — no 500 for a kept result."""
    from sqlalchemy.exc import OperationalError

    from webapp.stream import pusher as pusher_module

    _event, match = _sf6_match()

    def server_gone(*_args, **_kwargs):
        raise OperationalError("SELECT station.id", {}, Exception("server closed the connection unexpectedly"))

    real_session = pusher_module.db.session
    monkeypatch.setattr(pusher_module, "db", type("Db", (), {"select": staticmethod(db.select), "session": type(
        "S", (), {"scalars": staticmethod(server_gone), "remove": staticmethod(real_session.remove)})}))
    assert send(match, "report_game", winner="a", rounds_a=2, rounds_b=1).outcome == "applied"


def test_a_team_match_sends_each_member_with_the_team_as_prefix(app):
    from webapp.services.setup import game_catalogue
    from webapp.services.stream import match_live, tsh_plan

    event, match = team_event()  # kachinuki, five members a side, each with a registered character
    event.game = "tekken7"
    db.session.commit()
    live = match_live.live_state(match, "ja")
    calls = tsh_plan.plan(live, None, game_catalogue.event_title(event))
    assert ("players", "5") in calls[2].query
    members = [c for c in calls if c.path.startswith("/scoreboard1-update-team-1-")]
    assert [c.path for c in members] == [f"/scoreboard1-update-team-1-{n}" for n in range(1, 6)]
    assert members[0].json() == {"gamerTag": "A1", "prefix": "チームA", "name": "", "mains": {"tekken7": [["Kazuya"]]}}
    assert tsh_plan.plan(live, live, None) == []  # nothing changed: nothing sent


def test_tsh_follows_the_station_to_the_next_call(app, pushing, desk_user):
    from webapp.models import Entrant, MatchRow
    from webapp.services.matches import brackets

    event, _first = team_event("best_of", "kgp2025", teams=4, size=1, best_of=3)
    first, second = [m for m in event.phases[0].brackets[0].matches if m.status == "ready"][:2]
    with StandIn("numbered") as tsh:
        station = stations.add_station(event, "配信", stream=True)
        tsh_link.link(station, tsh.url, "en", user=desk_user)
        db.session.commit()
        _call(first, "配信")
        assert tsh.wait_for(6)[2][2][2] == ("match", "Semifinals")
        from webapp.database import write_transaction
        with write_transaction(db.session):  # as a request writes: the pusher thread writes the station meanwhile
            brackets.record_winner(db.session.get(MatchRow, first.id), first.slot_a)
        _call(second, "配信")
        calls = tsh.wait_for(12)[6:]
        assert calls[:2] == [("GET", "/scoreboard1-reset-match", ()), ("GET", "/scoreboard1-reset-players", ())]
        assert calls[3] == ("POST", "/scoreboard1-update-team-1-1", _slot(db.session.get(Entrant, second.slot_a).name))
        assert calls[5] == ("POST", "/score", {"team1score": 0, "team2score": 0, "scoreboard": 1})


def test_a_slow_tsh_holds_up_no_other_station_nor_any_result(app, pushing, desk_user):
    """One TSH answering a byte a second (issue 35.8): another event's station is pushed at once,
    a result is saved at once, and the slow one is cut off by its whole-call deadline, in words."""
    app.config["TSH_ROUND_SECONDS"] = 3.0
    slow_event, slow_match = _sf6_match()
    fast_event, fast_match = _sf6_match()
    with StandIn("numbered", slow=True) as slow, StandIn("numbered") as fast:
        slow_station = stations.add_station(slow_event, "配信", stream=True)
        tsh_link.link(slow_station, slow.url, "en", user=desk_user)
        tsh_link.link(stations.add_station(fast_event, "配信", stream=True), fast.url, "en", user=desk_user)
        db.session.commit()
        _call(slow_match, "配信")
        started = time.monotonic()
        _call(fast_match, "配信")
        assert fast.wait_for(6, timeout=5.0) == FRAME
        assert time.monotonic() - started < 2.5  # the slow one's round takes 3 s: this one did not wait
        started = time.monotonic()
        assert send(slow_match, "report_game", winner="a", rounds_a=2, rounds_b=1).outcome == "applied"
        assert time.monotonic() - started < 2.0  # the result never waits for TSH
        assert pushing.wait_idle(15)
        app.config.pop("TSH_ROUND_SECONDS")
        db.session.rollback()
        failing = db.session.get(Station, slow_station.id)
        assert failing.tsh_failed_at is not None and failing.tsh_error == "slow"


def test_the_probe_finds_each_generation_and_a_missing_scoreboard_is_said_in_words(app, pushing, desk_user):
    """A numbered TSH without the station's scoreboard answers 500: the badge says so; a server
    that is not TSH at all is named as such."""
    from webapp.stream import tsh_http, tsh_probe

    for generation in ("2022", "2023", "numbered"):
        with StandIn(generation) as tsh:
            assert tsh_probe.detect(tsh.url, 1, time.monotonic() + 5) == generation
    event, match = _sf6_match()
    with StandIn("numbered", boards=1) as tsh:
        station = stations.add_station(event, "配信", stream=True)
        tsh_link.link(station, tsh.url, "en", user=desk_user, scoreboard=3)
        db.session.commit()
        _call(match, "配信")
        assert pushing.wait_idle(5)
        db.session.rollback()
        failing = db.session.get(Station, station.id)
        assert failing.tsh_error == "http500" and "different TSH version" in tsh_link.problem_words(failing)
        assert tsh.sent() == [("GET", "/scoreboard3-reset-match", ())]  # nothing more after the 500
    with pytest.raises(tsh_http.TshProblem) as refused:
        tsh_http.call(f"http://127.0.0.1:{_free_port()}", "GET", "/characters", time.monotonic() + 2)
    assert refused.value.reason == "refused"
