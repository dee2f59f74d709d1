"""TournamentStreamHelper's web API as each generation's own handlers take it, and the scoreboard it drives.

Read from joaorb64/TournamentStreamHelper (src/TSHWebServer.py, src/TSHWebServerActions.py,
src/TSHScoreboardWidget.py, src/TSHScoreboardPlayerWidget.py):

- "2022" (one scoreboard, handlers inside TSHWebServer.py, PyQt5 + plain Flask): GET /reset-match,
  /reset-scores, /clear-all, /set, /swap-teams, /ruleset, /team<n>-scoreup; POST /score. No
  /update-team, no /reset-players, no /characters: players cannot be set from outside. /set reads
  ``losers`` with ``type=bool``: any non-empty text, "false" included, is true. An unknown path
  falls to ``send_from_directory`` -> 404.
- "2023" (one scoreboard, WebServerActions): the same plus POST /update-team-<team>-<player>
  (a JSON player, ``SetData(data, False, False)``: clear=False, so an empty or missing field keeps
  what the slot had), GET /reset-players (clears every player) and GET /characters. ``losers`` is
  still ``bool(losers)``. Unknown path -> 404.
- "numbered" (5.74+, multi-scoreboard, TSH PR #591): every scoreboard route is
  /scoreboard<n>-<route>; POST /score takes a ``scoreboard`` key (default 1); ``losers`` is true
  unless it is "false". An unknown path reaches ``file_request``, which returns None on a missing
  file: Flask answers 500. A scoreboard number TSH has not opened raises ScoreboardNotAvailable: 500.

Versions read (the stored index of the repository; the whole mirror was over the fetch limit):
TSHWebServer.py of the PyQt5 single-scoreboard server (no /update-team, ``type=bool`` losers), of
commit 01bc7d14e830a3ae40750d0c7743c9549850c3bf (single scoreboard, /update-team, /reset-players),
and of the multi-scoreboard server (/scoreboard<n>-…, ``file_request`` returning None); the
early multi-scoreboard TSHWebServerActions.py (``bool(losers)``) and that of commit
0a40c3d70eea59c85dafcb7d423710e7b8d71747 (``losers.lower() == 'false'``, ScoreboardNotAvailable);
TSHScoreboardPlayerWidget.SetData (clear=False keeps any field the data leaves empty).

Every generation: /reset-match (ClearScore) clears scores, round, phase and [L] and sets best-of
to 0, and keeps the players; /set ``players=n`` sets how many players a team shows (a slot beyond
it takes nothing); a character is shown only when its name is one of the game's asset keys.
"""
import re
from dataclasses import dataclass, field

GENERATIONS = ("2022", "2023", "numbered")


@dataclass
class Slot:
    gamerTag: str = ""  # noqa: N815 (TSH's key)
    prefix: str = ""
    name: str = ""
    character: str = ""


@dataclass
class Team:
    score: int = 0
    losers: bool = False
    slots: list[Slot] = field(default_factory=lambda: [Slot()])


@dataclass
class Board:
    """One scoreboard as TSH's widgets hold it."""

    best_of: int = 0
    phase: str = ""
    match: str = ""
    teams: dict = field(default_factory=lambda: {1: Team(), 2: Team()})

    def shown(self) -> dict:
        """What the stream shows: per team its score, [L] and the players TSH shows."""
        return {"best_of": self.best_of, "phase": self.phase, "match": self.match,
                **{f"team{n}": {"score": t.score, "losers": t.losers,
                                "players": [(s.prefix, s.gamerTag, s.character) for s in t.slots]}
                   for n, t in self.teams.items()}}


class Refused(Exception):
    """What TSH's Flask answers instead of "OK"."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


class Api:
    """One TSH generation's route table over its scoreboards."""

    def __init__(self, generation: str, game: str, keys: set[str], boards: int = 1):
        assert generation in GENERATIONS
        self.generation, self.game, self.keys = generation, game, keys
        self.boards = {n: Board() for n in range(1, boards + 1)}

    def handle(self, method: str, path: str, query: dict, body) -> str:
        """The answer's text, or Refused(status)."""
        if self.generation == "numbered":
            return self._numbered(method, path, query, body)
        return self._single(method, path, query, body)

    def _missing(self):
        raise Refused(500 if self.generation == "numbered" else 404)

    def _board(self, number) -> Board:
        try:
            return self.boards[int(number)]
        except (KeyError, ValueError, TypeError):
            raise Refused(500) from None  # ScoreboardNotAvailable / int() on the route's text

    def _numbered(self, method, path, query, body) -> str:
        if method == "POST" and path == "/score":
            return self._score(self._board((body or {}).get("scoreboard", 1)), body)
        if method == "GET" and path in ("/characters", "/program-state", "/ruleset"):
            return "{}"
        found = re.fullmatch(r"/scoreboard([^/]+?)-(.+)", path)
        if found is None:
            self._missing()
        number, route = found.groups()
        return self._route(method, route, self._board(number) if self._known(method, route) else None,
                           query, body)

    def _single(self, method, path, query, body) -> str:
        if method == "POST" and path == "/score":
            return self._score(self.boards[1], body)
        allowed = {"/ruleset", "/characters"} if self.generation == "2023" else {"/ruleset"}
        if method == "GET" and path in allowed:
            return "{}"
        return self._route(method, path[1:], self.boards[1] if self._known(method, path[1:]) else None,
                           query, body)

    def _known(self, method: str, route: str) -> bool:
        gets = {"reset-match", "reset-scores", "clear-all", "set", "swap-teams"}
        if self.generation != "2022":
            gets.add("reset-players")
        if method == "GET":
            return route in gets or (self.generation == "numbered" and route == "get")
        return method == "POST" and self.generation != "2022" and re.fullmatch(r"update-team-[^/]+?-[^/]+", route)

    def _route(self, method, route, board: Board | None, query, body) -> str:
        if board is None:
            self._missing()
        if route == "get":
            return "{}"
        if route in ("reset-match", "clear-all"):
            board.best_of, board.phase, board.match = 0, "", ""
            for team in board.teams.values():
                team.score, team.losers = 0, False
            if route == "clear-all":
                self._players(board, 1)
        elif route == "reset-scores":
            for team in board.teams.values():
                team.score = 0
        elif route == "reset-players":
            for team in board.teams.values():
                team.slots = [Slot() for _ in team.slots]
        elif route == "swap-teams":
            board.teams = {1: board.teams[2], 2: board.teams[1]}
        elif route == "set":
            self._set(board, query)
        else:
            self._update_team(board, route, body)
        return "OK"

    def _set(self, board: Board, query: dict) -> None:
        """set_route: each argument on its own; ``losers`` with ``team`` (default 1)."""
        try:
            if "best-of" in query:
                board.best_of = int(query["best-of"])
            if "players" in query:
                self._players(board, int(query["players"]))
        except ValueError:
            if self.generation != "2022":  # 2022: request.args.get(type=int) falls back to the default
                raise Refused(500) from None
        board.phase = query.get("phase", board.phase)
        board.match = query.get("match", board.match)
        if "losers" in query:
            raw = query["losers"]
            losers = raw.lower() != "false" if self.generation == "numbered" else bool(raw)
            team = board.teams.get(int(query.get("team") or 1))
            if team is None:
                raise Refused(500)
            team.losers = losers

    @staticmethod
    def _players(board: Board, count: int) -> None:
        for team in board.teams.values():
            team.slots = (team.slots + [Slot() for _ in range(count)])[:max(count, 1)]

    def _update_team(self, board: Board, route: str, data) -> None:
        """SetData(data, dontLoadFromDB=False, clear=False): only what the data has replaces the slot's."""
        team_text, player_text = re.fullmatch(r"update-team-([^/]+?)-([^/]+)", route).groups()
        if not isinstance(data, dict):
            raise Refused(500)
        team = board.teams.get(int(team_text)) if team_text.isdigit() else None
        index = int(player_text) - 1 if player_text.isdigit() else -1
        if team is None or not 0 <= index < len(team.slots):
            return  # the signal reaches no widget: "OK", nothing shown
        slot = team.slots[index]
        for key in ("gamerTag", "prefix", "name"):
            if data.get(key):
                setattr(slot, key, str(data[key]))
        mains = data.get("mains")
        if isinstance(mains, dict) and mains.get(self.game):
            wanted = mains[self.game][0][0]
            slot.character = wanted if wanted in self.keys else ""

    @staticmethod
    def _score(board: Board, body) -> str:
        if not isinstance(body, dict):
            raise Refused(500)
        for n in (1, 2):
            if f"team{n}score" in body:
                board.teams[n].score = int(body[f"team{n}score"])
        return "OK"
