"""start.gg answering as the API's documentation says it never does: an answer that is not JSON, a list where
an object goes, 10,000 entrants, endless pages, 9 MB or one byte a second is refused in words (a timeout,
not a stalled worker) and nothing of it is kept."""
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from startgg_brackets import put
from startgg_standin import Root, serving

from webapp.extensions import db
from webapp.models import Entrant, Phase, TieId, TieLink
from webapp.services.setup import events
from webapp.services.ties import bounded

TOKEN = "sgg-attack-token-9b1d"
ADDRESS = "https://www.start.gg/tournament/weekly-12/event/ultimate-singles"


@pytest.fixture
def gg(app):
    with serving(app, TOKEN) as standin:
        yield standin


def _link(client):
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    return client.post(f"/desk/e/{event.id}/startgg/link", data={"event": ADDRESS, "token": TOKEN},
                       follow_redirects=True)


def _nothing_linked() -> bool:
    db.session.expire_all()
    return not (db.session.query(TieLink).count() or db.session.query(TieId).count()
                or db.session.query(Entrant).count() or db.session.query(Phase).count())


class OddStartgg:
    """An endpoint answering every request with the same bytes, at once or one byte every `drip` seconds."""

    def __init__(self, body: bytes, drip: float = 0.0):
        owner, self.body, self.drip, self.requests = self, body, drip, 0

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):  # noqa: N802 (http.server's name)
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                owner.requests += 1
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(owner.body)))
                self.end_headers()
                try:
                    for start in range(0, len(owner.body), 1 if owner.drip else len(owner.body) or 1):
                        self.wfile.write(owner.body[start:start + (1 if owner.drip else len(owner.body))])
                        self.wfile.flush()
                        time.sleep(owner.drip)
                except OSError:
                    pass  # taikai hung up: what it should do

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/gql/alpha"

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def _event_answer(**event) -> bytes:
    base = {"id": 1200, "videogame": {"id": 1386, "characters": [], "stages": []},
            "entrants": {"nodes": []}, "phases": []}
    return json.dumps({"data": {"event": {**base, **event}}}).encode()


def _many(n: int) -> dict:
    return {"nodes": [{"id": 4400000 + i, "name": f"P{i}", "initialSeedNum": i} for i in range(n)]}


ODD = {
    "not JSON": (b"<html><body>Bad Gateway</body></html>", "読み取れない形"),
    "a list": (b"[1, 2, 3]", "読み取れない形"),
    "nested deep": (b"[" * 100_000 + b"]" * 100_000, "読み取れない形"),
    "data a list": (json.dumps({"data": []}).encode(), "taikaiの読み取れない形の答えがありました"),
    "event a list": (json.dumps({"data": {"event": [1]}}).encode(), "読み取れない形の種目がありました"),
    "entrants a list": (_event_answer(entrants=[]), "読み取れない形のエントリーの一覧がありました"),
    "an entrant a number": (_event_answer(entrants={"nodes": [7]}), "読み取れない形のエントリーがありました"),
    "an id an object": (_event_answer(id={"x": 1}), "idがtaikaiの読み取れない形の種目がありました"),
    "phases an object": (_event_answer(phases={"a": 1}), "phasesがtaikaiの読み取れない形の種目"),
    "characters of numbers": (_event_answer(videogame={"id": 1, "characters": [5]}), "読み取れない形のキャラクター"),
    "an entrant without an id": (_event_answer(entrants={"nodes": [{"name": "P1"}]}), "idのないエントリーがありました"),
    "errors a word": (json.dumps({"errors": "<b>no</b>"}).encode(), "start.ggが受け付けませんでした"),
    "errors of numbers": (json.dumps({"errors": [1, 2]}).encode(), "start.ggが受け付けませんでした"),
    "10,000 entrants": (_event_answer(entrants=_many(10_000)), "10000"),
    "too many to read": (_event_answer(entrants={"pageInfo": {"total": 501}, "nodes": []}), "501"),
    "9 MB": (b'{"data": {"event": {"name": "' + b"x" * (9 * 1024 * 1024) + b'"}}}', "8 MB"),
}


@pytest.mark.parametrize("kind", list(ODD))
def test_an_answer_not_in_start_gg_s_shape_is_refused_in_words_and_nothing_is_kept(app, desk_client, kind):
    body, words = ODD[kind]
    with OddStartgg(body) as odd:
        app.config["STARTGG_URL"] = odd.url
        answer = _link(desk_client)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and words in page, page[-1500:]
    assert "<b>no</b>" not in page and _nothing_linked()


def test_endless_pages_of_sets_are_refused_not_read_for_ever(app, desk_client, gg):
    put(gg, "SINGLE_ELIMINATION", 4)
    original = Root.phaseGroup

    def endless(self, info, id=None):  # noqa: A002 (start.gg's argument name)
        found = original(self, info, id)
        found["sets"]["pageInfo"]["totalPages"] = 10**9
        return found
    Root.phaseGroup = endless
    try:
        page = _link(desk_client).get_data(as_text=True)
    finally:
        Root.phaseGroup = original
    assert "1000000000" in page and len(gg.calls) == 2 and _nothing_linked()


def test_an_answer_dripping_a_byte_a_second_is_a_timeout_not_a_stalled_worker(app, desk_client, monkeypatch):
    monkeypatch.setattr(bounded, "DEADLINE", 1.5)
    with OddStartgg(_event_answer(), drip=0.2) as odd:
        app.config["STARTGG_URL"] = odd.url
        began = time.monotonic()
        page = _link(desk_client).get_data(as_text=True)
        took = time.monotonic() - began
    assert took < 4 and "今はstart.ggにつながりません" in page and _nothing_linked()
