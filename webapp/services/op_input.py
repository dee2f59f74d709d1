"""Checks on an operation's input before anything is applied: printable text only,
and a match entry goes exactly where the phone put it."""
import re

from ..tournament.errors import N_
from . import ServiceError

ALLOWED_CONTROLS = {"\n", "\r", "\t"}  # line breaks in a typed reason are fine
# Unicode category Cc is exactly U+0000–U+001F and U+007F–U+009F (fixed by the standard);
# one regex search runs in C, where a category lookup per character cost more than the
# entry itself on the sync path. tests/service/test_op_input.py compares it with unicodedata.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def control_characters_in(value, path: str = "payload") -> str | None:
    """The path of the first text (key or value) holding a control character, else None."""
    # A path is kept as (parent, key, how) and spelled out only for the one reported:
    # formatting one per value cost more than the search.
    stack = [(path, value)]
    while stack:  # iterative: a deeply nested payload must not exhaust the stack
        where, item = stack.pop()
        if isinstance(item, str) and _has_control(item):
            return _spelled(where)
        if isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str) and _has_control(key):
                    return _spelled(where)
                stack.append(((where, key, "."), inner))
        elif isinstance(item, list):
            stack.extend(((where, n, "[]"), inner) for n, inner in enumerate(item))
    return None


def _spelled(where) -> str:
    """"a.b[2]" from the nested (parent, key, how) steps."""
    steps = []
    while isinstance(where, tuple):
        where, key, how = where
        steps.append((key, how))
    text = where
    for key, how in reversed(steps):
        text = f"{text}[{key}]" if how == "[]" else f"{text}.{key}" if text else str(key)
    return text


def _has_control(text: str) -> bool:
    return _CONTROL.search(text) is not None


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
