"""People's words for entries: what kind of entry, and what each of its fields says."""
from flask_babel import gettext as _

from ..tournament.entry_kinds import ENTRY_KINDS
from .game_words import char_label
from .game_words import stage_label as _stage_label


def entry_kind_label(kind: str) -> str:
    """An operation kind as staff read it ("Game", "Toss"), never the internal name."""
    entry = ENTRY_KINDS.get(kind)
    return _(entry.label) if entry is not None else _("Entry")


def entry_kind_labels() -> dict:
    """Every kind's label, for the phone's list of entries (data-kind-labels): the registry's kinds."""
    return {kind: entry_kind_label(kind) for kind in ENTRY_KINDS}


def entry_field_label(key: str, sides: dict) -> str:
    """A field of an entry, sides named: "rounds_a" -> "Rounds チームA"."""
    a, b = sides.get("a", "A"), sides.get("b", "B")
    labels = {"winner": _("Winner"), "rounds_a": _("Rounds %(name)s", name=a),
              "rounds_b": _("Rounds %(name)s", name=b), "char_a": _("Character %(name)s", name=a),
              "char_b": _("Character %(name)s", name=b), "stage": _("Stage"),
              "side_a": _("Side of %(name)s", name=a), "double_ko": _("double K.O."),
              "member_id": _("Player"), "side": _("Team"), "choice": _("The winner takes"),
              "side_of_winner": _("Side the winner chose (if side)"), "blind": _("Blind select"),
              "reason": _("Reason"), "note": _("Note"), "station": _("Station"), "penalty": _("Penalty"),
              "act": _("Prohibited act"), "game": _("Game"), "character": _("New character"),
              "absent_a": _("Absent from %(name)s", name=a), "absent_b": _("Absent from %(name)s", name=b),
              "cascade": _("Also reopen matches already played after this one"), "entrant_id": _("Entrant")}
    return labels.get(key, key.replace("_", " "))


def entry_value(key: str, value, sides: dict, members: dict, entrants: dict) -> str:
    """A field's value in words: sides and players by name, yes/no for switches."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if key in ("winner", "side") and value in sides:
        return sides[value]
    if key in ("winner", "entrant_id") and value in entrants:
        return entrants[value].name
    if key == "member_id" and value in members:
        return members[value].name
    if key == "stage":
        return stage_label(value) if value else "—"
    if key in ("char_a", "char_b", "character") and value:
        return char_label(value)
    if key == "choice":
        return {"stage": _("the first stage choice"), "side": _("the side choice")}.get(value, str(value))
    if isinstance(value, list):
        return ", ".join(members[v].name if v in members else str(v) for v in value)
    return "—" if value in (None, "") else str(value)


def stage_label(name: str | None) -> str:
    """A stage as the reader knows it: its Japanese name on Japanese pages, the stored name otherwise."""
    return _stage_label(name or "")
