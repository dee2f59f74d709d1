"""What TournamentStreamHelper (TSH) is told about a station's match, as calls to its own web server.

TSH's web API comes in three generations (src/TSHWebServer.py and src/TSHWebServerActions.py in
joaorb64/TournamentStreamHelper; tests/support/tsh_board.py holds each as a stand-in):
- "2022": ``GET /reset-match``, ``GET /set?best-of=&phase=&match=&players=&losers=&team=``,
  ``POST /score``; no way to set players from outside, and ``losers`` read as a bool (any
  non-empty text, "false" included, is true);
- "2023": the same plus ``GET /reset-players`` and ``POST /update-team-<team>-<player>`` with a
  JSON player, taken with clear=False (an empty field keeps what the slot had);
- "numbered" (5.74+, several scoreboards): ``/scoreboard<n>-reset-match``, ``/scoreboard<n>-set``,
  ``/scoreboard<n>-reset-players``, ``/scoreboard<n>-update-team-…``; ``POST /score`` takes
  ``scoreboard``; an unknown path answers 500.
So [L] is only ever sent as ``losers=true`` (every generation reads that alike) after a reset
cleared it; a side losing its [L] within a match (never in a bracket) sends the match anew.

A new match: reset the match and the players, set the frame (best-of, phase, round, players per
team), each slot in full (``gamerTag``, ``prefix``, ``name``, ``mains``; empty where unknown), the
score. The same match again: only what changed, so a game costs one score call (and a player call
when a character changed). Side a is always TSH's team 1. A character goes as TSH's asset key
(the catalogue's ``tsh``); one without a key (a desk's custom character) goes by its name.
"""
from dataclasses import dataclass

from ...tournament.play.report import team as side_characters
from .match_live import LiveSide, MatchLive

GENERATIONS = ("2022", "2023", "numbered")
SLOT_FIELDS = ("gamerTag", "prefix", "name")


@dataclass(frozen=True)
class TshApi:
    """The API the linked TSH speaks and the scoreboard a station drives on it."""

    generation: str = "numbered"
    scoreboard: int = 1

    def path(self, route: str) -> str:
        return f"/scoreboard{self.scoreboard}-{route}" if self.generation == "numbered" else f"/{route}"

    @property
    def takes_players(self) -> bool:
        return self.generation != "2022"


@dataclass(frozen=True)
class TshCall:
    """One request to TSH: GET with query arguments, or POST with a JSON body."""

    method: str
    path: str
    query: tuple = ()
    body: tuple = ()   # (key, value) pairs of the JSON body, kept hashable and in order

    def json(self) -> dict:
        """The body as sent."""
        return {key: (_mains_json(value) if key == "mains" else value) for key, value in self.body}


def _mains_json(mains: tuple) -> dict:
    """{codename: [[character, ...], ...]} as TSH's player data has it."""
    return {codename: [list(entry) for entry in entries] for codename, entries in mains}


def _frame(live: MatchLive) -> tuple:
    players = max(len(live.a.members), len(live.b.members), 1) if live.a.team else 1
    return (("best-of", str(live.best_of)), ("phase", shown_text(live.phase)),
            ("match", shown_text(live.round or live.title)),
            ("players", str(players)))


def set_calls(live: MatchLive, api: TshApi) -> list[TshCall]:
    """Best-of, phase, round, players per team, and each [L] (``losers=true``; a reset cleared it)."""
    first = _frame(live) + ((("losers", "true"), ("team", "1")) if live.a.losers else ())
    calls = [TshCall("GET", api.path("set"), first)]
    if live.b.losers:
        calls.append(TshCall("GET", api.path("set"), (("losers", "true"), ("team", "2"))))
    return calls


def _character(live: MatchLive, side_name: str, member_id: int | None, registered: str) -> str:
    """The character a player is on now: their last game's, else the one registered."""
    for game in reversed(live.games):
        game_member = game.member_a if side_name == "a" else game.member_b
        if member_id is None or game_member == member_id:
            return (game.char_a if side_name == "a" else game.char_b) or registered
    return registered


def tsh_name(title, character: str) -> str:
    """The name TSH gets for a stored character: its asset key, else (no key) its English name."""
    entry = title.character(character) if title is not None and character else None
    if entry is None:
        return character or ""
    return entry.tsh or entry.en


def _mains(character: str, title) -> tuple:
    """TSH's mains of a player: each of the side's characters, in order (KOF XV's three, 2XKO's duo)."""
    codename = getattr(title, "tsh_game", "")
    names = tuple((name,) for name in (tsh_name(title, c) for c in side_characters(character)) if name)
    return ((codename, names),) if codename and names else ()


def shown_text(text: str) -> str:
    """A name or round as TSH gets it: its layouts put text into the page as HTML (jQuery's .html(), in
    the stream PC's browser source), so a name's < and > go as their full-width forms, never markup."""
    return str(text or "").replace("<", "\uff1c").replace(">", "\uff1e")


def _slot(tag: str, prefix: str, character: str, title) -> tuple:
    return (("gamerTag", shown_text(tag)), ("prefix", shown_text(prefix)), ("name", ""),
            ("mains", _mains(character, title)))


def _players(live: MatchLive, side_name: str, title) -> list[tuple]:
    """The JSON bodies of one side's players, in order, every field present."""
    side: LiveSide = getattr(live, side_name)
    if not side.team:
        registered = side.members[0].character if side.members else ""
        return [_slot(side.name, "", _character(live, side_name, None, registered), title)]
    return [_slot(member.name, side.name, _character(live, side_name, member.id, member.character), title)
            for member in side.members]


def team_calls(live: MatchLive, before: MatchLive | None, title, api: TshApi) -> list[TshCall]:
    """A player call for each player whose name, team or character differs from before."""
    if not api.takes_players:
        return []
    calls = []
    for team, side_name in ((1, "a"), (2, "b")):
        old = _players(before, side_name, title) if before is not None else []
        for number, body in enumerate(_players(live, side_name, title), start=1):
            if number > len(old) or old[number - 1] != body:
                calls.append(TshCall("POST", api.path(f"update-team-{team}-{number}"), body=body))
    return calls


def score_call(live: MatchLive, api: TshApi) -> TshCall:
    body = (("team1score", live.a.score), ("team2score", live.b.score))
    board = (("scoreboard", api.scoreboard),) if api.generation == "numbered" else ()
    return TshCall("POST", "/score", body=body + board)


def _whole(live: MatchLive, title, api: TshApi) -> list[TshCall]:
    resets = [TshCall("GET", api.path("reset-match"))]
    if api.takes_players:
        resets.append(TshCall("GET", api.path("reset-players")))
    return [*resets, *set_calls(live, api), *team_calls(live, None, title, api), score_call(live, api)]


def plan(live: MatchLive, before: MatchLive | None, title=None, api: TshApi = TshApi()) -> list[TshCall]:
    """The calls that bring TSH from ``before`` (what it was last sent; None: unknown) to ``live``."""
    lost_l = before is not None and ((before.a.losers and not live.a.losers) or (before.b.losers and not live.b.losers))
    if before is None or before.match_id != live.match_id or lost_l:
        return _whole(live, title, api)
    calls = set_calls(live, api) if set_calls(live, api) != set_calls(before, api) else []
    calls += team_calls(live, before, title, api)
    if (live.a.score, live.b.score) != (before.a.score, before.b.score):
        calls.append(score_call(live, api))
    return calls


def not_shown(title) -> list[str]:
    """The title's characters TSH has no asset for (sent by name, shown blank by TSH)."""
    if title is None or not getattr(title, "tsh_game", ""):
        return []
    return [c.en for c in title.characters if not c.tsh]
