"""Event templates: a whole event (phases, routing, timetable) for a given entrant count.

Each module here registers an :class:`EventTemplate` (``register(EventTemplate(...))`` from
``.base``) and is loaded below, so adding a template touches its own file (and its tests).
``build(name, entrant_count)`` returns its :class:`EventPlan`. Running a plan: ``entry_split``
-> ``build_phase`` for the entry phases; after each phase ``routing.route(plan.progressions, ...)``
-> ``phase_entrants`` -> ``build_phase`` for the next; ``final_standings`` at the end.
"""
from __future__ import annotations

from ..registry import load_modules
from .base import TEMPLATES, EventTemplate, build, choices, get_template, register
from .plan import EventPlan, PhasePlan, build_phase, entry_split, phase_entrants
from .standings import final_standings

__all__ = ["TEMPLATES", "EventPlan", "EventTemplate", "PhasePlan", "build", "build_phase", "choices",
           "entry_split", "final_standings", "get_template", "phase_entrants", "register"]

load_modules(__name__, __path__)
