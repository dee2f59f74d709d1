"""No request can change what another viewer receives (issue 25).

A page kept for every viewer (the page gate's replay, the fragment cache in a folder or in Redis,
its compressed bodies, the static files kept in memory) must not depend on any part of a request
that is not in its key. Checked as a property through the whole WSGI stack as the public host
runs it (TAIKAI_PROXIES=1 behind one proxy; once more with Host, Port and Prefix trusted, as an
operator may name them): after any sequence of strangers' requests — any Host, X-Forwarded-*,
Forwarded, cookies, Accept-Encoding, Accept-Language, htmx headers and query — while results are
recorded and a signed-in desk reads the same pages, a clean viewer's request gets the very bytes
(status, headers, body) a fresh server with empty caches gives at the same data version; and no
page read, a stranger's, the desk's or a viewer's, writes a row. Before the fix one
`X-Forwarded-Prefix: //evil.example` on an unviewed version pointed every later viewer's links at
the stranger.
"""
import contextlib
import os
import uuid

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule, run_state_machine_as_test
from redis_support import local_redis, redis_at  # noqa: E402
from sqlalchemy import event as sa_event
from sqlalchemy.engine import Engine
from werkzeug.test import EnvironBuilder, run_wsgi_app

from webapp import create_app
from webapp.database import write_transaction
from webapp.extensions import cache, db
from webapp.lru import LRU
from webapp.models import MatchRow
from webapp.polling import fragments, stamps
from webapp.services.accounts import users as accounts
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events
from webapp.views.public.pages import static_digest
from webapp.web.static_files import StaticFromMemory

PROXY = {"Host": "taikai.example.jp", "X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
QUERIES = ("", "view=top8", "pools=2", "view=TOP8", "lang=en", "%6cang=en", "x=1", "pools=02", "view=top8&view=all")
SHARED = ("phase", "phase?view=top8", "phase?pools=2", "standings")
WORDS = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7e), max_size=12)


def _maybe(*values, words=False):
    return st.one_of(st.none(), st.sampled_from(values), *([WORDS] if words else []))


STRANGER = st.fixed_dictionaries({}, optional={
    "Host": _maybe("evil.example", "evil.example:444", "taikai.example.jp, evil.example", "[::1]", words=True),
    "X-Forwarded-Prefix": _maybe("//evil.example", "/x", "/", "https://evil.example/p", "/a:br", words=True),
    "X-Forwarded-Host": _maybe("evil.example", "evil.example, taikai.example.jp", words=True),
    "X-Forwarded-Port": _maybe("4444", "x", "443, 80"),
    "X-Forwarded-Proto": _maybe("http", "https", "javascript", "https, http"),
    "X-Forwarded-For": _maybe("10.0.0.1", "1.2.3.4, 5.6.7.8"),
    "X-Forwarded-Server": _maybe("evil.example"),
    "Forwarded": _maybe("host=evil.example;proto=https", 'for="[::1]";host="evil.example";proto=http'),
    "Cookie": _maybe("taikai_lang=en", "taikai_lang=ja; taikai_lang=en", 'taikai_lang="en"', "session=x",
                     "taikai_lang=en; session=abc", "=;;", "taikai_lang=xx"),
    "Accept-Encoding": _maybe("", "gzip", "br", "gzip, br", "identity", "br;q=0, gzip", "*", "zstd"),
    "Accept-Language": _maybe("en", "ja", "fr;q=1, en;q=0.5"),
    "HX-Request": _maybe("true", "TRUE", "false"),
    "HX-Boosted": _maybe("true"),
    "HX-Target": _maybe("bracket", "body"),
    "HX-Current-URL": _maybe("https://evil.example/"),
    "HX-History-Restore-Request": _maybe("true"),
    "If-None-Match": _maybe("*", '"x"'),
})
CLEAN = st.fixed_dictionaries({
    "page": st.sampled_from(SHARED + ("css", "js")),
    "Cookie": _maybe("taikai_lang=ja", "taikai_lang=en"),
    "Accept-Encoding": _maybe("gzip, deflate, br", "gzip"),
    "HX-Request": _maybe("true"),
})


def _event():
    # The test's own session writes as a desk form does (write_transaction): see Strangers.record.
    with write_transaction(db.session):
        event = events.create_event(f"共有の試験 {uuid.uuid4().hex[:8]}", "kgp2025")
        entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 7)])
        phase = events.add_phase(event, "本戦", "double_elimination")
        db.session.flush()
        brackets.start_phase(phase, event.entrants)
    return event, phase


def _url(server, event, phase, page: str) -> tuple[str, str]:
    digest = static_digest(server.static_folder)
    path, _, query = {"css": f"/static/css/app.css?v={digest}", "js": f"/static/js/dom.js?v={digest}",
                      "standings": f"/e/{event.slug}/standings"}.get(
        page, page.replace("phase", f"/e/{event.slug}/phase/{phase.id}")).partition("?")
    return path, query


@contextlib.contextmanager
def _writes_nothing(what: str):
    """The block (a page read) sends no INSERT, UPDATE or DELETE to any database.

    A page read that wrote would take SQLite's write lock and move other viewers' data; and a
    commit during a read is what makes a writer's older snapshot refused (see Strangers.record).
    """
    writes = []

    def _seen(_conn, _cursor, statement, *_rest):
        if statement.lstrip()[:6].upper() in ("INSERT", "UPDATE", "DELETE"):
            writes.append(statement)

    sa_event.listen(Engine, "before_cursor_execute", _seen)
    try:
        yield
    finally:
        sa_event.remove(Engine, "before_cursor_execute", _seen)
    assert not writes, (what, writes)


def _ask(server, path: str, query: str, headers: dict) -> tuple:
    environ = EnvironBuilder(path=path, query_string=query).get_environ()
    environ.pop("HTTP_HOST", None)
    environ.update({"HTTP_" + k.upper().replace("-", "_"): v for k, v in headers.items() if v is not None})
    with _writes_nothing(f"GET {path}?{query}"):
        body, status, answer = run_wsgi_app(server.wsgi_app, environ, buffered=True)
    return status, sorted(answer.items()), b"".join(body)


@contextlib.contextmanager
def _fresh(server):
    """`server` with every cache empty: its page gate, static files, shared cache, and a worker's memory."""
    gate = server.extensions["taikai_page_gate"]
    gate.kept.clear()
    layer = server.wsgi_app
    while not isinstance(layer, StaticFromMemory):
        layer = getattr(layer, "wsgi_app", None) or layer.app
    layer.kept.clear()
    with server.app_context():
        cache.clear()
    kept = fragments._LOCAL  # noqa: SLF001 - this process is both servers
    fragments._LOCAL = LRU(fragments._LOCAL_BYTES, weigh=len)  # noqa: SLF001
    try:
        yield server
    finally:
        fragments._LOCAL = kept  # noqa: SLF001


class Strangers(RuleBasedStateMachine):
    """Strangers send anything while results land; viewers' pages are checked against a fresh server."""

    servers: tuple = ()
    desk = None

    def __init__(self):
        super().__init__()
        self.event, self.phase = _event()
        self.shared, self.fresh = self.servers
        self.signed_in = None

    @rule(page=st.sampled_from(SHARED + ("css", "phase?lang=en")), query=st.sampled_from(QUERIES),
          headers=STRANGER)
    def stranger(self, page, query, headers):
        path, own = _url(self.shared, self.event, self.phase, page)
        _ask(self.shared, path, "&".join(q for q in (own, query) if q), headers)

    @rule(page=st.sampled_from(SHARED), headers=STRANGER)
    def desk_phone(self, page, headers):
        """A signed-in desk reads the same pages (its page is its own; the bracket inside is shared)."""
        if self.signed_in is None:
            self.signed_in = self.shared.test_client()
            answer = self.signed_in.post("/login", data={"username": self.desk, "password": "desk-pass-123"},
                                         headers={k: v for k, v in PROXY.items() if k != "Host"})
            assert answer.status_code == 302
        path, query = _url(self.shared, self.event, self.phase, page)
        with _writes_nothing(f"the desk's GET {path}?{query}"):
            self.signed_in.get(path, query_string=query, headers={k: v for k, v in headers.items()
                                                                  if v is not None and k != "Cookie"})

    @rule()
    def record(self):
        """A result lands, written as the desk's forms write one: holding the write lock from the start.

        This session's reads of self.event and self.phase (every step's URL) leave a read
        transaction open between steps; once a request commits (the desk's sign-in writes its
        login_session row), writing in that old snapshot is refused at once in SQLite's WAL mode
        ("database is locked"), as immediate_writes in webapp/database.py explains for forms.
        """
        with write_transaction(db.session):
            match = next((m for b in self.phase.brackets for m in b.matches if m.status == "ready"), None)
            if match is not None:
                brackets.record_winner(db.session.get(MatchRow, match.id), match.slot_b)

    @rule(clean=CLEAN)
    def viewer(self, clean):
        path, query = _url(self.shared, self.event, self.phase, clean["page"])
        headers = {**PROXY, **{k: v for k, v in clean.items() if k != "page"}}
        seen = _ask(self.shared, path, query, headers)
        with _fresh(self.fresh) as fresh:
            expected = _ask(fresh, path, query, headers)
        assert seen == expected, (clean, seen[0], expected[0])
        assert b"evil" not in seen[2]

    def teardown(self):
        for page in ("phase", "standings"):
            self.viewer({"page": page, "Cookie": None, "Accept-Encoding": "gzip, deflate, br", "HX-Request": None})


@pytest.fixture(scope="module")
def redis_url():
    with redis_at(local_redis(0)) as url:
        yield url


def _server(app, trust: dict, kind: str, folder, redis_url: str):
    shared = {"CACHE_TYPE": "RedisCache", "CACHE_REDIS_URL": redis_url,
              "CACHE_KEY_PREFIX": f"taikai-test-{uuid.uuid4().hex}:"} if kind == "redis" else \
        {"CACHE_TYPE": "webapp.polling.folder_cache.FolderCache", "CACHE_DIR": str(folder)}
    return create_app({"TESTING": True, "SECRET_KEY": app.config["SECRET_KEY"], "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], **trust, **shared})


def _close(server) -> None:
    """Its caches emptied and its database connections closed (PostgreSQL's are counted)."""
    with server.app_context():
        cache.clear()
        engine = db.engine
        reader = stamps._readers.pop((os.getpid(), id(engine)), None)  # noqa: SLF001
        for one in (engine, reader):
            if one is not None:
                one.dispose()


@pytest.mark.timeout(600)
@pytest.mark.parametrize("kind", ["folder", "redis"])
@pytest.mark.parametrize("trust", [{"TAIKAI_PROXIES": 1},
                                   {"TAIKAI_PROXIES": 1, "TAIKAI_FORWARDED_HEADERS": "host,port,prefix"}],
                         ids=["proxy", "proxy-naming-host-port-prefix"])
def test_no_request_changes_what_a_clean_viewer_receives(app, tmp_path, redis_url, kind, trust):
    Strangers.servers = tuple(_server(app, trust, kind, tmp_path / name, redis_url) for name in ("a", "b"))
    Strangers.desk = accounts.create_user(f"desk{uuid.uuid4().hex[:8]}", "desk-pass-123", role="desk").username
    db.session.commit()
    try:
        run_state_machine_as_test(Strangers, settings=settings(
            max_examples=15, stateful_step_count=12, deadline=None, derandomize=True,
            suppress_health_check=list(HealthCheck)))
    finally:
        for server in Strangers.servers:
            _close(server)
