"""The venue's start.gg ids carried by its mirror push (issue 39): a venue that linked start.gg online pushes
each entrant's and set's start.gg id (ids only: never the organiser's token) with the event's state, and the
public site pairs its copy by those ids first. An entrant renamed at the venue after it linked is no longer
refused on the public site; the venue unlinked, the ids go; a pushed document that is more than ids is refused."""
import json
import random

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
from webapp.mirror import state as mirror_state
from webapp.models import Entrant, Event, Phase, TieId, TieLink
from webapp.services.entrants import entrant_edits
from webapp.services.matches import simulate
from webapp.services.ties import links, pushed

ADDRESS = "https://www.start.gg/tournament/weekly-12/event/ultimate-singles"
SLUG = "weekly-ids"


@pytest.fixture
def sites(tmp_path_factory):
    return two_sites(tmp_path_factory)


@pytest.fixture
def gg():
    with checked_standin("sgg-ids-mirror-token-c41f") as standin:
        yield standin


def _venue_event(venue, gg) -> int:
    """Linked online the day before; on the day an entrant is renamed at the venue and the day is played
    part way with start.gg out of reach."""
    event_id, _page = linked_weekly(venue, gg, "DOUBLE_ELIMINATION", 8, ADDRESS)
    venue.config["STARTGG_URL"] = NO_INTERNET
    with on(venue):
        third = db.session.query(Entrant).filter_by(event_id=event_id, name="Player3").one()
        entrant_edits.update(third, {"name": "プレイヤー3（改名）"})
        simulate.play_phase(db.session.query(Phase).filter_by(event_id=event_id).one(), random.Random(5), 0.5)
        db.session.commit()
    return event_id


def _link_the_copy(public, gg, copy_id: int) -> str:
    return link_startgg(public, gg, copy_id, ADDRESS, lang="en")


def _link() -> TieLink:
    return db.session.query(TieLink).filter_by(service="startgg").one()


def test_a_renamed_entrant_is_paired_by_the_id_the_venue_pushed_and_the_token_never_goes(sites, gg):
    venue, public = sites
    event_id = _venue_event(venue, gg)
    pipe, token = Pipe(public), mirror_link(public, SLUG)
    assert push(venue, pipe, event_id, token) == "ok"
    with on(venue):
        venue_link = _link()
        ids = {kind: {t.local: t.remote for t in venue_link.ids if t.kind == kind} for kind in ("entrant", "match")}
    carried = [json.loads(body)["startgg"] for body in pipe.bodies if '"startgg"' in body]
    assert carried == [{"slug": venue_link.slug, **ids}] and len(ids["entrant"]) == 8 and len(ids["match"]) == 15
    assert not any(gg.token in body for body in pipe.bodies)  # ids only: the organiser's token stays home
    copy_id = copy_of(public, SLUG)

    page = _link_the_copy(public, gg, copy_id)
    assert "Linked to start.gg: 8 entrants and 15 sets" in page and gg.token not in page, page
    with on(public):
        link, base = _link(), copy_id - event_id
        assert {int(t.local) - base: t.remote for t in link.ids if t.kind == "entrant"} == \
            {int(k): v for k, v in ids["entrant"].items()}
        assert {int(t.local) - base: t.remote for t in link.ids if t.kind == "match"} == \
            {int(k): v for k, v in ids["match"].items()}
    passes(public, T0)
    with on(venue):
        decided = {k: v for k, v in taikai_bodies(_link()).items() if v}
    assert decided and {k: v for k, v in standin_bodies(gg).items() if k in decided} == decided


def test_without_the_venue_s_ids_a_renamed_entrant_is_refused_and_an_unlinked_venue_s_ids_go(sites, gg):
    venue, public = sites
    event_id = _venue_event(venue, gg)
    pipe, token = Pipe(public), mirror_link(public, SLUG)
    assert push(venue, pipe, event_id, token) == "ok"
    with on(public):
        assert pushed.of_copy(copy_of(public, SLUG), "tournament/weekly-12/event/ultimate-singles")["entrant"]
    with on(venue):
        links.unlink(db.session.get(Event, event_id), "startgg")
        db.session.commit()
    assert push(venue, pipe, event_id, token) == "ok" and '"startgg"' not in pipe.bodies[-1]
    with on(public):
        assert db.session.query(TieLink).count() == 0 and db.session.query(TieId).count() == 0
    page = _link_the_copy(public, gg, copy_of(public, SLUG))
    assert "start.gg has no entrant named プレイヤー3(改名)" in page  # by name only: the venue's link is gone


@pytest.mark.parametrize("change", ["token", "remote", "span", "without state"])
def test_a_push_whose_start_gg_ids_are_more_than_ids_is_refused(sites, gg, change):
    venue, public = sites
    event_id = _venue_event(venue, gg)
    pipe, token = Pipe(public), mirror_link(public, SLUG)
    with on(venue):
        body = {"after": 0, "upto": 0, "event_id": event_id, "ops": [], "push": 1, "source": "venue-pc",
                "state": mirror_state.export_state(event_id),
                "startgg": pushed.for_push(event_id)}
    if change == "token":
        body["startgg"]["token"] = gg.token
    elif change == "remote":
        body["startgg"]["entrant"][next(iter(body["startgg"]["entrant"]))] = "sgg-secret"
    elif change == "span":
        body["startgg"]["match"]["999999999999"] = "1"
    else:
        body["state"] = None
    answer = public.test_client().post("/mirror/api/push", json=body, headers={"Authorization": f"Bearer {token}"})
    assert (answer.status_code, answer.get_json()["error"]) == (422, "scope")
    with on(public):
        assert db.session.query(TieLink).count() == 0 and db.session.query(TieId).count() == 0
    assert pipe.bodies == []
