"""Challonge's API v1 as taikai speaks it (api.challonge.com/v1, its documented endpoints):

- ``GET  tournaments/{tournament}.json?include_participants=1&include_matches=1``: the tournament, its
  participants (``id``, ``name``, ``seed``) and matches (``id``, ``state`` pending/open/complete,
  ``player1_id``/``player2_id``, ``player1_prereq_match_id`` and ``player1_is_prereq_match_loser`` (and 2),
  ``winner_id``, ``scores_csv``);
- ``GET  tournaments/{tournament}/matches/{id}.json``: one match;
- ``PUT  tournaments/{tournament}/matches/{id}.json`` with ``match[scores_csv]`` ("3-1,1-3,3-2", player 1
  first) and ``match[winner_id]`` (a winner needs its scores; a changed outcome resets the matches that
  branch from it);
- ``POST tournaments/{tournament}/matches/{id}/reopen.json``: a completed match open again, the matches
  after it reset.

The API key travels as the ``api_key`` parameter, never in a log. Errors are ``{"errors": [...]}``.
Each answer is checked against its shape (challonge_answers) as it arrives.
"""
from marshmallow import ValidationError

from . import bounded, challonge_answers
from .answer_shapes import load
from .answers import Busy, Malformed, Refused, Unreachable

URL = "https://api.challonge.com/v1"


def request(key: str, method: str, path: str, params: dict | None = None, url: str = URL,
            deadline: float | None = None) -> dict:
    """One request; its JSON checked against the endpoint's answer shape, or Refused / Busy / Unreachable
    (Malformed: not the documented shape, in words naming what was wrong)."""
    query = {"api_key": key, **({} if method in ("PUT", "POST") else params or {})}
    form = params if method in ("PUT", "POST") else None
    status, body = bounded.request(method, f"{url}/{path}", deadline, params=query, data=form)
    if status == 429:
        raise Busy("HTTP 429")
    if status >= 500:
        raise Unreachable(f"HTTP {status}")
    if status >= 400:
        raise Refused(_error_words(body) or f"HTTP {status}")
    if body is None:
        raise Malformed(f"HTTP {status}, not JSON")
    return load(_shape(path)(), body, "Challonge")


def _shape(path: str):
    """A tournament's answer, or one match's (shown, updated or reopened)."""
    return challonge_answers.MATCH if "/matches/" in path else challonge_answers.TOURNAMENT


def _error_words(body) -> str:
    """Challonge's refusal in its own words: its ``errors`` (anything else sent as errors, in words too)."""
    errors = body.get("errors") if isinstance(body, dict) else None
    try:
        listed = challonge_answers.ERRORS.deserialize(errors)
    except ValidationError:
        listed = [errors] if errors else []
    return "; ".join(bounded.words(e) for e in listed[:5])


def tournament(key: str, slug: str, url: str = URL) -> dict:
    return request(key, "GET", f"tournaments/{slug}.json", {"include_participants": 1, "include_matches": 1},
                   url=url)["tournament"]
