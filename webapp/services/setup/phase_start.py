"""Starting a phase, the one way for every event: a preset's planned phase or one built at the desk.

The desk's one start form (確認して開始) gives its choices: the draw the preview showed (kept draw),
and for a preset's phase the group draw and the finals pairing. The page has passed the check-in
gate before (views/desk/plan.py: the absent dropped, each freed place to the first in line); the
start is checked, then the phase made from its plan or from its progressions; a refusal changes nothing.
"""
from dataclasses import dataclass

from ...models import Phase
from . import event_model, setup_checks


@dataclass(frozen=True)
class StartChoices:
    shown_seed: str | None = None   # the draw the preview showed (None: no preview read)
    draw_seed: str | None = None    # a preset's group draw ("" draws a new seed), None when not drawn
    pairing: tuple = ()             # a preset's finals: (winners-side id, losers-side id) pairs


def start(phase: Phase, user, choices: StartChoices) -> None:
    """Check and start the phase, from the event's plan or from the phase's progressions."""
    setup_checks.check_start(phase)
    event_model.of(phase.event).start(phase, user, choices)
