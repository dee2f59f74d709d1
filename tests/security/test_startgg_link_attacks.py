"""start.gg / Challonge linking attacked as a stranger on the venue wifi would, and as start.gg answering badly:

- a staff phone or a signed-out stranger posting the link forms is refused (the service refuses too, not
  only the view), and a post without its CSRF token changes nothing;
- a pasted address or token of 100 KB, with markup, NUL or letters no token has is refused in words
  before anything is sent;
- markup in gamer tags, character and stage names is escaped on every page that shows them, and the
  organiser's token is in no page, export, log line or audit record of the day;
- start.gg's odd answers: test_startgg_odd_answers.py.
"""
import json
import logging
import random
from datetime import datetime, timezone

import pytest
from challonge_standin import ChallongeStandIn
from play_support import send
from report_setups import player_phone
from staff_phones import staff_phone
from startgg_brackets import put
from startgg_standin import serving

from webapp.extensions import db
from webapp.models import AuditEntry, Entrant, MatchRow, Phase, TieId, TieLink
from webapp.services import ServiceError
from webapp.services.accounts import users as accounts
from webapp.services.day import stations
from webapp.services.matches import simulate
from webapp.services.setup import events
from webapp.services.ties import desk
from webapp.web import tie_sender

TOKEN = "sgg-attack-token-9b1d"
ADDRESS = "https://www.start.gg/tournament/weekly-12/event/ultimate-singles"
TAG = '<script>alert("tag")</script>'
CHARACTER = '<img src=x onerror=alert("char")>'
STAGE = '<svg onload=alert("stage")>'
MARKUP = (TAG, CHARACTER, STAGE)


@pytest.fixture
def gg(app):
    with serving(app, TOKEN) as standin:
        yield standin


def _event():
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    return event


def _nothing_linked() -> bool:
    db.session.expire_all()
    return not (db.session.query(TieLink).count() or db.session.query(TieId).count()
                or db.session.query(Entrant).count() or db.session.query(Phase).count())


def _link(client, event, address=ADDRESS, token=TOKEN, service="startgg"):
    return client.post(f"/desk/e/{event.id}/{service}/link", data={"event": address, "token": token},
                       follow_redirects=True)


# Who may post the forms.

FORMS = ("link", "unlink", "read-again", "match-name", "mark-called")


def test_staff_and_strangers_are_refused_every_form_and_nothing_changes(app, desk_client, gg, no_csrf):
    put(gg, "SINGLE_ELIMINATION", 4)
    event = _event()
    _link(desk_client, event)
    before = [(t.kind, t.local, t.remote) for t in db.session.query(TieId).order_by(TieId.id)]
    staff, stranger = staff_phone(app, event), app.test_client()
    for phone in (staff, stranger):
        for form in FORMS:
            answer = phone.post(f"/desk/e/{event.id}/startgg/{form}", data={"event": ADDRESS, "token": "other-token",
                                                                            "kind": "character", "on": "1"})
            assert answer.status_code in (302, 403) and "/login" in answer.headers.get("Location", "/login")
        assert phone.post("/desk/tie-report/1/theirs").status_code in (302, 403)
    db.session.expire_all()
    link = db.session.query(TieLink).one()
    assert link.token == TOKEN and not link.mark_called
    assert [(t.kind, t.local, t.remote) for t in db.session.query(TieId).order_by(TieId.id)] == before


def test_the_service_refuses_a_staff_user_whatever_view_calls_it(app, gg):
    put(gg, "SINGLE_ELIMINATION", 4)
    event = _event()
    staff = accounts.staff_user(event, "山田")
    db.session.commit()
    calls = (lambda: desk.link_startgg(event, ADDRESS, TOKEN, staff, gg.url),
             lambda: desk.link_challonge(event, "weekly12", TOKEN, staff, gg.url),
             lambda: desk.read_again(event, "startgg", staff, gg.url),
             lambda: desk.match_name(event, "startgg", "character", "x", "mario", staff),
             lambda: desk.unlink(event, "startgg", staff), lambda: desk.set_mark_called(event, True, staff))
    for call in calls:
        with pytest.raises(ServiceError) as refused:
            call()
        assert refused.value.code == "op.desk_only"
    assert gg.calls == [] and _nothing_linked()


def test_a_link_without_its_csrf_token_changes_nothing(app, desk_client, gg):
    put(gg, "SINGLE_ELIMINATION", 4)
    event = _event()
    app.config["WTF_CSRF_ENABLED"] = True
    try:
        answer = _link(desk_client, event)
    finally:
        app.config["WTF_CSRF_ENABLED"] = False
    assert answer.status_code == 400 and gg.calls == [] and _nothing_linked()


# What the desk pastes.

@pytest.mark.parametrize("address, token, words", [
    ("https://www.start.gg/tournament/" + "a" * 100_000 + "/event/x", TOKEN, "start.ggの種目のアドレス"),
    ("https://www.start.gg/tournament/<b>x<b>/event/y", TOKEN, "start.ggの種目のアドレス"),
    (ADDRESS, "x" * 100_000, "APIトークンではありません"),
    (ADDRESS, "トークン", "APIトークンではありません"),
    (ADDRESS, "sgg token\nX-Other: 1", "APIトークンではありません"),
    (ADDRESS, "sgg\x00token", "NUL"),
    ("tournament/a\x00b/event/x", TOKEN, "NUL"),
])
def test_a_bad_address_or_token_is_refused_in_words_before_anything_is_sent(desk_client, gg, address, token, words):
    put(gg, "SINGLE_ELIMINATION", 4)
    answer = _link(desk_client, _event(), address, token)
    page = answer.get_data(as_text=True)
    assert answer.status_code in (200, 422) and words in page
    assert gg.calls == [] and _nothing_linked()
    assert "<b>x<b>" not in page and f'value="{token}"' not in page  # the address kept escaped; the token not


@pytest.mark.parametrize("address", ["weekly12?include_matches=0&x=", "<b>weekly</b>", "w" * 100_000, "../users"])
def test_a_bad_challonge_address_is_refused_in_words(app, desk_client, address):
    with ChallongeStandIn() as chal:
        app.config["CHALLONGE_URL"] = chal.url
        chal.put("single elimination", 4)
        page = _link(desk_client, _event(), address, chal.key, "challonge").get_data(as_text=True)
    assert "Challongeの大会のアドレス" in page and _nothing_linked()
    assert "<b>weekly</b>" not in page and "w" * 301 not in page  # kept in its field escaped, and cut


# What start.gg answers: markup in its names, and the token kept out of everything the day shows.

def _markup_event(gg):
    put(gg, "SINGLE_ELIMINATION", 4)
    nodes = gg.event["entrants"]["nodes"]
    nodes[0]["name"] = TAG
    nodes[1]["name"], nodes[1]["participants"][0]["prefix"] = "", "<b>PFX</b>"
    nodes[1]["participants"][0]["gamerTag"] = "<i>tag2</i>\u200b"
    gg.event["videogame"]["characters"].append({"id": 99998, "name": CHARACTER})
    gg.event["videogame"]["stages"].append({"id": 998, "name": STAGE})


def _pages(app, desk_client, event) -> dict[str, str]:
    """Every page, file and feed of the day that shows the event's names (the desk's, the public's, a
    player's, the overlay's, the exports)."""
    phase = db.session.query(Phase).filter_by(event_id=event.id).one()
    entrant = db.session.query(Entrant).filter_by(event_id=event.id).order_by(Entrant.seed).first()
    player = player_phone(app, event, entrant.id)
    public = app.test_client()
    paths = [f"/desk/e/{event.id}/startgg", f"/desk/e/{event.id}", f"/desk/e/{event.id}/oplog.jsonl",
             f"/desk/e/{event.id}/setup.toml", f"/desk/e/{event.id}/day", f"/desk/e/{event.id}/stations"]
    public_paths = [f"/e/{event.slug}", f"/e/{event.slug}/phase/{phase.id}", f"/e/{event.slug}/standings",
                    f"/e/{event.slug}/standings.csv", f"/e/{event.slug}/players", f"/e/{event.slug}/overlay/配信",
                    f"/e/{event.slug}/overlay/配信/next", f"/e/{event.slug}/p/{entrant.id}",
                    f"/api/v1/events/{event.slug}", f"/api/v1/events/{event.slug}/entrants",
                    f"/api/v1/events/{event.slug}/phases/{phase.id}"]
    public_paths += [f"/api/v1/events/{event.slug}/export/{n}" for n in ("obf.json", "startgg.json", "placements.csv")]
    out = {p: desk_client.get(p) for p in paths}
    out.update({p: public.get(p) for p in public_paths})
    out[f"/e/{event.slug}/me"] = player.get(f"/e/{event.slug}/me")
    for path, answer in out.items():
        assert answer.status_code == 200, (path, answer.status_code)
    return {p: a.get_data(as_text=True) for p, a in out.items()}


def test_markup_from_start_gg_is_escaped_everywhere_and_the_token_is_nowhere(app, desk_client, gg, caplog,
                                                                            monkeypatch):
    monkeypatch.setattr(logging.getLogger("httpx"), "disabled", False)  # the migrations' fileConfig turned it off
    caplog.set_level(logging.DEBUG)
    _markup_event(gg)
    event = _event()
    linked = _link(desk_client, event).get_data(as_text=True)
    assert TOKEN not in linked
    names = {e.name for e in db.session.query(Entrant)}
    assert TAG in names and "<i>tag2</i>" in names  # kept as text; the zero-width space is not part of a name
    stations.add_station(event, "配信", stream=True)
    phase = db.session.query(Phase).filter_by(event_id=event.id).one()
    first = next(m for m in phase.brackets[0].matches if m.status == "ready")
    assert send(first, "set_station", device="desk", station="配信").outcome == "applied"
    simulate.play_phase(phase, random.Random(4))
    db.session.commit()
    tie_sender.send_once(app, datetime(2026, 12, 5, 12, 0, tzinfo=timezone.utc))
    pages = _pages(app, desk_client, event)
    assert CHARACTER.replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;") in pages[
        f"/desk/e/{event.id}/startgg"]  # shown to the desk to match, as text
    for path, body in pages.items():
        assert TOKEN not in body, path
        if path.endswith((".csv", ".json", ".jsonl", ".toml")) or "/api/" in path:
            continue  # data files: a name is a value there, never markup a browser runs
        for markup in (*MARKUP, "<b>PFX</b>", "<i>tag2</i>"):
            assert markup not in body, (path, markup)
    assert all(TOKEN not in r.getMessage() for r in caplog.records)
    assert all(TOKEN not in json.dumps(a.detail, ensure_ascii=False) for a in db.session.query(AuditEntry))
    assert db.session.query(MatchRow).filter(MatchRow.winner_id.isnot(None)).count() == 3


def test_the_challonge_key_is_in_no_log_line(app, desk_client, caplog, monkeypatch):
    monkeypatch.setattr(logging.getLogger("httpx"), "disabled", False)  # the migrations' fileConfig turned it off
    caplog.set_level(logging.DEBUG)
    with ChallongeStandIn() as chal:
        app.config["CHALLONGE_URL"] = chal.url
        chal.put("single elimination", 4)
        page = _link(desk_client, _event(), "https://challonge.com/weekly12", chal.key, "challonge")
    assert db.session.query(TieLink).count() == 1 and chal.key not in page.get_data(as_text=True)
    requests = [r.getMessage() for r in caplog.records if r.name == "httpx"]
    assert requests and all(chal.key not in line for line in requests)
