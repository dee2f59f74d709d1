"""Event templates: a whole event (phases, routing, timetable) for a given entrant count.

``TEMPLATES`` maps a name to the template module; ``build(name, entrant_count)`` returns
its :class:`EventPlan`. Running a plan: ``entry_split`` -> ``build_phase`` for the entry
phases; after each phase ``routing.route(plan.progressions, ...)`` -> ``phase_entrants``
-> ``build_phase`` for the next; ``final_standings`` at the end.
"""
from __future__ import annotations

from ..errors import N_, RuleViolation
from . import kgp2025, tekken7_hiza_5on5
from .plan import EventPlan, PhasePlan, build_phase, entry_split, phase_entrants  # noqa: F401
from .standings import final_standings  # noqa: F401

TEMPLATES = {m.NAME: m for m in (tekken7_hiza_5on5, kgp2025)}


def build(name, entrant_count) -> EventPlan:
    """The named template's plan for this many entrants."""
    try:
        template = TEMPLATES[name]
    except KeyError:
        raise RuleViolation("template.unknown",
                            N_("Unknown event template %(name)s; choose one of %(known)s."),
                            name=name, known=", ".join(sorted(TEMPLATES))) from None
    return template.build(entrant_count)
