"""Challonge the same way as start.gg (issue 39.4), held against a stand-in built from Challonge's API v1
documentation: link a tournament, build the same bracket, play it (part of it offline), and end with every
match on Challonge holding taikai's winner and scores_csv, sent once; corrections reopen or replace;
another result there is a conflict for the desk; the API key is never shown or exported."""
import random
from datetime import datetime, timedelta, timezone

import pytest
from challonge_standin import ChallongeStandIn, challonge_holds, taikai_holds

from webapp.extensions import db
from webapp.models import MatchRow, Phase, TieLink, TieReport
from webapp.services import ServiceError
from webapp.services.matches import brackets, simulate
from webapp.services.setup import events
from webapp.services.ties import desk
from webapp.web import tie_sender

KEY = "chal-key-31d7"
T0 = datetime(2026, 12, 5, 12, tzinfo=timezone.utc)


@pytest.fixture
def chal(app):
    with ChallongeStandIn(KEY) as standin:
        app.config["CHALLONGE_URL"] = standin.url
        yield standin


def _linked(chal, kind="double elimination", players=8):
    chal.put(kind, players)
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    built = desk.link_challonge(event, "https://challonge.com/weekly12", KEY, None, url=chal.url)
    db.session.commit()
    link = db.session.query(TieLink).one()
    return event, link, db.session.query(Phase).filter_by(event_id=event.id).one(), built


def _passes(app, count=3, start=T0):
    for n in range(count):
        tie_sender.send_once(app, start + timedelta(minutes=2 * n))
        db.session.commit()


@pytest.mark.parametrize("kind,players", [("single elimination", 8), ("double elimination", 16)])
def test_a_tournament_is_built_played_partly_offline_and_ends_on_challonge_as_in_taikai(app, chal, kind, players):
    event, link, phase, built = _linked(chal, kind, players)
    assert built["entrants"] == players
    rng = random.Random(players)
    simulate.play_phase(phase, rng, share=0.4)
    db.session.commit()
    chal.offline = True
    _passes(app, 1)
    simulate.play_phase(phase, rng)
    db.session.commit()
    chal.offline = False
    _passes(app, 4, T0 + timedelta(minutes=10))
    assert challonge_holds(chal) == taikai_holds(link, chal)
    puts = [c[1] for c in chal.calls if c[0] == "PUT"]
    assert len(puts) == len(set(puts)) == sum(1 for v in taikai_holds(link, chal).values() if v)
    assert KEY not in "".join(str(r.answer) for r in db.session.query(TieReport))


def test_a_correction_replaces_the_result_and_a_taken_back_one_reopens(app, chal):
    event, link, phase, _built = _linked(chal, "single elimination", 4)
    first = next(m for m in phase.brackets[0].matches if m.status == "ready")
    simulate.play_match(first, random.Random(1))
    db.session.commit()
    _passes(app, 1)
    brackets.correct_winner(first, first.loser_id, cascade=True)
    db.session.commit()
    _passes(app, 1, T0 + timedelta(minutes=5))
    assert challonge_holds(chal) == taikai_holds(link, chal)
    brackets.reopen_match(db.session.get(MatchRow, first.id))
    db.session.commit()
    _passes(app, 1, T0 + timedelta(minutes=10))
    assert challonge_holds(chal) == taikai_holds(link, chal)
    assert any(c[1].endswith("/reopen.json") for c in chal.calls)


def test_another_result_on_challonge_is_a_conflict_never_overwritten(app, chal):
    event, link, phase, _built = _linked(chal, "single elimination", 4)
    first = next(m for m in phase.brackets[0].matches if m.status == "ready")
    brackets.record_winner(first, first.slot_a)
    db.session.commit()
    set_id = next(int(t.remote) for t in link.ids if t.kind == "match" and int(t.local) == first.id)
    match = chal.matches[set_id]
    other = match["player2_id"] if str(match["player1_id"]) == taikai_holds(link, chal)[str(set_id)]["winnerId"] \
        else match["player1_id"]
    chal._update(match, "0-2", str(other))
    _passes(app, 1)
    report = db.session.query(TieReport).one()
    assert report.state == "conflict" and report.theirs["winnerId"] == str(other)
    assert chal.matches[set_id]["winner_id"] == other


def test_a_group_stage_is_refused_in_words_before_anything_is_made(app, chal):
    chal.put_groups(16, 4)
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    with pytest.raises(ServiceError) as refused:
        desk.link_challonge(event, "weekly12", KEY, None, url=chal.url)
    assert refused.value.code == "tie.challonge_groups"
    db.session.rollback()
    assert db.session.query(TieLink).count() == 0 and db.session.query(Phase).count() == 0


def test_a_format_taikai_cannot_build_is_refused_and_a_wrong_key_in_challonge_s_words(app, chal):
    chal.put("single elimination", 4)
    chal.tournament["tournament_type"] = "round robin"
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    with pytest.raises(Exception, match="round robin"):
        desk.link_challonge(event, "weekly12", KEY, None, url=chal.url)
    db.session.rollback()
    chal.tournament["tournament_type"] = "single elimination"
    with pytest.raises(Exception) as refused:
        desk.link_challonge(event, "weekly12", "wrong", None, url=chal.url)
    assert refused.value.params["words"] == "Invalid credentials"


def test_the_desk_links_challonge_and_sees_a_conflict_with_both_versions(app, desk_client, chal):
    chal.put("single elimination", 4)
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    page = desk_client.post(f"/desk/e/{event.id}/challonge/link", data={
        "event": "https://challonge.com/weekly12", "token": KEY}, follow_redirects=True).get_data(as_text=True)
    assert "Challonge" in page and KEY not in page
    link = db.session.query(TieLink).one()
    phase = db.session.query(Phase).filter_by(event_id=event.id).one()
    first = next(m for m in phase.brackets[0].matches if m.status == "ready")
    brackets.record_winner(first, first.slot_a)
    db.session.commit()
    set_id = next(int(t.remote) for t in link.ids if t.kind == "match" and int(t.local) == first.id)
    match = chal.matches[set_id]
    theirs = match["player2_id"] if match["player1_id"] == int(next(
        t.remote for t in link.ids if t.kind == "entrant" and int(t.local) == first.slot_a)) else match["player1_id"]
    chal._update(match, "0-2", str(theirs))
    db.session.commit()
    _passes(app, 1)
    page = desk_client.get(f"/desk/e/{event.id}/challonge").get_data(as_text=True)
    assert 'data-state="conflict"' in page and "0-2" in page and KEY not in page
    conflict = db.session.query(TieReport).filter_by(state="conflict").one()
    desk_client.post(f"/desk/tie-report/{conflict.id}/ours")
    db.session.commit()
    _passes(app, 1, T0 + timedelta(minutes=5))
    assert challonge_holds(chal) == taikai_holds(link, chal)
