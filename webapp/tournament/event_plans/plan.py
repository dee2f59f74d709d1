"""Event plans: the phases, routing and timetable of a whole event, as data.

A template (``tekken7_hiza_5on5``, ``kgp2025``) builds an :class:`EventPlan` for an
entrant count. The helpers here turn a plan into brackets the same way for every event:
``entry_split`` places the registered entrants into the entry phases, ``phase_entrants``
turns routed entrants into seeded entrants (draw included), ``build_phase`` generates the
phase's brackets with its options and group labels.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..bracket import Entrant, real_matches
from ..draw import DrawRecord, best8_positions, make_draw
from ..formats import generate_phase, validate_entrants
from ..formats.groups import snake

PLAY_OPTIONS = ("best_of",)  # options for match play, not for the bracket generator


@dataclass
class PhasePlan:
    """One phase of an event: its bracket format, match type and seeding."""

    key: str
    name: str                       # Japanese, as on the seed: "一次予選 前半"
    format: str
    options: dict
    match_type: str                 # "kachinuki" | "representative" | "best_of"
    best_of: int = 1
    group_count: int | None = None
    group_sizes: list[int] | None = None
    block: str | None = None        # time block ("AM"/"PM") for check-in
    seeding: str = "routed"         # "routed" | "entry" | "draw"
    stage: int = 1                  # later stages rank first; equal stages are merged
    group_labels: list[str] | None = None

    def generate_options(self) -> dict:
        """The options the bracket generator takes (play-only options removed)."""
        return {k: v for k, v in self.options.items() if k not in PLAY_OPTIONS}


@dataclass
class EventPlan:
    """A whole event: phases in play order, routing between them, timetable, notes."""

    name_key: str
    ruleset: str
    entrant_kind: str               # "team" | "player"
    team_size: int
    phases: list[PhasePlan]
    progressions: list
    timetable: list
    notes: list[str] = field(default_factory=list)
    entrant_count: int = 0
    planned_matches: dict = field(default_factory=dict)  # phase key -> matches to play

    def phase(self, key) -> PhasePlan:
        """The phase with this key (KeyError if none)."""
        return next(p for p in self.phases if p.key == key)


def entry_split(plan, entrants) -> dict:
    """{entry phase key: (entrants seeded 1..n, group assignment or None)}.

    Entry-seeded group phases share one snake over all their groups (groups lettered
    across the phases, A..G morning and H..N afternoon), so the morning and afternoon
    blocks are seeded alike; each group's list keeps its snake order as its seeding.
    """
    seeded = validate_entrants(list(entrants), 1, "event")
    entry = [p for p in plan.phases if p.seeding == "entry"]
    grouped = [p for p in entry if p.format == "groups"]
    out = {}
    if grouped:
        groups = snake(seeded, sum(p.group_count for p in grouped))
        for p in grouped:
            mine, groups = groups[:p.group_count], groups[p.group_count:]
            ids = [[e.id for e in g] for g in mine]
            out[p.key] = (_renumbered([e for g in mine for e in g]), ids)
    for p in entry:
        if p.format != "groups":
            out[p.key] = (_renumbered(seeded), None)
    return out


def _renumbered(entrants) -> list[Entrant]:
    """The same entrants with seeds 1..n in list order (tiers kept)."""
    return [Entrant(e.id, n, e.tier) for n, e in enumerate(entrants, 1)]


def phase_entrants(plan, key, routed, draw_seed=None) -> tuple[list[Entrant], DrawRecord | None]:
    """Seeded entrants of a routed phase, and the draw record when the phase is drawn.

    Seeds follow the routed order. A "draw" phase draws the routed ids with ``draw_seed``
    (a new seed when None) and seeds them by ``best8_positions``. A "pairs" phase with an
    odd count moves the first routed entrant (the Group A winner) to the end, where the
    odd one out gets the bye.
    """
    phase = plan.phase(key)
    ids = [r.entrant_id for r in routed]
    tiers = {r.entrant_id: r.tier for r in routed}
    record = None
    if phase.seeding == "draw":
        record = make_draw(ids, draw_seed)
        ids, tiers = best8_positions(record.result), {}
    elif phase.format == "pairs" and len(ids) % 2:
        ids = ids[1:] + ids[:1]
    return [Entrant(i, n, tiers.get(i, 0)) for n, i in enumerate(ids, 1)], record


def build_phase(plan, key, entrants, assignment=None, **extra) -> list:
    """The phase's brackets (one per group), labelled as the plan says.

    ``extra`` goes to the generator as well (KGP finals: ``previous_opponents``, ``pairing``).
    """
    phase = plan.phase(key)
    options = dict(phase.generate_options(), **extra)
    if assignment is not None:
        options["assignment"] = assignment
    brackets = generate_phase(phase.format, entrants, **options)
    for i, b in enumerate(brackets):
        if phase.group_labels and i < len(phase.group_labels):
            b.label = phase.group_labels[i]
    return brackets


def count_matches(format_name, n, **options) -> int:
    """Matches with two real entrants in a phase of ``n`` (byes and replays not counted)."""
    dummies = [Entrant(i, i) for i in range(1, n + 1)]
    return sum(len(real_matches(b)) for b in generate_phase(format_name, dummies, **options))
