"""The event template registry: what the desk, the CLI and the forms know of a template.

A template module registers one :class:`EventTemplate`; its ``build(entrant_count)`` makes
the :class:`~.plan.EventPlan`. Apart from the package so that the modules import this and
the package loads the modules (no circle).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import N_, RuleViolation
from ..registry import Registry


@dataclass(frozen=True)
class EventTemplate:
    """One kind of event day, as chosen on the desk's form or on the command line."""

    name: str          # registry key, stored on the event ("kgp2025")
    label: str         # msgid for the desk's choice list
    game: str          # the event's game: a catalogue key (tournament/games: "tekken7")
    slug: str          # the public address's hint ("kgp2025-1on1")
    ruleset: str       # the rule set its matches are played under
    team_size: int     # members per entrant: how a sheet of entrants is read
    build: Callable    # (entrant_count) -> EventPlan
    position: int = 0  # place in the desk's list (the first is preselected)


TEMPLATES = Registry("event template")
register = TEMPLATES.register


def choices() -> list[EventTemplate]:
    """The templates in the desk's order."""
    return sorted(TEMPLATES.values(), key=lambda t: (t.position, t.name))


def get_template(name) -> EventTemplate:
    """The registered template, or a RuleViolation naming the known ones."""
    try:
        return TEMPLATES[name]
    except KeyError:
        raise RuleViolation("template.unknown",
                            N_("Unknown event template %(name)s; choose one of %(known)s."),
                            name=name, known=", ".join(sorted(TEMPLATES))) from None


def build(name, entrant_count):
    """The named template's plan for this many entrants."""
    return get_template(name).build(entrant_count)
