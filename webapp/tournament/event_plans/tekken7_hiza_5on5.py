"""Tekken 7 Hiza Mattari Cup, 5on5 teams (RULES.md A), for any team count >= 8.

Phases (keys):
- ``q1a`` / ``q1b`` 一次予選 前半 / 後半: the first qualifier is two phases, one per time
  block (each has its own check-in time and its own half of the teams). Groups of 4 are
  lettered across both (56 teams: A-G morning, H-N afternoon); the morning takes the
  extra group when the count is odd. Each group: double elimination, no grand final.
- ``q2`` 二次予選: "pairs" of the group winners, kachinuki.
- ``wildcard`` ワイルドカード: single elimination of representative matches; group 2nd
  places and second-qualifier losers at tier 0, group 3rd places at tier 1 (lowest).
- ``best8`` Best8 決勝ラウンド: single elimination, positions by a draw, no 3rd-place match.

Odd counts (rules this product chose; the seed only describes 56 teams):
- groups = ceil(teams / 4), filled by snake seeding, so the groups have 4 or 3 teams,
  never 5 or 2 (13 teams: 4+3+3+3; 60: 15 groups of 4). In a 3-team group (a 4-slot
  double elimination with one bye) seeds 2 and 3 play first, the top seed waits in the
  winners-side final; its winner is 1st, the losers-side final between its loser and the
  first match's loser gives 2nd and 3rd; there is no 4th place.
- an odd number of group winners: the Group A winner gets the second-qualifier bye and
  goes straight to the final round; B v C, D v E, ... play (``plan.phase_entrants``).
- the final round has (second-qualifier winners + 1) teams: 8 for 56, 9 for 60 (one
  first-round match on the drawn lines), 3 for 13, 2 for 8.
"""
from __future__ import annotations

from ..errors import N_, RuleViolation
from ..formats.groups import label
from ..routing import Progression
from ..schedule import TEKKEN_TIMETABLE
from .base import EventTemplate, register
from .plan import EventPlan, PhasePlan, count_matches

NAME = "tekken7_hiza_5on5"
GROUP_OPTIONS = {"inner_format": "double_elimination", "grand_final": "none"}


def group_sizes(teams) -> list[int]:
    """Sizes of the snake-filled groups: ceil(teams / 4) groups of 4 or 3."""
    count = -(-teams // 4)
    sizes = [0] * count
    for i in range(teams):
        lap, pos = divmod(i, count)
        sizes[pos if lap % 2 == 0 else count - 1 - pos] += 1
    return sizes


def _first_qualifier(sizes) -> list[PhasePlan]:
    """The two time-block phases; the morning takes the extra group."""
    morning = -(-len(sizes) // 2)
    out = []
    for key, name, block, part, first in (("q1a", "一次予選 前半", "AM", sizes[:morning], 0),
                                          ("q1b", "一次予選 後半", "PM", sizes[morning:], morning)):
        options = dict(GROUP_OPTIONS, group_count=len(part))
        out.append(PhasePlan(key, name, "groups", options, "kachinuki", 1, len(part), part, block,
                             "entry", 1, [label(first + i) for i in range(len(part))]))
    return out


def _later_phases() -> list[PhasePlan]:
    """Second qualifier, wildcard and the final round."""
    return [
        PhasePlan("q2", "二次予選", "pairs", {"order": "given"}, "kachinuki", stage=2),
        PhasePlan("wildcard", "ワイルドカード", "single_elimination", {"third_place": False},
                  "representative", stage=3),
        PhasePlan("best8", "Best8 決勝ラウンド", "single_elimination", {"third_place": False},
                  "kachinuki", seeding="draw", stage=4),
    ]


def progressions() -> list[Progression]:
    """Who goes where; list order breaks ties in the target's seeding."""
    out = []
    for q1 in ("q1a", "q1b"):
        out.append(Progression(q1, 1, "q2", 0, "Group"))
    out.append(Progression("q2", 1, "best8", 0, "Second qualifier"))
    out.append(Progression("wildcard", 1, "best8", 0, "Wildcard"))
    out.append(Progression("q2", 2, "wildcard", 0, "Second qualifier"))
    for q1 in ("q1a", "q1b"):
        out.append(Progression(q1, 2, "wildcard", 0, "Group"))
    for q1 in ("q1a", "q1b"):
        out.append(Progression(q1, 3, "wildcard", 1, "Group"))
    return out


def _notes(teams, groups) -> list[str]:
    """Explanations the desk sees for this count."""
    notes = [N_("The first qualifier runs as two phases, one per time block; groups are lettered "
                "across both blocks."),
             N_("Wildcard: group 2nd places and second-qualifier losers are seeded first, group 3rd "
                "places after them; byes go to the first seeded, so 3rd places play at least as "
                "many rounds.")]
    if teams % 4:
        notes.append(N_("The team count is not a multiple of 4, so some groups have 3 teams. In a "
                        "3-team group seeds 2 and 3 play first and the top seed waits in the "
                        "winners-side final; the losers-side final decides 2nd and 3rd; there is no "
                        "4th place."))
    if groups % 2:
        notes.append(N_("The number of group winners is odd: the Group A winner gets the bye in the "
                        "second qualifier and goes straight to the final round."))
    if -(-groups // 2) + 1 != 8:
        notes.append(N_("The final round has the second-qualifier winners plus the wildcard winner, "
                        "which is not 8 teams here; drawn positions fill the bracket lines in order "
                        "and the remaining lines are byes."))
    return notes


def build(teams) -> EventPlan:
    """The plan for ``teams`` teams (at least 8)."""
    if teams < 8:
        raise RuleViolation("template.too_few_entrants",
                            N_("This event needs at least %(minimum)s teams; it has %(count)s."),
                            minimum=8, count=teams)
    sizes = group_sizes(teams)
    g = len(sizes)
    phases = _first_qualifier(sizes) + _later_phases()
    counts = {"q2": g, "wildcard": 2 * g + g // 2, "best8": -(-g // 2) + 1}
    planned = {p.key: sum(5 if s == 4 else 3 for s in p.group_sizes) for p in phases[:2]}
    planned.update({k: count_matches(phases[i + 2].format, n, **phases[i + 2].generate_options())
                    for i, (k, n) in enumerate(counts.items())})
    return EventPlan(N_("Tekken 7 Hiza Mattari Cup 5on5"), "tekken7_hiza_5on5", "team", 5, phases,
                     progressions(), list(TEKKEN_TIMETABLE), _notes(teams, g), teams, planned)


TEMPLATE = register(EventTemplate(
    NAME, N_("Tekken 7 Hiza Mattari Cup 5on5"), game="tekken7", slug="tekken7-5on5",
    ruleset="tekken7_hiza_5on5", team_size=5, build=build, position=1))
