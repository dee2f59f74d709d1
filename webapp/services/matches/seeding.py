"""A phase's seeding at its start: seeded entrants by seed, the unseeded by a recorded draw,
then (when the phase asks) same-region or same-team entrants kept apart in round 1.

The preview and the start run the same steps with the same draw seed (the preview makes one,
the start form sends it back), so the desk starts exactly what it read.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...models import Entrant, Phase
from ...tournament import bracket as bracket_engine
from ...tournament import draw as draws
from ...tournament import seeding
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit

# What the desk may keep apart in round 1: the entrant's info field of that name.
SEPARATIONS = ("region", "team")
SEED_MAX = 64


@dataclass
class Arranged:
    """The phase's players in seed order, the draw that placed the unseeded and the moves."""

    players: list[bracket_engine.Entrant]
    record: draws.DrawRecord | None = None
    moves: list[seeding.Move] = field(default_factory=list)

    def draw_dict(self) -> dict | None:
        """What the phase keeps of its draw (published on the event's draws page)."""
        if self.record is None:
            return None
        return {"purpose": "unseeded", "seed": self.record.seed, "inputs": list(self.record.inputs),
                "result": list(self.record.result), "algorithm": self.record.algorithm_text,
                "instructions": draws.reproduction_instructions(self.record),
                "moves": [[m.entrant, m.before, m.after] for m in self.moves]}


def separation(phase: Phase) -> str | None:
    """The entrant field the phase keeps apart in round 1, if any."""
    chosen = (phase.options or {}).get("separate")
    return chosen if chosen in SEPARATIONS else None


def clean_seed(text: str | None) -> str | None:
    """A draw seed as the desk's form sent it (None: make a new one)."""
    text = (text or "").strip()[:SEED_MAX]
    return text or None


def arrange(phase: Phase, entrants: list[Entrant], draw_seed: str | None,
            build: Callable[[list], list]) -> Arranged:
    """Place the phase's entrants; `build` makes the phase's brackets from seeded players (it
    tells which places meet in round 1)."""
    live = list(entrants)
    seeded = [e.id for e in sorted((e for e in live if e.seed), key=lambda e: e.seed)]
    unseeded = [e.id for e in sorted((e for e in live if not e.seed), key=lambda e: e.id)]
    order, record = seeding.place(seeded, unseeded, draw_seed)
    moves = []
    key = separation(phase)
    if key and record is not None:
        groups = {e.id: str((e.info or {}).get(key) or "").strip() for e in live}
        pairs = seeding.first_round_pairs(build(_numbered(list(range(1, len(order) + 1)))))
        order, moves = seeding.separate(order, pairs, set(range(len(seeded), len(order))), groups)
    tiers = {e.id: e.tier for e in live}
    players = [bracket_engine.Entrant(id=i, seed=n, tier=tiers[i]) for n, i in enumerate(order, start=1)]
    return Arranged(players, record, moves)


def _numbered(ids: list[int]) -> list[bracket_engine.Entrant]:
    return [bracket_engine.Entrant(id=i, seed=i) for i in ids]


def new_seed() -> str:
    """A fresh draw seed for a preview (the start form sends it back)."""
    return draws.new_seed()


def set_separation(phase: Phase, key: str | None, user=None) -> None:
    """Keep entrants with the same region or team apart in round 1 (None: no separation); logged."""
    if phase.status != "draft":
        raise ServiceError("phase.started", N_("This phase has already started."))
    if key is not None and key not in SEPARATIONS:
        raise ServiceError("seeding.separation", N_("Choose region, team or nothing to keep apart."))
    options = {k: v for k, v in (phase.options or {}).items() if k != "separate"}
    phase.options = {**options, **({"separate": key} if key else {})}
    audit.record("phase.separation", user, phase.event_id, phase=phase.id, separate=key)
