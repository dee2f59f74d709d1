"""Entry kinds: every kind of entry a phone, a form or the server makes, registered once.

Each kind carries its staff-facing label, the words a refusal names it by, and the flags the rest
of the code asks about: a match-play entry (undone when its match restarts, I1), desk only, whether
it needs a match, what it locks, whether the offline page has a form for it, and which fields of a
recorded action the offline pack keeps. The play kinds come from the domain's ACTIONS (each action
class says its own label); each kind's payload schema is attached by services/entries/payloads.py
and its decider, of one shape for every kind, by webapp/operations/kinds.py, so the lists that
name kinds (decide, restarts, payloads, validate, the entry labels, the offline pack) all read
this one table, and tests/service/test_entry_kinds.py fails when a kind lacks any of them.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import N_
from .play.actions import ACTIONS
from .registry import Registry


@dataclass
class EntryKind:
    """One kind of entry and what the code asks about it."""

    name: str
    label: str                    # the staff's word for it ("Game"), a msgid
    what: str = ""                # how a refusal names it ("A game result"), a msgid
    play: bool = False            # a match-play entry: undone when its match restarts (I1)
    desk_only: bool = False
    needs_match: bool = True
    locks: str = "match"          # "match" | "event" (a DQ walks over its event's brackets) | "entrant"
    offline_form: bool = False    # the offline match page has a form for it
    offline_fields: tuple = ()    # fields of a recorded action the offline pack keeps (the form's defaults)
    schema: object = None         # attached by the pipeline: the payload's marshmallow schema
    decider: object = None        # attached by the pipeline: the function deciding it


ENTRY_KINDS = Registry("entry kind")

_OFFLINE_FIELDS = {"report_game": ("char_a", "char_b", "stage", "side_a"), "name_player": ("side", "member_id"),
                   "coin_toss": ("winner", "choice", "side_of_winner")}

for _action in ACTIONS.values():
    ENTRY_KINDS.register(EntryKind(_action.kind, _action.label, _action.what, play=True,
                                   desk_only=_action.desk_only, offline_form=_action.offline_form,
                                   offline_fields=_OFFLINE_FIELDS.get(_action.kind, ())))

for _kind in (
        EntryKind("record_winner", N_("Result"), desk_only=True),
        EntryKind("correct_result", N_("Correction"), desk_only=True),
        EntryKind("correct_game", N_("Game score corrected"), desk_only=True),
        EntryKind("resolve_conflict", N_("Desk decision"), desk_only=True),
        EntryKind("undo_walkover", N_("Walkover taken back"), desk_only=True),
        EntryKind("set_station", N_("Station")),
        EntryKind("desk_request", N_("Request to the desk"), offline_form=True),
        EntryKind("check_in", N_("Check-in"), needs_match=False, locks="entrant"),
        EntryKind("disqualify", N_("Disqualification"), desk_only=True, needs_match=False, locks="event"),
        EntryKind("undo_dq", N_("Disqualification lifted"), desk_only=True, needs_match=False, locks="event"),
        EntryKind("withdraw", N_("Withdrawal"), needs_match=False, locks="event"),
        EntryKind("undo_withdraw", N_("Back in the event"), needs_match=False, locks="event")):
    ENTRY_KINDS.register(_kind)


def kinds(**flags) -> tuple[str, ...]:
    """The kinds whose flags have these values, in registration order (kinds(play=True): match play)."""
    return tuple(k.name for k in ENTRY_KINDS.values() if all(getattr(k, f) == v for f, v in flags.items()))
