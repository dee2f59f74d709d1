"""KGP2025 1on1 (RULES.md B), for any player count >= 5.

Phases (keys):
- ``de`` 予選 (ダブルイリミネーション): double elimination with stop_at_top=4, best of 3.
- ``finals`` 決勝ステージ: "kgp_finals" (two qualifiers with the winners-side player's
  extra life, then the final); qualifiers and the final are best of 5
  (``options["best_of"] = {"Q": 5, "F": 5}``, keyed by match side).

Routing: the DE's top 4 are read by ``routing.phase_places`` as rank 1 (winners side) and
rank 3 (losers side); rank 1 -> finals tier 0, rank 3 -> finals tier 1. Pass
``previous_opponents=recent_pairs(de)`` when generating the finals so the default pairing
avoids an immediate rematch; the desk may still change it before Q1/Q2 start.

Timetable: doors 09:00, event 10:00-19:00 (the seed gives no finer times): the double
elimination until 16:30, a break to set up the stage, then the finals stage 17:00-19:00.
"""
from __future__ import annotations

from ..errors import N_, RuleViolation
from ..routing import Progression
from ..schedule import Slot
from .base import EventTemplate, register
from .plan import EventPlan, PhasePlan, count_matches

NAME = "kgp2025"

KGP_TIMETABLE = [
    Slot("09:00", "10:00", N_("Doors open, reception")),
    Slot("10:00", "16:30", N_("Double elimination until the top 4"), "de"),
    Slot("16:30", "17:00", N_("Break; finals stage set-up")),
    Slot("17:00", "18:15", N_("Finals-stage qualifiers"), "finals", 2),
    Slot("18:15", "19:00", N_("Finals stage"), "finals", 1),
]


def progressions() -> list[Progression]:
    """Top 4 to the finals stage: winners side tier 0, losers side tier 1."""
    return [Progression("de", 1, "finals", 0, "Winners side"),
            Progression("de", 3, "finals", 1, "Losers side")]


def build(players) -> EventPlan:
    """The plan for ``players`` players (at least 5)."""
    if players < 5:
        raise RuleViolation("template.too_few_entrants",
                            N_("This event needs at least %(minimum)s players; it has %(count)s."),
                            minimum=5, count=players)
    phases = [
        PhasePlan("de", "予選 (ダブルイリミネーション)", "double_elimination", {"stop_at_top": 4},
                  "best_of", 3, seeding="entry", stage=1),
        PhasePlan("finals", "決勝ステージ", "kgp_finals", {"best_of": {"Q": 5, "F": 5}},
                  "best_of", 5, stage=2),
    ]
    # qualifier replays are counted only when played; the plan counts Q1, Q2 and F
    planned = {"de": count_matches("double_elimination", players, stop_at_top=4), "finals": 3}
    notes = [N_("Double elimination until the top 4 (best of 3); the two winners-side players "
                "then carry one extra life into the finals-stage qualifiers (best of 5)."),
             N_("Finals-stage pairing avoids an immediate rematch by default; the desk can change "
                "it before the qualifiers start.")]
    return EventPlan(N_("KGP2025 1on1"), "kgp2025", "player", 1, phases, progressions(),
                     list(KGP_TIMETABLE), notes, players, planned)


TEMPLATE = register(EventTemplate(
    NAME, N_("KGP2025 1on1 (modified double elimination)"), game="fatal_fury_cotw", slug="kgp2025-1on1",
    ruleset="kgp2025", team_size=1, build=build, position=2))
