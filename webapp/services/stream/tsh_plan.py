"""What TournamentStreamHelper (TSH) is told about a station's match, as calls to its own web server.

TSH's web server (src/TSHWebServer.py in joaorb64/TournamentStreamHelper) takes a match through:
- ``GET /reset-match``: clears the scores, the round, the phase and the [L] marks;
- ``GET /set?best-of=&phase=&match=&players=&losers=&team=``: each argument optional; ``match`` is
  the round's name, ``players`` the players per team, ``losers`` ("true"/"false") is for the one
  ``team`` (1 or 2) named with it, so the two sides take two calls;
- ``POST /update-team-<team>-<player>`` with a JSON player: ``gamerTag`` (the name shown),
  ``prefix`` (the team's name before a member's), ``mains`` ({TSH game codename: [[character]]},
  the character by its English name as TSH's game assets list it);
- ``POST /score`` with JSON ``{"team1score": n, "team2score": n}``.
Side a is always TSH's team 1 (TSH itself keeps a swap the operator made on its screen).

A new match on the station is the whole set (reset, set, players, score); the same match again
only what changed, so a game costs one score call (and a player call when a character changed).
"""
from dataclasses import dataclass

from .match_live import LiveSide, MatchLive

# taikai's catalogue key -> TSH's game codename (its StreamHelperAssets folder), for titles TSH has.
TSH_GAMES = {"sf6": "sf6", "tekken7": "tekken7", "tekken8": "tekken8", "ggst": "ggst", "ssbu": "ssbu"}


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


def _flag(value: bool) -> str:
    return "true" if value else "false"


def set_calls(live: MatchLive) -> list[TshCall]:
    """Best-of, phase, round and [L]: the match's frame (two calls, one per side's [L])."""
    first = [("best-of", str(live.best_of)), ("phase", live.phase), ("match", live.round or live.title)]
    if live.a.team:
        first.append(("players", str(max(len(live.a.members), len(live.b.members), 1))))
    first += [("losers", _flag(live.a.losers)), ("team", "1")]
    second = (("losers", _flag(live.b.losers)), ("team", "2"))
    return [TshCall("GET", "/set", tuple(first)), TshCall("GET", "/set", second)]


def _character(live: MatchLive, side_name: str, member_id: int | None, registered: str) -> str:
    """The character a player is on now: their last game's, else the one registered."""
    for game in reversed(live.games):
        game_member = game.member_a if side_name == "a" else game.member_b
        if member_id is None or game_member == member_id:
            return (game.char_a if side_name == "a" else game.char_b) or registered
    return registered


def _mains(live: MatchLive, character: str, title) -> tuple:
    codename = TSH_GAMES.get(live.game)
    entry = title.character(character) if (codename and character and title is not None) else None
    return ((codename, ((entry.en,),)),) if entry is not None and entry.en else ()


def _players(live: MatchLive, side_name: str, title) -> list[tuple]:
    """The JSON bodies of one side's players, in order."""
    side: LiveSide = getattr(live, side_name)
    if not side.team:
        registered = side.members[0].character if side.members else ""
        mains = _mains(live, _character(live, side_name, None, registered), title)
        return [(("gamerTag", side.name),) + ((("mains", mains),) if mains else ())]
    bodies = []
    for member in side.members:
        mains = _mains(live, _character(live, side_name, member.id, member.character), title)
        bodies.append((("gamerTag", member.name), ("prefix", side.name)) + ((("mains", mains),) if mains else ()))
    return bodies


def team_calls(live: MatchLive, before: MatchLive | None, title) -> list[TshCall]:
    """A player call for each player whose name, team or character differs from before."""
    calls = []
    for team, side_name in ((1, "a"), (2, "b")):
        old = _players(before, side_name, title) if before is not None else []
        for number, body in enumerate(_players(live, side_name, title), start=1):
            if number > len(old) or old[number - 1] != body:
                calls.append(TshCall("POST", f"/update-team-{team}-{number}", body=body))
    return calls


def score_call(live: MatchLive) -> TshCall:
    return TshCall("POST", "/score", body=(("team1score", live.a.score), ("team2score", live.b.score)))


def plan(live: MatchLive, before: MatchLive | None, title=None) -> list[TshCall]:
    """The calls that bring TSH from ``before`` (what it was last sent; None: unknown) to ``live``."""
    if before is None or before.match_id != live.match_id:
        return [TshCall("GET", "/reset-match"), *set_calls(live), *team_calls(live, None, title), score_call(live)]
    calls = set_calls(live) if set_calls(live) != set_calls(before) else []
    calls += team_calls(live, before, title)
    if (live.a.score, live.b.score) != (before.a.score, before.b.score):
        calls.append(score_call(live))
    return calls
