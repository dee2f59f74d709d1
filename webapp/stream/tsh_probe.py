"""Which web API the linked TSH speaks, found by harmless reads and remembered on the station per link.

- ``GET /characters`` (a read every TSH since 2023 has): 200 -> 2023 or numbered; 404 -> older.
- Then ``GET /scoreboard<n>-get`` (5.74+ reads scoreboard n's state): 200 -> numbered. An unknown
  path falls to TSH's file route, which answers 404 before 5.74 (-> "2023") and 500 from it on
  (-> numbered: the scoreboard route family is there even if board n is not).
- Older: ``GET /ruleset`` answers 200 on the 2022 server (-> "2022"); anything else is not a TSH.
A 500 on the first read means a TSH this code does not know: "http500" for the desk's badge.
"""
import time

from ..models import Station
from ..services.stream.tsh_plan import GENERATIONS, TshApi
from . import tsh_http

PROBE_SECONDS = 2.5


def _get(base: str, path: str, deadline: float) -> int:
    return tsh_http.call(base, "GET", path, min(deadline, time.monotonic() + PROBE_SECONDS))


def detect(base: str, scoreboard: int, deadline: float) -> str:
    """The generation the TSH at base speaks, or TshProblem."""
    first = _get(base, "/characters", deadline)
    if first == 200:
        numbered = _get(base, f"/scoreboard{scoreboard}-get", deadline)
        return "2023" if numbered == 404 else "numbered"
    if first == 404:
        if _get(base, "/ruleset", deadline) == 200:
            return "2022"
        raise tsh_http.TshProblem("notsh")
    raise tsh_http.TshProblem(f"http{first}")


def api_of(station: Station, deadline: float) -> TshApi:
    """The station's TSH API, asking TSH first when this link has not been asked yet."""
    if station.tsh_api not in GENERATIONS:
        station.tsh_api = detect(station.tsh_url, station.tsh_scoreboard or 1, deadline)
    return TshApi(station.tsh_api, station.tsh_scoreboard or 1)
