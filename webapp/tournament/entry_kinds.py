"""Entry kinds: every kind of entry a phone, a form or the server makes, and what the code asks of it.

An `EntryKind` is one frozen record: the staff's word for it, the words a refusal names it by, the
flags (a match-play entry undone when its match restarts, I1; desk only; whether it needs a match;
what it locks; whether the offline page has a form for it and which recorded fields that form keeps),
its payload schema and its decider. Each kind is registered once, whole, by its own module in
webapp/operations/kinds/ (the layer that may name a schema and a decider); the domain holds only the
record's shape and the registry, so everything that names kinds (decide, restarts, the entry labels,
the offline pack) reads this one table. tests/service/test_entry_kinds.py fails on a kind missing a part.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .play.actions import Action
from .registry import Registry


@dataclass(frozen=True)
class EntryKind:
    """One kind of entry and everything the code asks about it."""

    name: str
    label: str                    # the staff's word for it ("Game"), a msgid
    decider: Callable             # decider(batch, entry, match, user) -> (Outcome, conflict reason or None)
    schema: Any = None            # the payload's marshmallow schema (None: the kind's service reads its own)
    what: str = ""                # how a refusal names it ("A game result"), a msgid
    play: bool = False            # a match-play entry: undone when its match restarts (I1)
    desk_only: bool = False
    needs_match: bool = True
    locks: str = "match"          # "match" | "event" (a DQ walks over its event's brackets) | "entrant"
    offline_form: bool = False    # the offline match page has a form for it
    offline_fields: tuple = ()    # fields of a recorded action the offline pack keeps (the form's defaults)
    by_player: bool = False       # a player's own report may carry it
    names_winner: bool = False    # names the match's winner outright (the desk's result or correction)
    changes_result: bool = False  # decides or changes the result: the desk's history of the result lists it
    in_history: bool = False      # the match's history lists it (results, games, stations)

    @classmethod
    def of_action(cls, action: type[Action], schema, decider) -> "EntryKind":
        """A match-play kind: its facts are the domain action's own."""
        return cls(action.kind, action.label, decider, schema, action.what, play=True,
                   desk_only=action.desk_only, offline_form=action.offline_form,
                   offline_fields=action.offline_fields, by_player=action.by_player,
                   changes_result=action.changes_result,
                   in_history=action.in_history)


ENTRY_KINDS = Registry("entry kind")


def kinds(**flags) -> tuple[str, ...]:
    """The kinds whose flags have these values, in registration order (kinds(play=True): match play)."""
    return tuple(k.name for k in ENTRY_KINDS.values() if all(getattr(k, f) == v for f, v in flags.items()))
