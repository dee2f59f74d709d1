"""A stand-in for start.gg's GraphQL API (api.start.gg/gql/alpha), answering through start.gg's own schema.

Every request is executed by graphql-core against the vendored schema (startgg_schema.graphql, see its
header for the source): a query or mutation the real API would refuse (a field, argument or input type it
does not have, a wrong variable type) is refused here too and kept in ``invalid`` so a test fails on it.
It holds an event's sets as start.gg does: a reported set moves its winner (and in double elimination its
loser) on to the sets its slots say; ``reportBracketSet`` on a completed set answers "Cannot report
completed set via API." (start.gg's words); ``resetSet`` clears a set and, asked to, its dependents; more
than 80 requests in 60 seconds answer HTTP 429 "Rate limit exceeded - api-token"; a wrong token answers
401. ``offline = True`` drops every connection unanswered (a venue without internet). An event of several
phases (startgg_pools.py) keeps each phase's ``seeds``; when every set of a pool is complete, its placed
players fill the later phase's seeds whose ``progressionSource`` names that pool and placement, and the
sets those seeds start in (start.gg progresses them itself; the stand-in does not take a progression back).

Messages marked "(stand-in)" are this stand-in's words where start.gg's own are not published.
"""
import contextlib
import copy
import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from graphql import build_schema, graphql_sync, parse, validate

SCHEMA = build_schema((Path(__file__).parent / "startgg_schema.graphql").read_text(encoding="utf-8"))


def problems(query: str) -> list[str]:
    """What start.gg's schema says is wrong with a query or mutation (empty: it would be taken)."""
    return [e.message for e in validate(SCHEMA, parse(query))]


class Gone(Exception):
    """Stand-in: drop the connection without answering."""


class StartggStandIn:
    """``with StartggStandIn(token) as gg:``; ``gg.url`` is its endpoint, ``gg.sets`` its sets by id."""

    def __init__(self, token: str = "sgg-token-7f3a"):
        self.token, self.offline, self.clock = token, False, time.monotonic
        self.event: dict = {}
        self.sets: dict[int, dict] = {}
        self.routes: dict[int, dict] = {}     # set id -> {"winner": (set id, slot), "loser": (...)}
        self.calls: list[dict] = []           # every request taken: {"query", "variables", "errors"}
        self.invalid: list[str] = []          # schema refusals: a test fails on any
        self.window: deque = deque()
        self.lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):  # noqa: N802 (http.server's name)
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    status, body = owner.take(self.headers.get("Authorization", ""), json.loads(raw or b"{}"))
                except Gone:
                    self.close_connection = True
                    return
                payload = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/gql/alpha"

    def take(self, auth: str, request: dict) -> tuple[int, dict]:
        with self.lock:
            if self.offline:
                raise Gone()
            if auth != f"Bearer {self.token}":
                return 401, {"success": False, "message": "Invalid authentication token"}
            if not self._within_limit():
                return 429, {"success": False, "message": "Rate limit exceeded - api-token"}
            return 200, self._execute(request.get("query") or "", request.get("variables") or {})

    def _within_limit(self) -> bool:
        now = self.clock()
        while self.window and now - self.window[0] >= 60:
            self.window.popleft()
        if len(self.window) >= 80:
            return False
        self.window.append(now)
        return True

    def _execute(self, query: str, variables: dict) -> dict:
        found = problems(query) if query else ["empty query"]
        if found:
            self.invalid.extend(found)
            self.calls.append({"query": query, "variables": variables, "errors": found})
            return {"errors": [{"message": m} for m in found]}
        result = graphql_sync(SCHEMA, query, root_value=Root(self), variable_values=variables)
        errors = [e.message for e in result.errors or []]
        if result.data is None:  # refused before running: a variable the schema's types do not take
            self.invalid.extend(errors)
        self.calls.append({"query": query, "variables": variables, "errors": errors})
        out = {"data": result.data}
        if errors:
            out["errors"] = [{"message": m} for m in errors]
        return out

    def mutations(self, name: str) -> list[dict]:
        """The variables of every accepted call of one mutation, in order."""
        return [c["variables"] for c in self.calls if not c["errors"] and name + "(" in c["query"]]

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    # The event's state, as start.gg keeps it.

    def set_now(self, set_id) -> dict:
        found = self.sets.get(int(set_id))
        if found is None:
            raise ValueError(f"Set not found for id: {set_id}")
        return found

    def report(self, set_id, winner_id, is_dq, game_data) -> dict:
        one = self.set_now(set_id)
        if one["state"] == 3:
            raise ValueError("Cannot report completed set via API.")
        self._complete(one, winner_id, is_dq, game_data)
        return one

    def update(self, set_id, winner_id, is_dq, game_data) -> dict:
        one = self.set_now(set_id)
        if one["state"] != 3:
            raise ValueError("Set is not completed (stand-in)")
        if winner_id is not None and int(winner_id) != one["winnerId"]:
            raise ValueError("Cannot change the winner of a completed set; reset it first (stand-in)")
        self._complete(one, one["winnerId"], is_dq, game_data, move=False)
        return one

    def reset(self, set_id, dependents: bool) -> dict:
        one = self.set_now(set_id)
        if one["state"] != 3:
            one["state"] = 1
            return one
        for role in ("winner", "loser"):
            target = self.routes.get(one["id"], {}).get(role)
            if target is None:
                continue
            after = self.sets[target[0]]
            if after["state"] == 3 and not dependents:
                raise ValueError("Set has dependent sets that have been completed (stand-in)")
            if after["state"] == 3:
                self.reset(after["id"], True)
            after["slots"][target[1]]["entrant"] = None
        one.update(state=1, winnerId=None, games=[])
        for slot in one["slots"]:
            slot["standing"] = None
        return one

    def _complete(self, one: dict, winner_id, is_dq: bool, game_data, move: bool = True) -> None:
        entrants = [s["entrant"]["id"] if s["entrant"] else None for s in one["slots"]]
        winner = int(winner_id) if winner_id is not None else None
        if winner is None or winner not in entrants or None in entrants:
            raise ValueError("Winner must be an entrant of this set (stand-in)")
        games = [self._game(g, entrants) for g in game_data or []]
        loser = entrants[1 - entrants.index(winner)]
        one.update(state=3, winnerId=winner, games=[] if is_dq else games)
        for slot in one["slots"]:
            lost = slot["entrant"]["id"] == loser
            slot["standing"] = {"stats": {"score": {"value": -1 if (is_dq and lost) else None}}}
        if move:
            for role, who in (("winner", winner), ("loser", loser)):
                target = self.routes.get(one["id"], {}).get(role)
                if target is not None:
                    self.sets[target[0]]["slots"][target[1]]["entrant"] = {"id": who}
            self._progress(one["group"])

    def _progress(self, group) -> None:
        """A pool whose every set is complete sends its placed players on (start.gg's progressions)."""
        sets = [s for s in self.sets.values() if s["group"] == group]
        if any(s["state"] != 3 for s in sets):
            return
        places = []
        for side in (1, -1):  # the winners side's last players, then the losers side's, in bracket order
            last = [s for s in sets if (s["round"] > 0) == (side > 0) and "winner" not in self.routes.get(s["id"], {})]
            places += [s["winnerId"] for s in sorted(last, key=lambda s: s["identifier"])]
        for phase in self.event.get("phases", []):
            for seed in (phase.get("seeds") or {}).get("nodes") or []:
                source = seed.get("progressionSource") or {}
                if (source.get("originPhaseGroup") or {}).get("id") != group:
                    continue
                seed["entrant"] = {"id": places[source["originPlacement"] - 1]}
                for one in self.sets.values():
                    for slot in one["slots"]:
                        if (slot.get("seed") or {}).get("seedNum") == seed["seedNum"] and \
                                one["group"] == seed["phaseGroup"]["id"] and slot["prereqType"] == "seed":
                            slot["entrant"] = seed["entrant"]

    def _game(self, game: dict, entrants: list) -> dict:
        game_ids = self.event["videogame"]
        characters = {c["id"] for c in game_ids["characters"]}
        stages = {s["id"] for s in game_ids["stages"]}
        picks = []
        for pick in game.get("selections") or []:
            if int(pick["entrantId"]) not in entrants or int(pick["characterId"]) not in characters:
                raise ValueError("Invalid selection (stand-in)")
            picks.append({"entrant": {"id": int(pick["entrantId"])}, "character": {"id": int(pick["characterId"])}})
        stage = game.get("stageId")
        if stage is not None and int(stage) not in stages:
            raise ValueError("Invalid stage (stand-in)")
        return {"orderNum": game["gameNum"], "winnerId": int(game["winnerId"]) if game.get("winnerId") else None,
                "entrant1Score": game.get("entrant1Score"), "entrant2Score": game.get("entrant2Score"),
                "stage": {"id": int(stage)} if stage is not None else None, "selections": picks}

    def holds(self) -> dict[int, dict]:
        """Every set as start.gg holds it now (a copy)."""
        return copy.deepcopy(self.sets)


class Root:
    """The operations start.gg answers, resolved on the stand-in's state (graphql-core's root value)."""

    def __init__(self, gg: StartggStandIn):
        self.gg = gg

    def event(self, info, id=None, slug=None):  # noqa: A002 (start.gg's argument name)
        found = self.gg.event
        return found if found and (slug in (None, found.get("slug")) and id in (None, str(found.get("id")))) else None

    def phaseGroup(self, info, id=None):  # noqa: N802, A002
        for phase in self.gg.event.get("phases", []):
            for group in phase["phaseGroups"]["nodes"]:
                if str(group["id"]) == str(id):
                    sets = [s for s in self.gg.sets.values() if s["group"] == group["id"]]
                    return {**group, "sets": {"pageInfo": {"totalPages": 1, "total": len(sets)}, "nodes": sets}}
        return None

    def phase(self, info, id=None):  # noqa: A002
        return next((p for p in self.gg.event.get("phases", []) if str(p["id"]) == str(id)), None)

    def set(self, info, id):  # noqa: A002
        return self.gg.sets.get(int(id))

    def reportBracketSet(self, info, setId, winnerId=None, isDQ=None, gameData=None):  # noqa: N802, N803
        return [self.gg.report(setId, winnerId, bool(isDQ), gameData)]

    def updateBracketSet(self, info, setId, winnerId=None, isDQ=None, gameData=None):  # noqa: N802, N803
        return self.gg.update(setId, winnerId, bool(isDQ), gameData)

    def resetSet(self, info, setId, resetDependentSets=None):  # noqa: N802, N803
        return self.gg.reset(setId, bool(resetDependentSets))

    def markSetInProgress(self, info, setId):  # noqa: N802, N803
        one = self.gg.set_now(setId)
        if one["state"] != 3:
            one["state"] = 2
        return one


@contextlib.contextmanager
def serving(app, token: str):
    """The stand-in as the app's start.gg for the block; at its end, no query start.gg's schema refuses."""
    with StartggStandIn(token) as standin:
        app.config["STARTGG_URL"] = standin.url
        yield standin
        assert standin.invalid == [], "a query start.gg's schema refuses"
