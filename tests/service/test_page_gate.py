"""The page gate (webapp/polling/pagegate.py) replays public pages to session-less viewers.

Invariant, checked as a property: whatever results are recorded between views, every answer
the gate gives — replayed or not — is the answer the app itself gives to that request at that
moment (status, headers, page), and only session-less requests are ever replayed.
"""
import gzip
import time

import brotli
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule, run_state_machine_as_test
from werkzeug.test import Client

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.polling import pagegate
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events

PAGES = ("phase", "phase?view=top8", "standings")
ENCODINGS = ("gzip, br", "gzip", "identity", "br;q=0, gzip")
LANGUAGES = (None, "ja", "en", "xx")


def _event(players=8):
    event = events.create_event(f"ゲートの試験 {time.monotonic_ns()}", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, players + 1)])
    phase = events.add_phase(event, "本戦", "double_elimination")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase


def _gate(app) -> pagegate.PageGate:
    return app.extensions["taikai_page_gate"]


def _url(event, phase, page: str) -> str:
    if page == "standings":
        return f"/e/{event.slug}/standings"
    path, _, query = page.partition("?")
    return f"/e/{event.slug}/phase/{phase.id}" + (f"?{query}" if query else "")


def _ask(wsgi_app, url, encoding, lang=None, htmx=False, https=False, cookie=None):
    headers = {"Accept-Encoding": encoding}
    if htmx:
        headers["HX-Request"] = "true"
    cookies = [f"taikai_lang={lang}"] if lang else []
    if cookie:
        cookies.append(cookie)
    if cookies:
        headers["Cookie"] = "; ".join(cookies)
    base = "https://venue.example" if https else "http://venue.example"
    response = Client(wsgi_app, use_cookies=False).get(  # the Cookie header as given
        url, headers=headers, base_url=base)
    body = response.get_data()
    coding = response.headers.get("Content-Encoding")
    page = brotli.decompress(body) if coding == "br" else gzip.decompress(body) if coding == "gzip" else body
    return response.status, sorted(response.headers.items()), page


def _record_one(phase) -> bool:
    match = next((m for b in phase.brackets for m in b.matches if m.status == "ready"), None)
    if match is None:
        return False
    brackets.record_winner(db.session.get(MatchRow, match.id), match.slot_b)
    db.session.commit()
    return True


def test_a_replayed_page_is_the_apps_answer_and_a_result_is_seen_at_once(app):
    event, phase = _event()
    gate, url = _gate(app), _url(event, phase, "phase")
    first = _ask(app.wsgi_app, url, "gzip, br")
    before = gate.replays
    again = _ask(app.wsgi_app, url, "gzip, br")
    assert gate.replays == before + 1 and again == first
    assert _record_one(phase)
    changed = _ask(app.wsgi_app, url, "gzip, br")
    assert gate.replays == before + 1, "the version moved: the app answers"
    assert changed[2] != first[2] and changed == _ask(gate.wsgi_app, url, "gzip, br")


def test_a_session_or_a_language_switch_is_never_replayed(app):
    event, phase = _event()
    gate, url = _gate(app), _url(event, phase, "phase")
    before = gate.replays
    for _ in range(2):
        _ask(app.wsgi_app, url, "gzip", cookie="session=someone")
        _ask(app.wsgi_app, url + "?lang=en", "gzip")
        _ask(app.wsgi_app, url, "gzip", cookie="remember_token=1|abc")
    assert gate.replays == before
    status, headers, _page = _ask(app.wsgi_app, url + "?lang=en", "gzip")
    assert any(k == "Set-Cookie" for k, _ in headers), "the switch answers with its cookie"


def test_a_stranger_cannot_keep_another_language_under_readers_key(app):
    """A Cookie header naming the language twice must not leave an English page for Japanese readers."""
    event, phase = _event()
    url = _url(event, phase, "phase")
    for _ in range(2):
        _ask(app.wsgi_app, url, "gzip", cookie="taikai_lang=en; taikai_lang=ja")
        _ask(app.wsgi_app, url, "gzip", cookie="taikai_lang=ja; taikai_lang=en")
    for lang, words in (("ja", "<html lang=\"ja\">"), ("en", "<html lang=\"en\">")):
        assert words in _ask(app.wsgi_app, url, "gzip", lang)[2].decode(), lang
        assert _ask(app.wsgi_app, url, "gzip", lang) == _ask(_gate(app).wsgi_app, url, "gzip", lang)


def test_a_signed_in_desk_gets_its_own_page(app, client, desk_user):
    event, phase = _event()
    url = _url(event, phase, "phase")
    anonymous = client.get(url).get_data(as_text=True)
    client.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    before = _gate(app).replays
    signed_in = client.get(url).get_data(as_text=True)
    assert _gate(app).replays == before
    assert 'name="csrf-token"' in signed_in and signed_in != anonymous


def test_an_unchanged_poll_after_a_replay_still_answers_304(app):
    event, phase = _event()
    url = _url(event, phase, "phase")
    client = Client(app.wsgi_app)
    etag = None
    for _ in range(2):
        etag = client.get(url, headers={"HX-Request": "true", "Accept-Encoding": "gzip"}).headers["ETag"]
    assert client.get(url, headers={"HX-Request": "true", "Accept-Encoding": "gzip",
                                    "If-None-Match": etag}).status_code == 304


def test_the_kept_answers_stay_within_their_bound(app, monkeypatch):
    event, phase = _event()
    gate = _gate(app)
    monkeypatch.setattr(gate, "kept", pagegate.kept_answers(6000))
    for query in range(12):  # made-up query strings: each a new key
        _ask(app.wsgi_app, _url(event, phase, "phase") + f"?x={query}", "gzip")
        assert gate.kept.weight <= 6000 and gate.kept.weight == sum(len(v[2]) for v in gate.kept.values())


class Viewers(RuleBasedStateMachine):
    """Viewers read pages in any language, encoding and form while the desk records results."""

    app = None

    def __init__(self):
        super().__init__()
        self.event, self.phase = _event(6)
        self.last = None

    @rule(page=st.sampled_from(PAGES), encoding=st.sampled_from(ENCODINGS), lang=st.sampled_from(LANGUAGES),
          htmx=st.booleans(), https=st.booleans())
    def view(self, page, encoding, lang, htmx, https):
        self.last = (_url(self.event, self.phase, page), encoding, lang, htmx, https)
        self.view_again()

    @rule()
    def view_again(self):
        """The same request as the last view (hundreds of phones ask alike): replayed if unchanged."""
        if self.last is None:
            return
        through_the_gate = _ask(self.app.wsgi_app, *self.last)
        from_the_app = _ask(_gate(self.app).wsgi_app, *self.last)
        assert through_the_gate == from_the_app, self.last

    @rule()
    def record(self):
        _record_one(self.phase)

    @rule(page=st.sampled_from(PAGES))
    def signed_in_view(self, page):
        before = _gate(self.app).replays
        _ask(self.app.wsgi_app, _url(self.event, self.phase, page), "gzip", cookie="session=x")
        assert _gate(self.app).replays == before


def test_every_answer_is_the_apps_answer_whatever_happens_between(app):
    Viewers.app = app
    before = _gate(app).replays
    run_state_machine_as_test(Viewers, settings=settings(
        max_examples=12, stateful_step_count=15, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
    assert _gate(app).replays > before, "the runs should have replayed pages"
