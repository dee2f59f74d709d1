"""The start.gg GraphQL API as taikai speaks it: the queries and mutations it sends, and one call.

Every text here is checked against start.gg's published schema by the tests (tests/support/
startgg_schema.graphql), so a query the real API would refuse fails there first. A call ends in data,
or in one of three answers the sender acts on: ``Refused`` (start.gg's own words: shown to the desk),
``Busy`` (its rate limit: wait and send again) and ``Unreachable`` (offline: wait and send again).
"""
import httpx

from .answers import Busy, Refused, Unreachable

__all__ = ["Busy", "Refused", "Unreachable", "call"]

URL = "https://api.start.gg/gql/alpha"
PER_MINUTE = 80  # start.gg's published limit: 80 requests in 60 seconds per token

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
    entrants(query: {page: 1, perPage: 500}) { nodes { id name initialSeedNum
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


def call(token: str, query: str, variables: dict, url: str = URL, timeout: float = 10.0) -> dict:
    """One request; the data, or Refused / Busy / Unreachable. The token goes in a header, never a log."""
    try:
        answer = httpx.post(url, json={"query": query, "variables": variables}, timeout=timeout,
                            headers={"Authorization": f"Bearer {token}"})
    except httpx.HTTPError as failure:
        raise Unreachable(type(failure).__name__) from None
    if answer.status_code == 429:
        raise Busy(_message(answer))
    if answer.status_code >= 500:
        raise Unreachable(f"HTTP {answer.status_code}")
    body = _json(answer)
    if body.get("errors"):
        raise Refused("; ".join(str(e.get("message", "")) for e in body["errors"]))
    if answer.status_code >= 400 or body.get("success") is False:
        raise Refused(_message(answer))
    return body.get("data") or {}


def _json(answer) -> dict:
    try:
        body = answer.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def _message(answer) -> str:
    return str(_json(answer).get("message") or f"HTTP {answer.status_code}")
