"""A top cut the desk started seeded otherwise than start.gg's progressions (issue 39): its sets cannot be paired
with start.gg's, so its results are not reported there. The desk's start.gg page says so at the top, in ja and
en: which phase, how many sets, what it means and what the desk can do; while none of it is played the desk
starts it again as start.gg seeds it (paired, the warning gone), once a match is played only by hand."""
import random

import pytest
from startgg_pools import put_pools
from startgg_standin import serving

from webapp.extensions import db
from webapp.mirror.models import MirrorLink
from webapp.models import Phase, TieId, TieLink
from webapp.services.entries import access
from webapp.services.matches import brackets, simulate
from webapp.services.setup import events
from webapp.tournament import bracket as bracket_engine
from webapp.web import tie_sender

TOKEN = "sgg-unpaired-page-token-7c2a"


@pytest.fixture
def gg(app):
    with serving(app, TOKEN) as standin:
        yield standin


def _top_cut_seeded_otherwise(app, desk_client, gg, copy: bool = False) -> tuple:
    """16 players in 4 pools sending 2 on: the pools played, the desk starts the top cut in its own order."""
    put_pools(gg, players=16, pools=4, sends=2)
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    desk_client.post(f"/desk/e/{event.id}/startgg/link", data={"event": f"https://www.start.gg/{gg.event['slug']}",
                                                                "token": TOKEN})
    pools, top = sorted(db.session.query(Phase).filter_by(event_id=event.id), key=lambda p: p.position)
    simulate.play_phase(pools, random.Random(7))
    going_on = sorted({m.winner_id for b in pools.brackets for m in b.matches if m.winner_id})[:8]
    brackets.start_phase(top, [], players=[bracket_engine.Entrant(i, n) for n, i in enumerate(going_on, start=1)])
    if copy:  # the public site's copy of it, as the venue's pushes bring it (the venue never paired it)
        db.session.add(MirrorLink(slug="weekly-12", name="weekly-12", token_hash="0" * 64, event_id=event.id,
                                  source="venue-pc"))
    db.session.commit()
    access.forget_read_only_events()
    tie_sender.send_once(app)
    db.session.expire_all()
    return event, db.session.get(Phase, top.id)


def test_a_top_cut_seeded_otherwise_is_said_on_the_page_and_started_again_as_start_gg_seeds_it(app, desk_client, gg):
    event, top = _top_cut_seeded_otherwise(app, desk_client, gg)
    mark = db.session.query(TieId).filter_by(kind="unpaired_phase").one()
    assert mark.local == str(top.id) and int(mark.remote) > 0
    ja = desk_client.get(f"/desk/e/{event.id}/startgg").get_data(as_text=True)
    warning = ja[ja.index('data-testid="startgg-unpaired"'):ja.index('data-testid="startgg-linked"')]
    assert f"「{top.name}」はstart.ggに報告されません" in warning and f"{mark.remote}試合" in warning
    assert "start.ggで手入力" in warning and 'data-testid="start-again"' in warning
    en = desk_client.get(f"/desk/e/{event.id}/startgg?lang=en").get_data(as_text=True)
    assert f"{top.name} is not reported to start.gg" in en and f"{mark.remote} of its sets could not be paired" in en
    assert "Its results will not be reported to start.gg" in en and "report its sets on start.gg by hand" in en

    done = desk_client.post(f"/desk/e/{event.id}/startgg/start-again/{top.id}?lang=en", follow_redirects=True)
    text = done.get_data(as_text=True)
    assert "Started again as start.gg seeds it" in text and 'data-testid="startgg-unpaired"' not in text
    db.session.expire_all()
    link = db.session.query(TieLink).one()
    assert db.session.query(TieId).filter_by(kind="unpaired_phase").count() == 0
    paired = db.session.query(TieId).filter_by(link_id=link.id, kind="paired", local=str(top.id)).one()
    top_sets = {s for s, one in gg.sets.items() if one["group"] == 5600}  # the grand final reset too
    assert int(paired.remote) == len(top_sets)
    ours = {t.remote for t in link.ids if t.kind == "match"}
    assert {str(s) for s in top_sets} <= ours
    seeds = {s["seedNum"]: s["entrant"]["id"] for s in gg.event["phases"][1]["seeds"]["nodes"]}
    local = {t.remote: int(t.local) for t in link.ids if t.kind == "entrant"}
    row = db.session.get(Phase, top.id).brackets[0]
    assert {e["seed"]: e["id"] for e in row.entrants} == {n: local[str(i)] for n, i in seeds.items()}


def test_once_a_match_of_it_is_played_the_page_says_to_report_it_by_hand(app, desk_client, gg):
    event, top = _top_cut_seeded_otherwise(app, desk_client, gg)
    simulate.play_phase(top, random.Random(8), share=0.1)
    db.session.commit()
    page = desk_client.get(f"/desk/e/{event.id}/startgg?lang=en").get_data(as_text=True)
    assert "Matches of it have been played" in page and 'data-testid="start-again"' not in page
    refused = desk_client.post(f"/desk/e/{event.id}/startgg/start-again/{top.id}?lang=en", follow_redirects=True)
    assert "it can no longer be started again" in refused.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Phase, top.id).status == "running"
    assert db.session.query(TieId).filter_by(kind="unpaired_phase").count() == 1


@pytest.fixture
def forgetting():
    """The one-writer cache read afresh after the test, whatever it ends in."""
    yield
    access.forget_read_only_events()


def test_on_the_public_site_s_copy_the_page_says_so_and_the_venue_starts_it_again(app, desk_client, gg, forgetting):
    event, top = _top_cut_seeded_otherwise(app, desk_client, gg, copy=True)
    assert db.session.query(TieId).filter_by(kind="unpaired_phase", local=str(top.id)).count() == 1
    page = desk_client.get(f"/desk/e/{event.id}/startgg?lang=en").get_data(as_text=True)
    assert f"{top.name} is not reported to start.gg" in page and "The venue can start it again" in page
    assert 'data-testid="start-again"' not in page
    refused = desk_client.post(f"/desk/e/{event.id}/startgg/start-again/{top.id}?lang=en", follow_redirects=True)
    assert "run at the venue (venue-pc)" in refused.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Phase, top.id).status == "running"
