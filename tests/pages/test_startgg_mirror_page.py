"""The start.gg page of a mirrored copy on the public site (issue 39): the one desk change a copy takes is
linking it to start.gg there (the token is never mirrored); every other desk change stays refused, and
the bracket stays the venue's."""
import random

import pytest
from startgg_brackets import put
from startgg_pools import put_pools
from startgg_standin import serving

from webapp.extensions import db
from webapp.mirror.models import MirrorLink
from webapp.models import Entrant, MatchRow, Phase, TieId, TieLink, TieReport
from webapp.services.entries import access
from webapp.services.matches import simulate
from webapp.services.setup import events
from webapp.web import tie_sender

TOKEN = "sgg-mirror-page-token-4b1e"
ADDRESS = "https://www.start.gg/tournament/weekly-12/event/ultimate-singles"
REFUSED = "run at the venue (venue-pc)"


@pytest.fixture
def gg(app):
    with serving(app, TOKEN) as standin:
        yield standin


@pytest.fixture
def copy(desk_client, gg):
    put(gg, "DOUBLE_ELIMINATION", 8)
    yield from _copy(desk_client, ADDRESS)


def _copy(desk_client, address: str):
    """An event as the public site holds it: the venue's bracket (built from start.gg there), no link here."""
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    desk_client.post(f"/desk/e/{event.id}/startgg/link", data={"event": address, "token": TOKEN})
    db.session.query(TieLink).delete()  # the venue's link, its token with it, stays at the venue
    db.session.add(MirrorLink(slug="weekly-12", name="weekly-12", token_hash="0" * 64, event_id=event.id,
                              source="venue-pc"))
    db.session.commit()
    access.forget_read_only_events()
    yield event
    access.forget_read_only_events()


def _bracket(event_id: int) -> list:
    return [(m.id, m.key, m.winner_to, m.loser_to, m.slot_a, m.slot_b, m.winner_id)
            for m in db.session.query(MatchRow).order_by(MatchRow.id)]


def test_the_copy_s_start_gg_page_links_it_and_refuses_every_other_desk_change(desk_client, copy):
    ja = desk_client.get(f"/desk/e/{copy.id}/startgg").get_data(as_text=True)
    assert "このサイトは表示のみです" in ja and "会場から届いた結果をこのサイトがstart.ggに報告します" in ja
    en = desk_client.get(f"/desk/e/{copy.id}/startgg?lang=en").get_data(as_text=True)
    assert "this site reports the results the venue pushes" in en and 'data-testid="startgg-link-form"' in en
    before = _bracket(copy.id)
    linked = desk_client.post(f"/desk/e/{copy.id}/startgg/link?lang=en", data={"event": ADDRESS, "token": TOKEN},
                              follow_redirects=True).get_data(as_text=True)
    assert "Linked to start.gg: 8 entrants and 15 sets" in linked and TOKEN not in linked
    assert "is not sent again" in linked and "Remove the link" not in linked and "Read start.gg again" not in linked
    db.session.expire_all()
    assert _bracket(copy.id) == before  # paired, not built: the venue's bracket as it was
    assert db.session.query(TieId).filter_by(kind="match").count() == 15
    assert TOKEN not in desk_client.get(f"/desk/e/{copy.id}/startgg").get_data(as_text=True)
    for path, data in (("startgg/unlink", {}), ("startgg/read-again", {}), ("startgg/mark-called", {"on": "1"}),
                       ("challonge/link", {"event": "https://challonge.com/x", "token": "k"}),
                       ("entrant", {"name": "遅刻"})):
        answer = desk_client.post(f"/desk/e/{copy.id}/{path}?lang=en", data=data, follow_redirects=True)
        assert REFUSED in answer.get_data(as_text=True), path
    db.session.expire_all()
    assert db.session.query(TieLink).filter_by(service="startgg").one().mark_called is False
    assert db.session.query(TieLink).count() == 1 and db.session.query(Entrant).count() == 8


def test_a_copy_whose_entrants_start_gg_does_not_have_is_refused_in_words(desk_client, copy, gg):
    gg.event["entrants"]["nodes"][2]["name"] = "SomeoneElse"
    page = desk_client.post(f"/desk/e/{copy.id}/startgg/link", data={"event": ADDRESS, "token": TOKEN},
                            follow_redirects=True).get_data(as_text=True)
    assert "start.ggに「Player3」という参加者がいません" in page and TOKEN not in page
    assert db.session.query(TieLink).count() == 0 and db.session.query(TieId).count() == 0


def test_a_copy_in_pools_is_paired_pool_by_pool_and_its_top_cut_is_never_built_here(app, desk_client, gg):
    put_pools(gg, players=16, pools=4, sends=2)
    address = f"https://www.start.gg/{gg.event['slug']}"
    copy = next(_copy(desk_client, address))
    before = _bracket(copy.id)
    page = desk_client.post(f"/desk/e/{copy.id}/startgg/link?lang=en", data={"event": address, "token": TOKEN},
                            follow_redirects=True).get_data(as_text=True)
    pool_sets = sum(1 for s in gg.sets.values() if s["group"] in {g["id"] for g in
                    gg.event["phases"][0]["phaseGroups"]["nodes"]} and s["identifier"] != "GF2")
    assert f"16 entrants and {pool_sets} sets" in page
    pools, top_cut = sorted(db.session.query(Phase).filter_by(event_id=copy.id), key=lambda p: p.id)
    mirror = db.session.query(MirrorLink).one()
    mirror.event_id = None  # the pools played, as the venue's push would bring them
    db.session.commit()
    access.forget_read_only_events()
    simulate.play_phase(pools, random.Random(4))
    mirror.event_id = copy.id
    db.session.commit()
    access.forget_read_only_events()
    tie_sender.send_once(app)
    db.session.expire_all()
    assert db.session.get(Phase, top_cut.id).status == "draft"  # the venue builds it, then pushes it
    assert [row[:4] for row in _bracket(copy.id)] == [row[:4] for row in before]


def test_a_conflict_on_the_copy_is_decided_at_the_venue_its_buttons_hidden_and_refused(desk_client, copy):
    """start.gg holds another result than the one the venue pushed: the copy decides nothing, the venue does."""
    desk_client.post(f"/desk/e/{copy.id}/startgg/link", data={"event": ADDRESS, "token": TOKEN})
    link = db.session.query(TieLink).filter_by(service="startgg").one()
    match_id, set_id = next((int(t.local), t.remote) for t in link.ids if t.kind == "match")
    entrant = next(t.remote for t in link.ids if t.kind == "entrant")
    report = TieReport(link_id=link.id, match_id=match_id, set_id=set_id, state="conflict",
                       body={"winnerId": entrant, "isDQ": True, "games": []},
                       theirs={"winnerId": entrant, "isDQ": False, "games": []})
    db.session.add(report)
    db.session.commit()
    page = desk_client.get(f"/desk/e/{copy.id}/startgg?lang=en").get_data(as_text=True)
    assert 'data-state="conflict"' in page and "Decided at the venue" in page
    assert "/ours" not in page and "/theirs" not in page and "Send taikai&#39;s result" not in page
    ja = desk_client.get(f"/desk/e/{copy.id}/startgg?lang=ja").get_data(as_text=True)
    assert "どちらの結果を残すかは会場の受付で選びます" in ja
    for action in ("ours", "theirs"):
        answer = desk_client.post(f"/desk/tie-report/{report.id}/{action}?lang=en", follow_redirects=True)
        assert answer.status_code == 200
        assert "which result stands is decided at the venue&#39;s desk" in answer.get_data(as_text=True), action
    db.session.expire_all()
    assert db.session.get(TieReport, report.id).state == "conflict"
    assert db.session.query(TieReport).count() == 1  # nothing sent over start.gg's from here
