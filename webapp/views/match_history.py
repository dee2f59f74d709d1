"""A match's history on the correction page in words: who won each game and by how much,
each result, call, correction and desk decision, in the reader's language."""
from flask_babel import gettext as _

from ..services import restarts
from .template_helpers import station_label

RESULT_KINDS = ("record_winner", "correct_result", "resolve_conflict", "override", "undo_walkover")


def lines(match, ops: list, names: dict) -> list[dict]:
    """One line per entry, oldest first: {'op', 'words'}; games numbered among the live ones
    (a restart's undone games keep their own numbers)."""
    sides = {"a": match.slot_a, "b": match.slot_b}
    counts = {True: 0, False: 0}
    out = []
    for op in ops:
        if op.kind == "report_game":
            counts[bool(op.undone)] += 1
        out.append({"op": op, "words": _words(op, sides, names, counts[bool(op.undone)])})
    return out


def _name(names: dict, entrant_id) -> str:
    try:
        return names[int(entrant_id)].name
    except (TypeError, ValueError, KeyError):
        return "?"


def _words(op, sides: dict, names: dict, game: int) -> str:
    payload = op.payload or {}
    if op.kind == "report_game":
        return _game_words(payload, sides, names, game)
    if op.kind == "set_station":
        return _call_words(payload)
    if op.kind == "record_winner":
        words = _("result: %(name)s won", name=_name(names, payload.get("winner")))
        words += f" ({_('walkover')})" if payload.get("walkover") in (True, "true", "on") else ""
        return words + (" — " + _("reason: %(r)s", r=payload["reason"]) if payload.get("reason") else "")
    if op.kind == "correct_result":
        return (_("corrected: %(name)s won", name=_name(names, payload.get("winner"))) + " — "
                + _("reason: %(r)s", r=payload.get("reason", "")))
    if op.kind == "override":
        return _("decided by the desk: %(name)s won (%(reason)s)",
                 name=_name(names, sides.get(payload.get("winner"))), reason=payload.get("reason", ""))
    if op.kind == "undo_walkover":
        return _("walkover taken back")
    decision = _decisions().get(payload.get("decision"))
    return _("conflict decided: %(what)s", what=decision) if decision else _("a desk decision")


def _decisions() -> dict:
    return {"keep": _("the recorded version was kept"), "take": _("the other version was taken"),
            "third": _("a third version was entered")}


def _game_words(payload: dict, sides: dict, names: dict, game: int) -> str:
    a, b = payload.get("rounds_a"), payload.get("rounds_b")
    winner = payload.get("winner")
    if winner not in ("a", "b"):
        return _("game %(n)s: double K.O. (%(a)s–%(b)s)", n=game, a=a, b=b)
    won, lost = (a, b) if winner == "a" else (b, a)
    return _("game %(n)s: %(name)s won %(won)s–%(lost)s", n=game, name=_name(names, sides.get(winner)),
             won=won, lost=lost)


def _call_words(payload: dict) -> str:
    station = payload.get("station")
    if not station:
        return _("call cancelled")
    words = _("called to %(station)s", station=station_label(station))
    return words + (f" ({_('auto-call')})" if payload.get("auto") else "")


def restart_notice(match) -> dict | None:
    """What the referee's page says when a change upstream restarted this match (I1): that it
    starts again, and the games entered before that were undone ("game 1 (2–0)")."""
    undone = restarts.undone_by_restart(match)
    if not undone:
        return None
    games = [op.payload or {} for op in undone if op.kind == "report_game" and op.outcome == "applied"]
    return {"games": [_("game %(n)s (%(a)s–%(b)s)", n=n, a=g.get("rounds_a"), b=g.get("rounds_b"))
                      for n, g in enumerate(games, start=1)], "entries": len(undone)}
