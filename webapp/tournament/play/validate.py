"""Type checks for actions and setups: a wrong value is a named RuleViolation, never a TypeError.

Phones, forms and the operation log all hand the domain JSON; the service's
schemas clean it first, but the domain checks again so that no caller can make
it fail with anything but a RuleViolation.
"""
from __future__ import annotations

from dataclasses import fields

from webapp.tournament.errors import N_, RuleViolation

# Field annotations (strings under ``from __future__ import annotations``) -> checker name.
_KINDS = {"str": "text", "int": "number", "bool": "flag", "Optional[str]": "text?",
          "Optional[int]": "number?", "tuple": "numbers"}
_MESSAGES = {
    "text": N_("%(what)s: %(field)s must be text"),
    "number": N_("%(what)s: %(field)s must be a whole number"),
    "flag": N_("%(what)s: %(field)s must be yes or no"),
    "numbers": N_("%(what)s: %(field)s must be a list of member numbers"),
}


_FIELDS = {"side": N_("the side"), "member_id": N_("the member"), "game": N_("the game number"),
           "winner": N_("the winner"), "rounds_a": N_("side A's rounds"),
           "rounds_b": N_("side B's rounds"), "reason": N_("the reason"), "note": N_("the note"),
           "penalty": N_("the penalty"), "character": N_("the character"),
           "choice": N_("the choice"), "id": N_("the member number"), "name": N_("the name")}


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fits(kind: str, value) -> bool:
    if kind.endswith("?"):
        return value is None or _fits(kind[:-1], value)
    if kind == "text":
        return isinstance(value, str)
    if kind == "number":
        return _is_int(value)
    if kind == "flag":
        return isinstance(value, bool)
    return isinstance(value, (tuple, list)) and all(_is_int(v) for v in value)


def check_value(what: str, name: str, annotation: str, value) -> None:
    """Refuse a value that does not have its field's type."""
    _check_kind(what, name, _KINDS.get(annotation, "text"), value)


def _check_kind(what: str, name: str, kind: str, value) -> None:
    if not _fits(kind, value):
        raise RuleViolation("action.bad_value", _MESSAGES[kind.rstrip("?")],
                            what=what, field=_FIELDS.get(name, name))


# _fits for the two kinds nearly every field has, without its string tests: the domain
# checks each action of a sync batch twice (on entry and when applied), field by field.
_QUICK = {"text": lambda v: isinstance(v, str), "number": _is_int}

# Each action class's (field, checker, quick test) triples, read from its dataclass fields
# once: reading the fields again for every check cost more than the check itself.
_ACTION_FIELDS: dict[type, tuple] = {}


def action_fields(cls) -> tuple:
    """(name, checker, quick test or None) for each field of an action class."""
    spec = _ACTION_FIELDS.get(cls)
    if spec is None:
        kinds = [(f.name, _KINDS.get(str(f.type), "text")) for f in fields(cls)]
        spec = _ACTION_FIELDS[cls] = tuple((name, kind, _QUICK.get(kind)) for name, kind in kinds)
    return spec


def check_action(action) -> None:
    """Every field of an action has the type its kind declares."""
    for name, kind, quick in action_fields(type(action)):
        value = getattr(action, name)
        if quick is None or not quick(value):
            _check_kind(action.what or action.kind, name, kind, value)  # words, never the internal kind


def check_setup(setup) -> None:
    """A match setup's fields and members have the types the match types expect."""
    what = N_("The match setup")
    for name in ("match_type", "ruleset"):
        check_value(what, name, "str", getattr(setup, name))
    check_value(what, "best_of", "int", setup.best_of)
    check_value(what, "lives_a", "int", setup.lives_a)
    for name in ("side_a", "side_b"):
        side = getattr(setup, name)
        if not isinstance(side, list):
            raise RuleViolation("setup.bad_side", N_("A side of the match must list its members"))
        for member in side:
            _check_member(member)
    _check_day_dq(setup.day_dq)


def _check_member(member) -> None:
    from webapp.tournament.play.state import Member
    if not isinstance(member, Member):
        raise RuleViolation("setup.bad_member", N_("A member of a side is not a member"))
    what = N_("A member")
    check_value(what, "id", "int", member.id)
    for name in ("name", "character"):
        check_value(what, name, "str", getattr(member, name))
    check_value(what, "change_declared", "bool", member.change_declared)


def _check_day_dq(day_dq) -> None:
    if not isinstance(day_dq, dict) or not all(_is_int(k) and isinstance(v, str)
                                               for k, v in day_dq.items()):
        raise RuleViolation("setup.bad_day_dq",
                            N_("The day's disqualifications must map member numbers to a rule"))


def setup_from_dict(d) -> "object":
    """Build a MatchSetup from JSON (e.g. ``MatchState.to_dict()['setup']``), checking every value."""
    from webapp.tournament.play.state import MatchSetup
    if not isinstance(d, dict):
        raise RuleViolation("setup.invalid", N_("A match setup must be an object"))
    known = {f.name for f in fields(MatchSetup)} - {"rules"}  # built by the service, never sent
    extra = [k for k in d if k not in known]
    if extra or "match_type" not in d or "ruleset" not in d:
        raise RuleViolation("setup.fields", N_("A match setup has match_type, ruleset and sides; "
                                               "not %(fields)s"), fields=", ".join(map(str, extra)))
    kw = dict(d)
    for name in ("side_a", "side_b"):
        kw[name] = [_member_from(m) for m in _as_list(kw.get(name, []))]
    if isinstance(kw.get("day_dq"), dict):
        kw["day_dq"] = {_member_key(k): v for k, v in kw["day_dq"].items()}
    setup = MatchSetup(**kw)
    check_setup(setup)
    return setup


def _as_list(value) -> list:
    if not isinstance(value, list):
        raise RuleViolation("setup.bad_side", N_("A side of the match must list its members"))
    return value


def _member_key(key):
    """JSON keys are text: "12" names member 12."""
    return int(key) if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 12 else key


def _member_from(d):
    from webapp.tournament.play.state import Member
    names = {f.name for f in fields(Member)}
    if not isinstance(d, dict) or set(d) - names or not {"id", "name"} <= set(d):
        raise RuleViolation("setup.bad_member", N_("A member of a side is not a member"))
    return Member(**d)

