"""A mirrored event in pools, then a top cut, reported to start.gg from the public mirror (issue 39): two taikai
apps (venue and public site) and one start.gg stand-in. The venue linked start.gg while it had the internet
(16 players in 4 pools of 4, each sending 2 on to an 8-player double elimination). Offline to start.gg, it
plays the pools, its sender's pass builds the top cut as start.gg seeds it, and it pushes to the public site;
the public site, linked there by the organiser, pairs the top cut as pushed (never building it) and reports
every set of pools and top cut exactly once; the venue, reconnected, sends nothing twice."""
import random
from datetime import timedelta

import pytest
from mirror_ties import (
    NO_INTERNET,
    T0,
    Pipe,
    checked_standin,
    copy_of,
    link_startgg,
    mirror_link,
    on,
    passes,
    push,
    two_sites,
)
from startgg_event import standin_bodies, taikai_bodies
from startgg_pools import put_pools

from webapp.extensions import db
from webapp.models import MatchRow, Phase, TieId, TieLink, TieReport
from webapp.services.matches import simulate
from webapp.services.setup import events

SLUG = "pools-12"


@pytest.fixture
def sites(tmp_path_factory):
    return two_sites(tmp_path_factory)


@pytest.fixture
def gg():
    with checked_standin("sgg-pools-mirror-token-5e0b", Clock()) as standin:
        yield standin


class Clock:
    """start.gg's clock for its rate limit: a minute and a bit on at each of the sender's passes."""

    def __init__(self):
        self.seconds = 0.0

    def __call__(self) -> float:
        return self.seconds


def _passes(app, gg, start, count: int = 3) -> None:
    for n in range(count):
        gg.clock.seconds += 61
        passes(app, start + timedelta(minutes=2 * n), 1)


def _address(gg) -> str:
    return f"https://www.start.gg/{gg.event['slug']}"


def _venue_event(venue, gg) -> int:
    """The venue links start.gg the day before, online: pools built and paired, the top cut waiting."""
    venue.config["STARTGG_URL"] = gg.url
    with on(venue):
        put_pools(gg, players=16, pools=4, sends=2)
        event = events.create_event("Pools 12", "standard_1on1")
        db.session.commit()
        event_id = event.id
    page = link_startgg(venue, gg, event_id, _address(gg))
    assert "連携しました" in page or "Linked" in page, page
    venue.config["STARTGG_URL"] = NO_INTERNET  # on the day, start.gg cannot be reached from the venue
    return event_id


def _phases(event_id: int) -> list[Phase]:
    return sorted(db.session.query(Phase).filter_by(event_id=event_id), key=lambda p: p.position)


def _play(venue, event_id: int, which: int, share: float, seed: int) -> None:
    """The venue plays on (``which``: 0 the pools, 1 the top cut); its sender's pass waits for start.gg."""
    with on(venue):
        simulate.play_phase(_phases(event_id)[which], random.Random(seed), share)
        db.session.commit()
    passes(venue, T0, 1)  # a top cut whose pools are done is built here, as start.gg seeds it


def _bodies(app) -> dict:
    with on(app):
        return taikai_bodies(db.session.query(TieLink).filter_by(service="startgg").one())


def _states(app) -> dict:
    with on(app):
        return {s: n for s, n in db.session.query(TieReport.state, db.func.count()).group_by(TieReport.state)}


def _top_cut(app, event_id: int) -> tuple:
    """The site's top cut: its status and its matches as they stand (keys, slots, routes)."""
    with on(app):
        top = _phases(event_id)[1]
        rows = db.session.query(MatchRow).join(MatchRow.bracket).filter_by(phase_id=top.id).order_by(MatchRow.key)
        return top.status, [(m.key, m.winner_to, m.loser_to, m.status) for m in rows]


def _paired_top_cut(app, event_id: int) -> int:
    with on(app):
        top = _phases(event_id)[1]
        mark = db.session.query(TieId).filter_by(kind="paired", local=str(top.id)).one_or_none()
        return int(mark.remote) if mark else 0


def _link_the_copy(public, gg, copy_id: int) -> None:
    """The organiser links the mirrored copy on the public site (the token never came in a push)."""
    page = link_startgg(public, gg, copy_id, _address(gg))
    assert ("Linked" in page or "連携しました" in page) and gg.token not in page, page


@pytest.mark.parametrize("linked", ["during the pools", "after the top cut was pushed"])
def test_pools_and_a_top_cut_played_offline_are_reported_from_the_mirror_once(sites, gg, linked):
    venue, public = sites
    event_id = _venue_event(venue, gg)
    pipe, token = Pipe(public), mirror_link(public, SLUG)
    _play(venue, event_id, 0, 0.5, 21)
    assert push(venue, pipe, event_id, token) == "ok"
    copy_id = copy_of(public, SLUG)
    if linked == "during the pools":
        _link_the_copy(public, gg, copy_id)
        _passes(public, gg, T0)
        decided = {k: v for k, v in _bodies(venue).items() if v}
        assert decided and {k: v for k, v in standin_bodies(gg).items() if k in decided} == decided

    # The pools end at the venue; its pass builds the top cut offline; part of it is played, then pushed.
    _play(venue, event_id, 0, 1.0, 22)
    assert _top_cut(venue, event_id)[0] == "running" and _paired_top_cut(venue, event_id)
    _play(venue, event_id, 1, 0.4, 23)
    assert push(venue, pipe, event_id, token) == "ok"
    if linked != "during the pools":
        _link_the_copy(public, gg, copy_id)
    _passes(public, gg, T0 + timedelta(hours=1), 4)
    assert _top_cut(public, copy_id)[1] == _top_cut(venue, event_id)[1]  # the venue's, as pushed: never built here
    assert _paired_top_cut(public, copy_id) == _paired_top_cut(venue, event_id)
    decided = {k: v for k, v in _bodies(venue).items() if v}
    assert {k: v for k, v in standin_bodies(gg).items() if k in decided} == decided

    # The top cut ends at the venue and is pushed: start.gg holds every set, each reported once.
    _play(venue, event_id, 1, 1.0, 24)
    assert push(venue, pipe, event_id, token) == "ok"
    _passes(public, gg, T0 + timedelta(hours=2), 4)
    venue_bodies = _bodies(venue)
    assert standin_bodies(gg) == venue_bodies and _bodies(public) == venue_bodies
    reported = [str(v["setId"]) for v in gg.mutations("reportBracketSet")]
    assert sorted(reported) == sorted(k for k, v in venue_bodies.items() if v)
    assert set(venue_bodies) == {str(s) for s in gg.sets}  # every set of pools and top cut, the reset too

    # The venue reconnects: every set already holds its result, so nothing more is sent.
    before = [c for c in gg.calls if "mutation" in c["query"]]
    venue.config["STARTGG_URL"] = gg.url
    _passes(venue, gg, T0.replace(hour=14), 6)
    assert [c for c in gg.calls if "mutation" in c["query"]] == before
    assert set(_states(venue)) <= {"same", "sent"} and set(_states(public)) <= {"same", "sent"}
    assert standin_bodies(gg) == _bodies(venue)
    assert pipe.bodies and not any(gg.token in body for body in pipe.bodies)
