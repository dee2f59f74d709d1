"""No 500 on any page: every entrant's player page, every match page and every phase page of
events in every state (not started, calls queued, playing, ruling pending, finished).

The "my next match" page answered 500 for a player whose match waited in the queue once any
match had been called and finished: its wait estimate met a naive and an aware datetime.
"""
import uuid

from play_support import member_ids, send, team_event, win

from webapp.extensions import db
from webapp.models import Event
from webapp.services.accounts import users as accounts
from webapp.services.day import stations
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events


def _desk():
    user = accounts.create_user(f"desk-{uuid.uuid4().hex[:6]}", "desk-pass-123", role="desk")
    db.session.commit()
    return user


def _kgp():
    return team_event("best_of", "kgp2025", size=1, teams=8)


def _calls_queued_and_playing(desk):
    """Two stations: one match called and finished there, one playing, the others queued."""
    event, first = _kgp()
    for name in ("1", "2"):
        stations.add_station(event, name, user=desk)
    db.session.commit()
    ready = sorted((m for m in first.bracket.matches if m.status == "ready"), key=lambda m: m.index)
    send(ready[0], "set_station", user=desk, station="1")
    for _ in range(2):
        send(ready[0], "report_game", user=desk, winner="a", rounds_a=2, rounds_b=0)
    send(ready[1], "set_station", user=desk, station="2")
    send(ready[1], "report_game", user=desk, winner="b", rounds_a=0, rounds_b=2)
    db.session.expire_all()  # read every time back from the database, as a request does
    return event


def _ruling_pending():
    event, match = team_event(teams=4)
    a, b = member_ids(match, "a"), member_ids(match, "b")
    send(match, "coin_toss", winner="a", choice="stage")
    send(match, "name_player", side="a", member_id=a[0], blind=True)
    send(match, "name_player", side="b", member_id=b[0], blind=True)
    win(match, "a")
    send(match, "name_player", side="b", member_id=b[1])
    win(match, "a")
    send(match, "penalty", side="a", penalty="undeclared_change", game=0)
    return event


def _finished():
    event, match = _kgp()
    phase = match.bracket.phase
    while phase.status != "done":
        ready = next(m for m in phase.brackets[0].matches if m.status == "ready")
        brackets.record_winner(ready, ready.slot_a)
        db.session.commit()
    return event


def _not_started():
    event = events.create_event("未開始の大会", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 5)])
    events.add_phase(event, "本戦", "single_elimination", match_type="best_of", best_of=3)
    db.session.commit()
    return event


def _pages(event: Event):
    yield f"/e/{event.slug}"
    for path in ("standings", "schedule", "calls", "draws", "players?q=選"):
        yield f"/e/{event.slug}/{path}"
    for phase in event.phases:
        yield f"/e/{event.slug}/phase/{phase.id}"
        for row in phase.brackets:
            for match in row.matches:
                yield f"/m/{match.id}"
                yield f"/staff/m/{match.id}"
    for entrant in event.entrants:
        yield f"/e/{event.slug}/p/{entrant.id}"


def test_every_public_and_match_page_of_events_in_every_state_answers_200(app, desk_client):
    desk = _desk()
    made = [_not_started(), _calls_queued_and_playing(desk), _ruling_pending(), _finished()]
    db.session.commit()
    slugs = [e.slug for e in made]
    db.session.expire_all()
    failed = []
    for event in db.session.query(Event).filter(Event.slug.in_(slugs)):
        for url in _pages(event):
            status = desk_client.get(url).status_code
            if status != 200:
                failed.append((url, status))
    assert failed == []


def test_the_player_whose_match_is_queued_sees_an_estimated_wait(app, client):
    desk = _desk()
    event = _calls_queued_and_playing(desk)
    queued = [m for m in event.phases[0].brackets[0].matches if m.status == "ready" and not m.station]
    assert queued
    for match in queued:
        for entrant in (match.slot_a, match.slot_b):
            page = client.get(f"/e/{event.slug}/p/{entrant}")
            assert page.status_code == 200
    assert stations.estimated_wait(event, queued[0]) is not None
