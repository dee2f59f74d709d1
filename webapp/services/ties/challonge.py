"""Challonge (API v1) the way start.gg is done: read a tournament into linking's plain shape, and settle
one report of the queue. A match's result on Challonge is its ``winner_id`` and ``scores_csv`` (player 1
first), so a body is compared there in that form, in the match's own player order.

A two-stage tournament (``group_stages_enabled``, matches with a ``group_id``) is refused in words before
anything is made: v1 names no progression from a group to the final stage (start.gg's ``progressionSource``
has no Challonge counterpart) and the final stage has no matches until the group stage is finalized there,
so neither its players nor its bracket can be known offline."""
from ...tournament.errors import N_
from .. import ServiceError
from . import challonge_api, results, sender
from .answers import Refused

FORMATS = {"single elimination": "single_elimination", "double elimination": "double_elimination"}


def read(link, url: str = challonge_api.URL) -> dict:
    """The tournament in linking's shape (entrants by seed, every match's two slot origins)."""
    found = challonge_api.tournament(link.token, link.slug, url=url)
    if found.get("group_stages_enabled") or any((m.get("match") or {}).get("group_id")
                                                for m in found.get("matches") or []):
        raise ServiceError("tie.challonge_groups", N_("This Challonge tournament has a group stage. Challonge's API "
                                                      "(v1) lists the groups' matches but not who each group sends "
                                                      "on to the final stage, nor that stage's bracket before the "
                                                      "groups end: taikai cannot build the same phases. Run the "
                                                      "groups in taikai, or link a one-stage tournament."))
    kind = found.get("tournament_type")
    if kind not in FORMATS:
        raise ServiceError("tie.format", N_("Challonge's bracket is %(format)s, which taikai cannot build the same "
                                            "way (single and double elimination only)."), format=kind)
    people = sorted((p["participant"] for p in found.get("participants") or []), key=lambda p: p.get("seed") or 0)
    seeds = {p["id"]: n for n, p in enumerate(people, start=1)}
    matches = [m["match"] for m in found.get("matches") or []]
    return {"id": str(found.get("id") or ""), "format": FORMATS[kind], "phase_name": found.get("name") or "",
            "videogame": {}, "entrants": [{"id": str(p["id"]), "name": p.get("name") or "?"} for p in people],
            "sets": {str(m["id"]): [_slot(m, n, seeds) for n in (1, 2)] for m in matches}}


def _slot(match: dict, n: int, seeds: dict):
    prereq = match.get(f"player{n}_prereq_match_id")
    if prereq:
        return ("loser" if match.get(f"player{n}_is_prereq_match_loser") else "winner", str(prereq))
    player = match.get(f"player{n}_id")
    return ("seed", seeds[player]) if player in seeds else None


def scores_csv(body: dict, player1: str, player2: str) -> str:
    """The body's games as Challonge keeps them: "3-1,1-3", player 1 first (a game without scores: 1-0)."""
    if body["isDQ"] or not body["games"]:
        return "1-0" if body["winnerId"] == player1 else "0-1"
    out = []
    for game in body["games"]:
        if game["scores"]:
            out.append(f"{game['scores'].get(player1, 0)}-{game['scores'].get(player2, 0)}")
        else:
            out.append("1-0" if game["winnerId"] == player1 else "0-1")
    return ",".join(out)


def _as_held(body: dict | None, match: dict) -> dict | None:
    if body is None or "scores_csv" in body:
        return body
    return {"winnerId": body["winnerId"], "scores_csv": scores_csv(body, str(match.get("player1_id")),
                                                                   str(match.get("player2_id")))}


def _held(match: dict) -> dict | None:
    """What Challonge holds for a match; None until it is complete."""
    if match.get("state") != "complete" or not match.get("winner_id"):
        return None
    return {"winnerId": str(match["winner_id"]), "scores_csv": match.get("scores_csv") or ""}


def send(link, report, calls) -> None:
    """One report: read the match, then nothing, a result (PUT), a reopen, or a conflict."""
    path = f"tournaments/{link.slug}/matches/{report.set_id}"
    try:
        match = calls("GET", f"{path}.json", {}).get("match") or {}
        theirs = _held(match)
        ours = _as_held(report.body, match)
        if ours == theirs:
            report.state = "same"
            return
        same = lambda a, b: _as_held(a, match) == _as_held(b, match)  # noqa: E731 (compared in this match's order)
        if theirs is not None and not sender.ours_to_replace(link, report, theirs, same):
            report.state, report.theirs = "conflict", theirs
            return
        if ours is None:
            calls("POST", f"{path}/reopen.json", {})
        else:
            calls("PUT", f"{path}.json", {"match[scores_csv]": ours["scores_csv"],
                                          "match[winner_id]": ours["winnerId"]})
        report.state = "sent"
    except Refused as refused:
        report.state, report.answer = "refused", str(refused)


def send_due(link, now, url: str = challonge_api.URL) -> int:
    return sender.send_due(link, now, url=url, do=challonge_api.request, send=send)


def body_of(match, entrants: dict, ids: results.Ids) -> dict | None:
    """The result Challonge should hold: who won and each game's scores (it keeps no characters or stages)."""
    body = results.body_of(match, entrants, ids)
    if body is None:
        return None
    return {**body, "games": [{**g, "selections": [], "stageId": None} for g in body["games"]]}
