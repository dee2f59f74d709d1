"""A match's history on the correction page in words: who won each game and by how much,
each result, call, correction and desk decision, in the reader's language."""
from flask_babel import gettext as _

from ...services.reads import desk_notes
from ..template_helpers import station_label


def lines(match, ops: list, names: dict) -> list[dict]:
    """One line per entry, oldest first: {'op', 'words'}; games numbered among the live ones
    (a restart's undone games keep their own numbers)."""
    sides = {"a": match.slot_a, "b": match.slot_b}
    counts = {True: 0, False: 0}
    scores = {}  # the live games' scores as the log made them, for "2–1 → 1–2"
    out = []
    for op in ops:
        if op.kind == "report_game":
            counts[bool(op.undone)] += 1
        if op.kind == "correct_game":
            applied = op.outcome == "applied"
            words = _corrected_game_words(op.payload or {}, scores) if applied else _("a refused game correction")
        else:
            words = _words(op, sides, names, counts[bool(op.undone)])
        _keep_score(op, scores, counts[False])
        out.append({"op": op, "words": words})
    return out


def _keep_score(op, scores: dict, live_games: int) -> None:
    payload = op.payload or {}
    if op.kind == "report_game" and not op.undone and op.outcome == "applied":
        scores[live_games] = (payload.get("rounds_a"), payload.get("rounds_b"))
    elif op.kind == "correct_game" and op.outcome == "applied":
        scores[_int(payload.get("game"))] = (payload.get("rounds_a"), payload.get("rounds_b"))


def _int(value) -> int | None:
    return int(value) if str(value).isdigit() else None


def _corrected_game_words(payload: dict, scores: dict) -> str:
    """"game 2 corrected: 2–1 → 1–2 (reason)"."""
    a, b = scores.get(_int(payload.get("game")), ("?", "?"))
    return _("game %(n)s corrected: %(before)s → %(after)s (%(reason)s)", n=payload.get("game"),
             before=f"{a}–{b}", after=f"{payload.get('rounds_a')}–{payload.get('rounds_b')}",
             reason=payload.get("reason", ""))


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
    return desk_notes.restart_notice(match)
