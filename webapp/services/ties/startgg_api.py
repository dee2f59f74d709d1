"""The start.gg GraphQL API as taikai speaks it: the queries and mutations it sends, and one call.

Every text here is checked against start.gg's published schema by the tests (tests/support/
startgg_schema.graphql), so a query the real API would refuse fails there first. A call ends in data,
or in one of three answers the sender acts on: ``Refused`` (start.gg's own words: shown to the desk),
``Busy`` (its rate limit: wait and send again) and ``Unreachable`` (offline: wait and send again).
"""
from marshmallow import ValidationError

from . import bounded, startgg_answers
from .answer_shapes import load
from .answers import Busy, Malformed, Refused, Unreachable

__all__ = ["Busy", "Malformed", "Refused", "Unreachable", "call"]

URL = "https://api.start.gg/gql/alpha"
PER_MINUTE = 80  # start.gg's published limit: 80 requests in 60 seconds per token
MAX_ENTRANTS = 500  # the one page of entrants EVENT asks for
MAX_PAGES = 50  # pages of 100 sets or seeds read for one group or phase (5,000: far above a day's event)

SET_NOW = """query SetNow($setId: ID!) {
  set(id: $setId) {
    id state winnerId
    slots { entrant { id } standing { stats { score { value } } } }
    games { orderNum winnerId entrant1Score entrant2Score stage { id }
            selections { entrant { id } character { id } } }
  }
}"""

REPORT = """mutation Report($setId: ID!, $winnerId: ID, $isDQ: Boolean, $gameData: [BracketSetGameDataInput]) {
  reportBracketSet(setId: $setId, winnerId: $winnerId, isDQ: $isDQ, gameData: $gameData) { id state }
}"""

UPDATE = """mutation Update($setId: ID!, $winnerId: ID, $isDQ: Boolean, $gameData: [BracketSetGameDataInput]) {
  updateBracketSet(setId: $setId, winnerId: $winnerId, isDQ: $isDQ, gameData: $gameData) { id state }
}"""

RESET = """mutation Reset($setId: ID!, $resetDependentSets: Boolean) {
  resetSet(setId: $setId, resetDependentSets: $resetDependentSets) { id state }
}"""

IN_PROGRESS = """mutation Started($setId: ID!) {
  markSetInProgress(setId: $setId) { id state }
}"""

EVENT = """query EventToLink($slug: String!) {
  event(slug: $slug) {
    id name slug
    videogame { id name displayName characters { id name } stages { id name } }
    phases { id name bracketType phaseOrder
      phaseGroups(query: {page: 1, perPage: 64}) { nodes { id displayIdentifier bracketType } } }
    entrants(query: {page: 1, perPage: 500}) { pageInfo { total } nodes { id name initialSeedNum
      participants { id gamerTag prefix } } }
  }
}"""

GROUP_SETS = """query GroupSets($groupId: ID!, $page: Int!) {
  phaseGroup(id: $groupId) {
    id bracketType
    sets(page: $page, perPage: 100, sortType: ROUND, filters: {showByes: true}) {
      pageInfo { totalPages }
      nodes { id round identifier fullRoundText
        slots(includeByes: true) { entrant { id } prereqType prereqId prereqPlacement seed { seedNum } } }
    }
  }
}"""


PHASE_SEEDS = """query PhaseSeeds($phaseId: ID!, $page: Int!) {
  phase(id: $phaseId) {
    id
    seeds(query: {page: $page, perPage: 100}) {
      pageInfo { totalPages }
      nodes { id seedNum groupSeedNum phaseGroup { id } entrant { id }
              progressionSource { originPhaseGroup { id } originPlacement } }
    }
  }
}"""


# The shape of each one's answer (startgg_answers): the data is checked against it as it arrives.
ANSWERS = {SET_NOW: startgg_answers.SET_NOW, REPORT: startgg_answers.REPORT, UPDATE: startgg_answers.UPDATE,
           RESET: startgg_answers.RESET, IN_PROGRESS: startgg_answers.IN_PROGRESS, EVENT: startgg_answers.EVENT,
           GROUP_SETS: startgg_answers.GROUP_SETS, PHASE_SEEDS: startgg_answers.PHASE_SEEDS}


def call(token: str, query: str, variables: dict, url: str = URL, deadline: float | None = None) -> dict:
    """One request; the data, checked against the query's answer shape (``ANSWERS``), or Refused / Busy /
    Unreachable (Malformed: an answer not in start.gg's documented shape, in words naming what was wrong).
    The token goes in a header, never a log."""
    status, body = bounded.request("POST", url, deadline, json={"query": query, "variables": variables},
                                   headers={"Authorization": f"Bearer {token}"})
    if status == 429:
        raise Busy(_message(status, body))
    if status >= 500:
        raise Unreachable(f"HTTP {status}")
    if not isinstance(body, dict):
        raise Malformed(f"HTTP {status}, not JSON" if body is None else f"HTTP {status}, not an object")
    if body.get("errors"):
        raise Refused(_error_words(body["errors"]))
    if status >= 400 or body.get("success") is False:
        raise Refused(_message(status, body))
    data = body.get("data")
    return load(ANSWERS[query](), {} if data is None else data, "start.gg")


def _error_words(errors) -> str:
    """start.gg's refusal in its own words: its GraphQL ``errors``' messages (anything else it sent as
    errors, in words too: it refused either way)."""
    try:
        listed = [e.get("message") or "" for e in startgg_answers.ERRORS.load(errors)]
    except ValidationError:
        listed = errors if isinstance(errors, list) else [errors]
    return "; ".join(bounded.words(e) for e in listed[:5])


def pages(answer: dict, connection: str) -> int:
    """How many pages a paged answer says it has, refused in words past MAX_PAGES (never read for ever)."""
    total = ((answer.get(connection) or {}).get("pageInfo") or {}).get("totalPages") or 1
    if total > MAX_PAGES:
        raise Malformed(f"{total} pages of {connection} (taikai reads at most {MAX_PAGES})")
    return total


def _message(status: int, body) -> str:
    message = body.get("message") if isinstance(body, dict) else None
    return bounded.words(message) if message else f"HTTP {status}"
