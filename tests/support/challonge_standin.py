"""A stand-in for Challonge's API v1, from its documentation (api.challonge.com/v1/documents): the
tournament with ``include_participants``/``include_matches``, one match, ``PUT`` a match with
``match[scores_csv]`` and ``match[winner_id]`` and ``POST .../reopen``. It holds a bracket as Challonge
does: a completed match moves its winner (and in double elimination its loser) on; a winner needs its
scores ("If you're updating winner_id, scores_csv must also be provided"); changing a completed match's
outcome resets the matches that branch from it, as reopening does. Errors are ``{"errors": [...]}``; a
wrong ``api_key`` answers 401. Messages marked "(stand-in)" are this stand-in's words.
"""
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

from startgg_brackets import Builder, losers, winners


class Refusal(Exception):
    def __init__(self, status: int, words: str):
        super().__init__(words)
        self.status, self.words = status, words


class ChallongeStandIn:
    def __init__(self, key: str = "chal-key-31d7", slug: str = "weekly12"):
        self.key, self.slug, self.offline = key, slug, False
        self.tournament: dict = {}
        self.participants: dict[int, dict] = {}
        self.matches: dict[int, dict] = {}
        self.calls: list[tuple] = []
        self.lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _serve(self, method):
                parts = urlsplit(self.path)
                query = dict(parse_qsl(parts.query))
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
                form = dict(parse_qsl(raw))
                if owner.offline:
                    self.close_connection = True
                    return
                status, body = owner.take(method, parts.path, query, form)
                payload = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def do_GET(self):  # noqa: N802
                self._serve("GET")

            def do_PUT(self):  # noqa: N802
                self._serve("PUT")

            def do_POST(self):  # noqa: N802
                self._serve("POST")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def take(self, method: str, path: str, query: dict, form: dict) -> tuple[int, dict]:
        with self.lock:
            self.calls.append((method, path, form))
            if query.get("api_key") != self.key:
                return 401, {"errors": ["Invalid credentials"]}
            try:
                return 200, self._route(method, path, query, form)
            except Refusal as refusal:
                return refusal.status, {"errors": [refusal.words]}

    def _route(self, method, path, query, form) -> dict:
        base = f"/v1/tournaments/{self.slug}"
        if method == "GET" and path == base + ".json":
            return {"tournament": self._tournament(query)}
        found = re.fullmatch(base + r"/matches/(\d+)(/reopen)?\.json", path)
        if not found or int(found.group(1)) not in self.matches:
            raise Refusal(404, "Requested resource not found (stand-in)")
        match = self.matches[int(found.group(1))]
        if method == "GET" and not found.group(2):
            return {"match": dict(match)}
        if method == "POST" and found.group(2):
            self._reopen(match)
            return {"match": dict(match)}
        if method == "PUT" and not found.group(2):
            self._update(match, form.get("match[scores_csv]"), form.get("match[winner_id]"))
            return {"match": dict(match)}
        raise Refusal(404, "Requested resource not found (stand-in)")

    def _tournament(self, query) -> dict:
        out = dict(self.tournament)
        if query.get("include_participants") == "1":
            out["participants"] = [{"participant": dict(p)} for p in self.participants.values()]
        if query.get("include_matches") == "1":
            out["matches"] = [{"match": dict(m)} for m in self.matches.values()]
        return out

    def _update(self, match: dict, scores, winner) -> None:
        if winner is not None and not scores:
            raise Refusal(422, "Scores csv must be provided when a winner is given (stand-in)")
        players = [match["player1_id"], match["player2_id"]]
        if None in players:
            raise Refusal(422, "Match is not open (stand-in)")
        winner = int(winner)
        if winner not in players:
            raise Refusal(422, "Winner must be one of the match's players (stand-in)")
        if match["state"] == "complete" and match["winner_id"] != winner:
            self._reopen(match)  # documented: a changed outcome resets the matches that branch from it
        match.update(state="complete", winner_id=winner, loser_id=players[1 - players.index(winner)],
                     scores_csv=scores)
        for other in self.matches.values():
            for n in (1, 2):
                if other[f"player{n}_prereq_match_id"] == match["id"]:
                    loser = other[f"player{n}_is_prereq_match_loser"]
                    other[f"player{n}_id"] = match["loser_id"] if loser else winner
                    self._open(other)

    def _reopen(self, match: dict) -> None:
        for other in self.matches.values():
            for n in (1, 2):
                if other[f"player{n}_prereq_match_id"] == match["id"] and other[f"player{n}_id"] is not None:
                    if other["state"] == "complete":
                        self._reopen(other)
                    other[f"player{n}_id"] = None
                    other["state"] = "pending"
        match.update(state="open", winner_id=None, loser_id=None, scores_csv="")

    @staticmethod
    def _open(match: dict) -> None:
        if match["state"] == "pending" and match["player1_id"] and match["player2_id"]:
            match["state"] = "open"

    def put(self, kind: str, players: int) -> None:
        """A tournament as Challonge builds it (the textbook bracket of startgg_brackets, Challonge's fields)."""
        entrants = {n: 7700 + n for n in range(1, players + 1)}
        b = Builder(first_id=330001)
        w = winners(b, players, entrants)
        if kind == "double elimination":
            final = losers(b, w)
            gf = b.add(len(w) + 1, "GF", [_prereq(w[-1][0], 1), _prereq(final, 1)])
            b.add(len(w) + 2, "GF2", [_prereq(gf, 1), _prereq(gf, 2)])
        self.tournament = {"id": 9901, "url": self.slug, "name": "Weekly 12", "tournament_type": kind}
        self.participants = {e: {"id": e, "name": f"Player{n}", "seed": n} for n, e in entrants.items()}
        self.matches = {i: _match(s) for i, s in b.sets.items()}


    def put_groups(self, players: int = 16, groups: int = 4) -> None:
        """A two-stage tournament as v1 shows it before its group stage ends: ``group_stages_enabled``, each
        group's matches with their ``group_id`` (players by ``group_player_ids``), no final-stage match yet."""
        self.put("double elimination", players // groups)
        one_group = list(self.matches.values())
        self.tournament["group_stages_enabled"] = True
        self.matches = {}
        for g in range(groups):
            for m in one_group:
                copy = dict(m, id=m["id"] + 1000 * g, group_id=440000 + g)
                self.matches[copy["id"]] = copy


def _prereq(set_id: int, placement: int) -> dict:
    return {"prereqType": "set", "prereqId": set_id, "prereqPlacement": placement, "entrant": None}


def _match(one: dict) -> dict:
    out = {"id": one["id"], "identifier": one["identifier"], "round": one["round"], "state": "pending",
           "winner_id": None, "loser_id": None, "scores_csv": ""}
    for n, slot in enumerate(one["slots"], start=1):
        from_set = slot.get("prereqType") == "set"
        out[f"player{n}_prereq_match_id"] = slot["prereqId"] if from_set else None
        out[f"player{n}_is_prereq_match_loser"] = from_set and slot["prereqPlacement"] == 2
        out[f"player{n}_id"] = (slot.get("entrant") or {}).get("id")
    ChallongeStandIn._open(out)
    return out


def challonge_holds(chal) -> dict:
    """Every match as the stand-in holds it: {"winnerId", "scores_csv"} when complete, else None."""
    return {str(i): ({"winnerId": str(m["winner_id"]), "scores_csv": m["scores_csv"]}
                     if m["state"] == "complete" else None) for i, m in chal.matches.items()}


def taikai_holds(link, chal) -> dict:
    """What taikai holds for every linked match, in Challonge's form and that match's player order."""
    from webapp.extensions import db
    from webapp.models import MatchRow
    from webapp.services.reads import standings
    from webapp.services.ties import challonge, queue

    ids, names, out = queue.ids_of(link), standings.names(link.event_id), {str(i): None for i in chal.matches}
    for t in link.ids:
        if t.kind == "match":
            body = challonge.body_of(db.session.get(MatchRow, int(t.local)), names, ids)
            out[t.remote] = challonge._as_held(body, chal.matches[int(t.remote)])  # noqa: SLF001
    return out
