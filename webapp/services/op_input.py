"""Checks on an operation's input before anything is applied: printable text only,
and a match entry goes exactly where the phone put it."""
import unicodedata

from ..tournament.errors import N_
from . import ServiceError

ALLOWED_CONTROLS = {"\n", "\r", "\t"}  # line breaks in a typed reason are fine


def control_characters_in(value, path: str = "payload") -> str | None:
    """The path of the first text (key or value) holding a control character, else None."""
    stack = [(path, value)]
    while stack:  # iterative: a deeply nested payload must not exhaust the stack
        where, item = stack.pop()
        if isinstance(item, str) and _has_control(item):
            return where
        if isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str) and _has_control(key):
                    return where
                stack.append((f"{where}.{key}" if where else str(key), inner))
        elif isinstance(item, list):
            stack.extend((f"{where}[{n}]", inner) for n, inner in enumerate(item))
    return None


def _has_control(text: str) -> bool:
    return any(unicodedata.category(c) == "Cc" and c not in ALLOWED_CONTROLS for c in text)


def check_printable(op: dict) -> None:
    """Refuse an entry whose text holds NUL or another control character (never stored)."""
    where = control_characters_in(op.get("payload") or {}, "")
    if where is not None:
        raise ServiceError("op.control_characters", N_(
            "This entry contains a control character (in %(field)s): use printable text only."),
            field=where or "payload")


def check_position(position: int | None, recorded: int, own_steps) -> None:
    """An entry meant for a later step than the next one is never applied elsewhere.

    The one exception is a gap the same phone made itself: it sent entries for every
    step in between and the server took them elsewhere or refused them (a rule-breaking
    2–0 before the 3–0 the referee meant), so this entry is next in that phone's order.
    `own_steps` is called only then: the positions of that phone's earlier entries.
    """
    if position is None or position <= recorded:
        return
    if set(range(recorded, position)) <= own_steps():
        return
    raise ServiceError("op.position_ahead", N_(
        "This entry is step %(step)s of the match, but only %(recorded)s steps are recorded: "
        "the entries before it have not arrived. Send them first, or enter this one again."),
        step=position + 1, recorded=recorded)
