"""A plain 1on1 day: one single-elimination bracket under the KGP2025 match rules, for 2+ players.

Phases (keys):
- ``main`` トーナメント (シングルイリミネーション): every player, seeded by entry order,
  best of 3, no third-place match. Its places are the final standings (1, 2, 3-4, 5-8...).

No routing (one phase). Timetable: doors 09:00, the bracket 10:00-18:00.

This module is the whole template: it registers itself, and the desk's choice list, the
form's validation and ``flask create-event`` read it from the registry.
"""
from __future__ import annotations

from ..errors import N_, RuleViolation
from ..schedule import Slot
from .base import EventTemplate, register
from .plan import EventPlan, PhasePlan, count_matches

NAME = "single_elimination_1on1"
MINIMUM = 2

TIMETABLE = [
    Slot("09:00", "10:00", N_("Doors open, reception")),
    Slot("10:00", "18:00", N_("Single elimination"), "main"),
]


def build(players) -> EventPlan:
    """The plan for ``players`` players (at least 2)."""
    if players < MINIMUM:
        raise RuleViolation("template.too_few_entrants",
                            N_("This event needs at least %(minimum)s players; it has %(count)s."),
                            minimum=MINIMUM, count=players)
    phases = [PhasePlan("main", "トーナメント (シングルイリミネーション)", "single_elimination", {},
                        "best_of", 3, seeding="entry", stage=1)]
    notes = [N_("One single-elimination bracket, best of 3; the losers of each round share a place.")]
    return EventPlan(N_("1on1 single elimination day"), "kgp2025", "player", 1, phases, [],
                     list(TIMETABLE), notes, players, {"main": count_matches("single_elimination", players)})


TEMPLATE = register(EventTemplate(
    NAME, N_("1on1 single elimination day (KGP2025 match rules, best of 3)"), game="fatal_fury_cotw",
    slug="1on1-single-elimination", ruleset="kgp2025", team_size=1, build=build, position=3))
