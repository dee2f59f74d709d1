"""A rule violation in the reader's language: the domain refuses with a stable code and an msgid,
and every edge (a page, a sheet, the API) shows the same words."""
from flask_babel import gettext


def translate_violation(violation, sides: dict | None = None) -> str:
    """A RuleViolation's message in the reader's language, with its values filled in.

    String values are translated too (the domain passes msgids such as "The coin toss"),
    and a side code "a"/"b" becomes the team's or player's name when `sides` gives them.
    """
    text = gettext(violation.message)
    params = {k: _named(k, v) if k in CHARACTER_PARAMS + ("stage",) else _value(v, sides)
              for k, v in (violation.params or {}).items()}
    try:
        return text % params if params else text
    except (KeyError, TypeError, ValueError):
        return text


CHARACTER_PARAMS = ("char_a", "char_b", "before", "after", "registered", "character")


def _named(key: str, value):
    """A character or stage a refusal names, in the reader's language (as typed when the catalogue lacks it)."""
    from flask_babel import get_locale

    from ...tournament.games import shipped_entry
    kind = "stages" if key == "stage" else "characters"
    entry = shipped_entry(kind, value) if isinstance(value, str) else None
    return entry.name(str(get_locale() or "")) if entry else value


def _value(value, sides):
    if sides and isinstance(value, str) and value in sides:
        return sides[value]
    if sides and isinstance(value, str) and ", " in value and all(v in sides for v in value.split(", ")):
        return ", ".join(sides[v] for v in value.split(", "))  # a list of match keys
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
        return " / ".join(gettext(v) for v in value)  # several msgids (the sizes a rule set allows)
    return gettext(value) if isinstance(value, str) and value else value
