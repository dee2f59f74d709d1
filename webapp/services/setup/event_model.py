"""One model of an event (issue 36.5): the same questions, asked of a seed plan or of the desk's phases.

A seed event (the Tekken 7 5on5 team day, KGP2025) is a preset with a plan: its phases, who enters
each, the matches each plays, its timetable and its standings come from the registered plan rebuilt
for its entrant count (``event_templates``). An event built at the desk (or from a preset without a
plan) answers the same questions from its phases and their progressions. Every page and service asks
``of(event)``; which of the two an event is, is read in ``event_templates`` alone (tests/test_layers.py
holds every other module to that).

Where the answer of a built event lives with its caller (the forecast sizes its phases by building
them, the standings walk its phases from the last), the model answers None: "the phases say".
"""
from ...models import Event, Phase
from ...tournament.errors import RuleViolation
from .. import ServiceError
from ..matches import brackets, seeding
from . import event_templates, kept_draw, progressions


def of(event: Event) -> "SeedPlan | BuiltPhases":
    """The event's model: its registered plan, or its own phases."""
    return SeedPlan(event) if event_templates.plan_name(event) else BuiltPhases(event)


class SeedPlan:
    """An event made from a registered plan: the plan, rebuilt for its entrants, answers."""

    desk_builds_phases = False    # the plan made the phases; the desk neither adds one nor routes them
    routed_list_editable = True   # the desk may change who a routed phase takes before it starts
    phases_follow_count = True    # the phases are made for the number of entrants (replanned until a start)

    def __init__(self, event: Event):
        self.event = event
        self.plan_name = event_templates.plan_name(event)

    def start(self, phase: Phase, user, choices) -> None:
        """Entry phases from the entrant list (groups by seed or by a recorded draw), later ones by routing."""
        event_templates.start(phase, user, draw_seed=choices.draw_seed, draw_groups=choices.draw_seed is not None,
                              pairing=list(choices.pairing) or None)

    def routed(self, phase: Phase) -> list:
        """Who enters a routed phase: the plan's routing from the places so far, or the desk's list."""
        return event_templates.entrants_for(phase)

    def first_brackets(self, phase: Phase, draw_seed: str | None = None) -> list:
        """The brackets the start would make (nothing for a phase drawn or paired at its start)."""
        return event_templates.preview_brackets(phase)

    def arrangement(self, phase: Phase, draw_seed: str | None) -> seeding.Arranged | None:
        """None: the plan places the entry list (by seed, snaked over its groups), not the kept draw."""
        return None

    def entry_list_drawn(self, phase: Phase) -> bool:
        """The plan never places the entry list by the preview's kept draw (its draws are made at the start)."""
        return False

    def can_draw_groups(self, phase: Phase) -> bool:
        """An entry phase of several groups may take its groups from a recorded draw instead of by seed."""
        return phase.seeding == "entry" and phase.group_count > 1

    def planned_matches(self, phase: Phase) -> int | None:
        """The matches the plan counts for the phase (0 when the plan cannot be built for the count)."""
        try:
            return int(event_templates.plan_for(self.event).planned_matches.get(phase.key, 0))
        except (RuleViolation, ServiceError, KeyError):
            return 0

    def matches_by_phase(self) -> dict | None:
        """{phase key: matches}: what the plan's timetable expects each phase to play."""
        return event_templates.plan_for(self.event).planned_matches

    def plan_timetable(self) -> list[dict] | None:
        """The timetable the plan makes for the entrants (what the event was created with)."""
        return event_templates.plan_timetable(self.event)

    def standings(self, placements) -> list | None:
        """The whole event ranked by the plan's stages (later stages first, bands merged across groups)."""
        return event_templates.final_standings(self.event, placements)

    def routing_changes(self) -> list[dict]:
        """Started routed phases whose entrants no longer match the routing (after a correction)."""
        return event_templates.routing_changes(self.event)


class BuiltPhases:
    """An event built at the desk: its phases and their progressions answer."""

    plan_name = ""                # no registered plan: the event file carries the phases themselves
    desk_builds_phases = True
    routed_list_editable = False  # a progression says who enters; the desk changes the progression
    phases_follow_count = False

    def __init__(self, event: Event):
        self.event = event

    def start(self, phase: Phase, user, choices) -> None:
        """From the phase's progression, else from the entry list placed by the draw the page showed."""
        seed = kept_draw.check_shown(phase, choices.shown_seed, self.entry_list_drawn(phase))
        progressions.start(phase, self.event.entrants, user, seed)

    def routed(self, phase: Phase) -> list:
        """Who the phase's progression takes, and from where (nobody while its source is played)."""
        return progressions.preview_rows(phase)

    def first_brackets(self, phase: Phase, draw_seed: str | None = None) -> list:
        """The brackets the start would make, the unseeded drawn from `draw_seed`."""
        if progressions.rule_of(phase) is not None:
            return brackets.build(phase, progressions.players(phase))
        return brackets.build(phase, self.arrangement(phase, draw_seed).players)

    def arrangement(self, phase: Phase, draw_seed: str | None) -> seeding.Arranged | None:
        """How a phase fed from the entry list places its entrants (None: a progression feeds it)."""
        if not self.entry_list_drawn(phase):
            return None
        return seeding.arrange(phase, self.event.entrants, draw_seed, lambda p: brackets.build(phase, p))

    def entry_list_drawn(self, phase: Phase) -> bool:
        """A phase without a progression places its unseeded entrants by the kept draw."""
        return progressions.rule_of(phase) is None

    def can_draw_groups(self, phase: Phase) -> bool:
        return False  # the kept draw already places the unseeded entrants

    def planned_matches(self, phase: Phase) -> int | None:
        return None  # the forecast builds the phase for its expected entrants

    def matches_by_phase(self) -> dict | None:
        return None  # no plan: the timetable is the desk's, not measured against a plan

    def plan_timetable(self) -> list[dict] | None:
        return None  # the desk's timetable is all its own

    def standings(self, placements) -> list | None:
        return None  # the phases place themselves, later phases above earlier ones

    def routing_changes(self) -> list[dict]:
        return []  # a started phase's source refuses corrections (progressions), so nothing drifts
