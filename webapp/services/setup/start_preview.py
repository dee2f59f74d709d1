"""What starting a phase will make, before it is made: its first round, pair by pair.

The brackets are generated exactly as the start generates them (nothing is saved), so the
desk reads the pairings it is about to publish. A drawn phase's positions are only known
once its draw is made at the start: then there is nothing to show here."""
from dataclasses import dataclass, field

from ...tournament.errors import RuleViolation
from .. import ServiceError
from ..matches import seeding
from . import event_model


@dataclass
class PreviewMatch:
    """Shaped like a match row, so pages name it as they name any match."""

    key: str
    side: str
    round: int
    index: int
    slot_a: int | None
    slot_b: int | None
    status: str
    bracket: "PreviewBracket | None" = None


@dataclass
class PreviewBracket:
    label: str
    format: str
    matches: list[PreviewMatch] = field(default_factory=list)
    entrant_ids: list[int] = field(default_factory=list)

    def _first(self) -> list[PreviewMatch]:
        if not self.matches:
            return []
        side = self.matches[0].side
        first = min(m.round for m in self.matches if m.side == side)
        return [m for m in self.matches if m.side == side and m.round == first]

    @property
    def first_round(self) -> list[PreviewMatch]:
        """The pairs that play first (in the first round of the first side)."""
        return [m for m in self._first() if m.slot_a and m.slot_b]

    @property
    def byes(self) -> list[int]:
        """Entrants who go to the next round without playing the first."""
        return [m.slot_a or m.slot_b for m in self._first() if bool(m.slot_a) != bool(m.slot_b)]


def preview(phase, draw_seed: str | None = None) -> tuple[list[PreviewBracket], str | None]:
    """The brackets the start would make (the unseeded drawn from `draw_seed`), or (no
    brackets, why not) in the reader's words."""
    if phase.status != "draft":
        return [], None
    try:
        generated = event_model.of(phase.event).first_brackets(phase, draw_seed)
    except (ServiceError, RuleViolation) as problem:
        return [], problem
    return [_shape(b) for b in generated], None


def seeding_of(phase, draw_seed: str | None) -> seeding.Arranged | None:
    """How a custom phase fed from the entry list would place its entrants (None: another kind)."""
    if phase.status != "draft":
        return None
    return event_model.of(phase.event).arrangement(phase, draw_seed)


def _shape(bracket) -> PreviewBracket:
    shaped = PreviewBracket(bracket.label, bracket.format, entrant_ids=list(bracket.entrants))
    order = {"W": 0, "": 1, "L": 2, "GF": 3}
    for m in sorted(bracket.matches.values(), key=lambda m: (order.get(m.side, 1), m.round, m.index)):
        shaped.matches.append(PreviewMatch(m.key, m.side, m.round, m.index, m.slots[0], m.slots[1], m.status,
                                           shaped))
    return shaped
