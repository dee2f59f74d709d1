"""Phase and event version numbers move with every write path, and the poll reads one row."""
from play_support import kgp_top4, send, team_event
from sqlalchemy import event as sa_event

from webapp.extensions import db
from webapp.models import Entrant, Event, Phase
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events


def _versions(phase):
    db.session.expire_all()
    return db.session.get(Phase, phase.id).version, db.session.get(Event, phase.event_id).version


def _two_phase_event():
    event = events.create_event("版のテスト", "kgp2025")
    entrants.add_entrants(event, [{"name": f"P{i}", "seed": i, "members": []} for i in range(1, 5)])
    first = events.add_phase(event, "予選", "single_elimination")
    second = events.add_phase(event, "本戦", "single_elimination")
    db.session.flush()
    brackets.start_phase(first, event.entrants)
    db.session.commit()
    return event, first, second


def test_a_result_bumps_its_phase_and_event_only(app):
    event, first, second = _two_phase_event()
    before, event_before = _versions(first)
    other = _versions(second)[0]
    match = next(m for m in first.brackets[0].matches if m.status == "ready")
    brackets.record_winner(match, match.slot_a)
    db.session.commit()
    after, event_after = _versions(first)
    assert after == before + 1 and event_after == event_before + 1
    assert _versions(second)[0] == other


def test_play_corrections_dq_and_renames_bump_the_phase(app):
    event, match = team_event("best_of", "kgp2025", size=1, best_of=5)
    phase = match.bracket.phase
    seen = [_versions(phase)[0]]
    # a game through the operation log, as a phone sends it
    assert send(match, "report_game", winner="a", rounds_a=2, rounds_b=1).outcome == "applied"
    seen.append(_versions(phase)[0])
    entrant = db.session.get(Entrant, match.slot_a)
    entrant.name = "改名"
    db.session.commit()
    seen.append(_versions(phase)[0])
    brackets.disqualify(db.session.get(Entrant, match.slot_b), reason="遅刻")
    db.session.commit()
    seen.append(_versions(phase)[0])
    assert seen == sorted(set(seen)), seen  # each step a new, larger number


def test_correction_bumps_the_phase(app):
    event, de, _finals = kgp_top4()
    before = _versions(de)[0]
    decided = next(m for b in de.brackets for m in b.matches if m.side == "W" and m.round == 1)
    brackets.correct_winner(decided, decided.loser_id, cascade=True, reason="記入ミス")
    db.session.commit()
    assert _versions(de)[0] > before


def _count_queries():
    statements = []
    sa_event.listen(db.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    return statements


def _count_stamp_reads(monkeypatch):
    """The stamp reads (stamps.py reads through the DBAPI, past SQLAlchemy's events)."""
    from webapp.polling import stamps

    reads, first = [], stamps._first  # noqa: SLF001
    monkeypatch.setattr(stamps, "_first", lambda *a: reads.append(a[1]) or first(*a))
    return reads


def test_unchanged_poll_answers_304_from_one_read_and_a_change_is_seen(client, app, monkeypatch):
    event, first, _second = _two_phase_event()
    url = f"/e/{event.slug}/phase/{first.id}"
    headers = {"HX-Request": "true"}
    body = client.get(url, headers=headers)
    etag = body.headers["ETag"]
    statements, reads = _count_queries(), _count_stamp_reads(monkeypatch)
    again = client.get(url, headers={**headers, "If-None-Match": etag})
    assert again.status_code == 304
    assert statements == [] and len(reads) == 1, (statements, reads)
    match = next(m for m in first.brackets[0].matches if m.status == "ready")
    brackets.record_winner(match, match.slot_b)
    db.session.commit()
    changed = client.get(url, headers={**headers, "If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert 'class="slot winner' in changed.get_data(as_text=True).replace("slot  winner", "slot winner")


def test_standings_render_once_per_version(client, app):
    event, first, _second = _two_phase_event()
    assert "3–4" not in client.get(f"/e/{event.slug}/standings").get_data(as_text=True)
    for _ in range(2):
        match = next(m for m in first.brackets[0].matches if m.status == "ready")
        brackets.record_winner(match, min(match.slot_a, match.slot_b))
        db.session.commit()
    page = client.get(f"/e/{event.slug}/standings").get_data(as_text=True)
    assert "3–4</strong> <a href=\"/player?name=P3\">P3</a>" in page  # the semifinal losers, placed after the cached render


def test_the_poll_gate_answers_before_flask_for_every_view(client, app):
    from webapp.polling.pollgate import PollGate

    event, first, _second = _two_phase_event()
    gate = next(layer for layer in _layers(app.wsgi_app) if isinstance(layer, PollGate))
    for query in ("", "view=top8", "pools=2"):  # a page of pools polls at its own address
        url = f"/e/{event.slug}/phase/{first.id}" + (f"?{query}" if query else "")
        etag = client.get(url, headers={"HX-Request": "true"}).headers["ETag"]
        environ = {"REQUEST_METHOD": "GET", "PATH_INFO": url.split("?")[0], "QUERY_STRING": query,
                   "HTTP_HX_REQUEST": "true", "HTTP_IF_NONE_MATCH": f'"{etag}"'}
        assert gate._unchanged(environ) == etag.strip('"')
        assert gate._unchanged({**environ, "HTTP_IF_NONE_MATCH": '"stale"'}) is None


def _layers(wsgi_app):
    while wsgi_app is not None:
        yield wsgi_app
        wsgi_app = getattr(wsgi_app, "wsgi_app", None) or getattr(wsgi_app, "app", None)


def test_an_import_bumps_each_phase_and_the_event_once_and_reads_the_session_once(app, monkeypatch):
    """A flush of many entrants is one bump each, and the flush's lists are read once
    (reading session.new per entrant made an import quadratic)."""
    from sqlalchemy.orm import Session

    event, first, second = _two_phase_event()
    before = _versions(first), _versions(second)[0]
    reads = []
    original = Session.new
    monkeypatch.setattr(Session, "new", property(lambda s: reads.append(1) or original.fget(s)))
    entrants.add_entrants(db.session.get(Event, event.id),
                          [{"name": f"追加{i}", "seed": None, "members": []} for i in range(300)])
    db.session.commit()
    monkeypatch.undo()
    assert len(reads) < 20  # once per flush and a few for the session's own bookkeeping, not once per row
    (phase, event_version), other = _versions(first), _versions(second)[0]
    assert (phase, event_version, other) == (before[0][0] + 1, before[0][1] + 1, before[1] + 1)
