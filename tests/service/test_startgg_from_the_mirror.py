"""start.gg reports sent from the public mirror while the venue has no internet (issue 39): two taikai apps
(venue and public site, a database each) and one start.gg stand-in. The venue linked start.gg the day
before; on the day its pusher reaches the public site through a phone's tether, start.gg does not. The
organiser links the mirrored copy on the public site (the token is never pushed); the public site reports
what the venue pushes; the venue, reconnected, sends nothing twice; a correction reaches start.gg once."""
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
    linked_weekly,
    mirror_link,
    on,
    passes,
    push,
    two_sites,
)
from startgg_event import standin_bodies, taikai_bodies

from webapp.extensions import db
from webapp.models import Phase, TieLink, TieReport
from webapp.services.matches import brackets, simulate

ADDRESS = "https://www.start.gg/tournament/weekly-12/event/ultimate-singles"


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    return two_sites(tmp_path_factory)


@pytest.fixture
def gg():
    with checked_standin("sgg-organiser-token-91d0") as standin:
        yield standin


def _venue_event(venue, gg) -> int:
    """The venue links start.gg while it has the internet: the bracket built from it, paired."""
    event_id, page = linked_weekly(venue, gg, "DOUBLE_ELIMINATION", 8, ADDRESS)
    assert "連携しました" in page or "Linked" in page
    return event_id


def _play_offline(venue, event_id: int, share: float) -> None:
    venue.config["STARTGG_URL"] = NO_INTERNET
    with on(venue):
        simulate.play_phase(db.session.query(Phase).filter_by(event_id=event_id).one(), random.Random(12), share)
        db.session.commit()
    passes(venue, T0, 2)  # the venue's sender tries and waits: start.gg cannot be reached


def _link_on_the_mirror(public, gg, copy_id: int) -> str:
    return link_startgg(public, gg, copy_id, ADDRESS)


def _bodies(app) -> dict:
    with on(app):
        return taikai_bodies(db.session.query(TieLink).filter_by(service="startgg").one())


def _states(app) -> dict:
    with on(app):
        return {s: n for s, n in db.session.query(TieReport.state, db.func.count()).group_by(TieReport.state)}


def _correct_one(venue, event_id: int, decided: dict) -> str:
    """The venue gives a reported set to its loser (no later set played yet), then plays on."""
    with on(venue):
        link = db.session.query(TieLink).filter_by(service="startgg").one()
        set_of = {int(t.local): t.remote for t in link.ids if t.kind == "match"}
        phase = db.session.query(Phase).filter_by(event_id=event_id).one()
        matches = {m.key: m for b in phase.brackets for m in b.matches}
        match = next(m for m in sorted(matches.values(), key=lambda m: m.id) if decided.get(set_of.get(m.id))
                     and all(to is None or matches[to[0]].winner_id is None for to in (m.winner_to, m.loser_to)))
        brackets.correct_winner(match, match.loser_id, cascade=True)
        simulate.play_phase(phase, random.Random(13))
        db.session.commit()
        return set_of[match.id]


def test_the_mirror_reports_what_the_venue_pushed_and_nothing_is_sent_twice(sites, gg):
    venue, public = sites
    event_id = _venue_event(venue, gg)
    _play_offline(venue, event_id, 0.6)
    assert gg.mutations("reportBracketSet") == []
    pipe = Pipe(public)
    token = mirror_link(public, "weekly-12")
    assert push(venue, pipe, event_id, token) == "ok"
    page = _link_on_the_mirror(public, gg, copy_of(public, "weekly-12"))
    assert "Linked" in page or "連携しました" in page
    assert gg.token not in page
    passes(public, T0)
    decided = {k: v for k, v in _bodies(venue).items() if v}
    assert decided and {k: v for k, v in standin_bodies(gg).items() if k in decided} == decided
    assert len(gg.mutations("reportBracketSet")) == len(decided)

    # The venue, still offline, corrects a set the public site reported, then plays on; pushed, the
    # correction reaches start.gg once (a reset and a report), every other set is reported once.
    set_id = _correct_one(venue, event_id, decided)
    assert push(venue, pipe, event_id, token) == "ok"
    passes(public, T0 + timedelta(hours=1))
    assert standin_bodies(gg) == _bodies(venue)
    assert [v["setId"] for v in gg.mutations("resetSet")] == [set_id]
    reported = [str(v["setId"]) for v in gg.mutations("reportBracketSet")]
    assert reported.count(set_id) == 2 and len(reported) == len(set(reported)) + 1

    # The venue reconnects: every set already holds its result, so nothing more is sent.
    before = [c for c in gg.calls if "mutation" in c["query"]]
    venue.config["STARTGG_URL"] = gg.url
    passes(venue, T0.replace(hour=12), 4)
    assert [c for c in gg.calls if "mutation" in c["query"]] == before
    assert set(_states(venue)) <= {"same", "sent"} and "waiting" not in _states(public)
    assert standin_bodies(gg) == _bodies(venue)

    # The organiser's token never left the venue in a push.
    assert pipe.bodies and not any(gg.token in body for body in pipe.bodies)
