"""What staff enter during a match: one frozen dataclass per action kind, and its JSON form.

Every action has a ``kind`` and a JSON-able ``to_dict()``; ``action_from_dict`` turns the operation
log's payload back into the action, every field of the type its kind declares (``check_action``; the
same value checks read a match setup, state.py). A wrong value is a named RuleViolation, never a
TypeError: phones, forms and the operation log all hand the domain JSON; the service's schemas clean
it first, but the domain checks again so that no caller can make it fail with anything but a
RuleViolation.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar, Optional

from webapp.tournament.errors import N_, RuleViolation


@dataclass(frozen=True)
class Action:
    """Base of all match actions."""

    kind: ClassVar[str] = ""
    # Registered as entry kinds (webapp/operations/kinds/play.py): the staff's word for it, how a
    # refusal names it, whether only the desk makes it, whether the offline page has its form and
    # which of its recorded fields the offline pack carries (the page steps the match through them as
    # static/js/match_model.js does this phone's own entries, and takes the next game's defaults);
    # whether a player's own report may carry it (penalties, voids and rulings stay with staff); whether
    # it decides or changes the result (the desk's history of the result lists it) and whether the
    # match's history lists it at all.
    label: ClassVar[str] = ""
    what: ClassVar[str] = ""
    desk_only: ClassVar[bool] = False
    offline_form: ClassVar[bool] = True
    offline_fields: ClassVar[tuple] = ()
    by_player: ClassVar[bool] = True
    changes_result: ClassVar[bool] = False
    in_history: ClassVar[bool] = False

    def to_dict(self) -> dict:
        """The JSON-able form kept in the operation log."""
        d = {"kind": self.kind}
        for name, *_ in action_fields(type(self)):
            v = getattr(self, name)
            d[name] = list(v) if isinstance(v, tuple) else v
        return d


@dataclass(frozen=True)
class CoinToss(Action):
    """Rock-paper-scissors / coin toss: the winner takes the stage or the side right."""

    kind: ClassVar[str] = "coin_toss"
    offline_fields: ClassVar[tuple] = ("winner", "choice", "side_of_winner")
    label: ClassVar[str] = N_("Toss")
    what: ClassVar[str] = N_("The coin toss")
    winner: str = "a"
    choice: str = "stage"                 # "stage" | "side"
    side_of_winner: Optional[str] = None  # "1P" | "2P" once known


@dataclass(frozen=True)
class RollCall(Action):
    """The referee's roll call before the match; absent members play last."""

    kind: ClassVar[str] = "roll_call"
    offline_fields: ClassVar[tuple] = ("absent_a", "absent_b")
    label: ClassVar[str] = N_("Roll call")
    what: ClassVar[str] = N_("The roll call")
    absent_a: tuple = ()
    absent_b: tuple = ()


@dataclass(frozen=True)
class Arrive(Action):
    """A member absent at roll call shows up."""

    kind: ClassVar[str] = "arrive"
    offline_fields: ClassVar[tuple] = ("side", "member_id")
    label: ClassVar[str] = N_("Arrival")
    what: ClassVar[str] = N_("An arrival")
    side: str = "a"
    member_id: int = 0


@dataclass(frozen=True)
class NamePlayer(Action):
    """A team names its next player (blind select at the start and after a double K.O.)."""

    kind: ClassVar[str] = "name_player"
    offline_fields: ClassVar[tuple] = ("side", "member_id")
    label: ClassVar[str] = N_("Next player")
    what: ClassVar[str] = N_("A naming")
    side: str = "a"
    member_id: int = 0
    blind: bool = False


@dataclass(frozen=True)
class DeclareChange(Action):
    """Tekken: a change of character declared to the opponent and the referee."""

    kind: ClassVar[str] = "declare_change"
    offline_fields: ClassVar[tuple] = ("side", "member_id", "character", "opponent_allowed", "referee_allowed")
    label: ClassVar[str] = N_("Declared character change")
    what: ClassVar[str] = N_("A character change")
    side: str = "a"
    member_id: int = 0
    character: str = ""
    opponent_allowed: bool = False
    referee_allowed: bool = False


@dataclass(frozen=True)
class ReportGame(Action):
    """The result of one game: winner (None for a double K.O.) and the round score."""

    kind: ClassVar[str] = "report_game"
    in_history: ClassVar[bool] = True
    # The offline page replays the games the server has (the next game's number, the set's score,
    # Smash's bans by the last winner) and defaults the next one from the last (characters, stage, side).
    offline_fields: ClassVar[tuple] = ("winner", "rounds_a", "rounds_b", "double_ko",
                                       "char_a", "char_b", "stage", "side_a")
    label: ClassVar[str] = N_("Game")
    what: ClassVar[str] = N_("A game result")
    winner: Optional[str] = None
    rounds_a: int = 0
    rounds_b: int = 0
    char_a: str = ""
    char_b: str = ""
    stage: str = ""
    side_a: str = ""          # "1P" | "2P" | "" (not recorded)
    double_ko: bool = False
    struck: str = ""          # stage striking, game 1: the starters struck, in order ("A|B|C|D")
    banned: str = ""          # stage striking, later games: the stages the previous winner banned


@dataclass(frozen=True)
class Penalty(Action):
    """A penalty against a side; its effect comes from the rule set.

    ``act``: KGP prohibited act; ``member_id``: the member concerned (default the
    side's current player); ``game``: the game index an after-the-fact void names;
    ``rounds_a``/``rounds_b``: the round score when a round penalty happened
    (lets the domain see a full-set 2-2 and decide the game at once).
    """

    kind: ClassVar[str] = "penalty"
    offline_fields: ClassVar[tuple] = ("side", "penalty", "act", "member_id", "game", "rounds_a", "rounds_b")
    by_player: ClassVar[bool] = False
    label: ClassVar[str] = N_("Penalty")
    what: ClassVar[str] = N_("A penalty")
    side: str = "a"
    penalty: str = ""
    note: str = ""
    act: str = ""
    member_id: Optional[int] = None
    game: Optional[int] = None
    rounds_a: Optional[int] = None
    rounds_b: Optional[int] = None


@dataclass(frozen=True)
class Replay(Action):
    """Trouble caused by nobody: the current game (Tekken: round) is replayed."""

    kind: ClassVar[str] = "replay"
    by_player: ClassVar[bool] = False
    label: ClassVar[str] = N_("Replay")
    what: ClassVar[str] = N_("A replay")
    reason: str = ""


@dataclass(frozen=True)
class Override(Action):
    """The desk or referee decides the match; always allowed, needs a reason."""

    kind: ClassVar[str] = "override"
    by_player: ClassVar[bool] = False
    changes_result: ClassVar[bool] = True
    in_history: ClassVar[bool] = True
    label: ClassVar[str] = N_("Referee's decision")
    what: ClassVar[str] = N_("A desk decision")
    offline_form: ClassVar[bool] = False
    winner: str = "a"
    reason: str = ""


@dataclass(frozen=True)
class Ruling(Action):
    """The desk's ruling on a void that reached games played later: replay or keep them."""

    kind: ClassVar[str] = "ruling"
    by_player: ClassVar[bool] = False
    label: ClassVar[str] = N_("Desk ruling")
    what: ClassVar[str] = N_("A desk ruling")
    desk_only: ClassVar[bool] = True
    offline_form: ClassVar[bool] = False
    choice: str = "replay"     # "replay" from the void | "keep" the results as played
    reason: str = ""


ACTIONS: dict[str, type] = {c.kind: c for c in
                            (CoinToss, RollCall, Arrive, NamePlayer, DeclareChange,
                             ReportGame, Penalty, Replay, Override, Ruling)}
_TUPLES = {"absent_a", "absent_b"}


def action_from_dict(d) -> Action:
    """Rebuild an action from its ``to_dict()`` form (unknown keys and wrong types are refused)."""
    if not isinstance(d, dict):
        raise RuleViolation("action.invalid", N_("An entry must be an object with its kind"))
    kind = d.get("kind", "")
    cls = ACTIONS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RuleViolation("action.unknown", N_("Unknown action %(kind)s"), kind=str(kind)[:40])
    names = {name for name, *_ in action_fields(cls)}
    extra = [str(k) for k in d if k not in names and k != "kind"]
    if extra:
        raise RuleViolation("action.bad_field", N_("Action %(kind)s has no field %(field)s"),
                            kind=cls.kind, field=", ".join(sorted(extra)))
    kw = {k: (tuple(v) if k in _TUPLES and isinstance(v, list) else v)
          for k, v in d.items() if k != "kind"}
    action = cls(**kw)
    check_action(action)
    return action


# Every field's type checked: a wrong value is a named RuleViolation (the module's docstring).
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


def is_int(value) -> bool:
    """A whole number (True and False are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _fits(kind: str, value) -> bool:
    if kind.endswith("?"):
        return value is None or _fits(kind[:-1], value)
    if kind == "text":
        return isinstance(value, str)
    if kind == "number":
        return is_int(value)
    if kind == "flag":
        return isinstance(value, bool)
    return isinstance(value, (tuple, list)) and all(is_int(v) for v in value)


def check_value(what: str, name: str, annotation: str, value) -> None:
    """Refuse a value that does not have its field's type."""
    _check_kind(what, name, _KINDS.get(annotation, "text"), value)


def _check_kind(what: str, name: str, kind: str, value) -> None:
    if not _fits(kind, value):
        raise RuleViolation("action.bad_value", _MESSAGES[kind.rstrip("?")],
                            what=what, field=_FIELDS.get(name, name))


# _fits for the two kinds nearly every field has, without its string tests: the domain
# checks each action of a sync batch twice (on entry and when applied), field by field.
_QUICK = {"text": lambda v: isinstance(v, str), "number": is_int}

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
