"""The start preview's draw, kept until what it depends on changes (issue 37.8).

A phase drawn from the entry list places its unseeded entrants by a recorded draw. The preview
shows that draw before the start; it must not change when the page is loaded again, or the
pairings the desk read are not the ones that start. So the draw's seed is kept on the phase with
a fingerprint of what the draw depends on (the entrants and the phase's settings): a look with
the same fingerprint reads the same seed, a change of either makes a new seed, and the desk may
draw again on purpose. The start takes the seed the page showed and refuses one that is no
longer the kept one (the entrants changed, or someone drew again, since that page was shown).
"""
import hashlib
import json

from ...models import Phase
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from ..matches import seeding

KEPT = "kept_draw"  # phase option: {"seed": ..., "for": fingerprint}


def fingerprint(phase: Phase) -> str:
    """What the draw depends on: each entrant (seed, tier, out or in, the fields separation reads)
    and the phase's settings (not the kept draw itself)."""
    people = sorted((e.id, e.seed or 0, e.tier or 0, bool(e.dq), json.dumps(e.info or {}, sort_keys=True))
                    for e in phase.event.entrants)
    chosen = {k: v for k, v in (phase.options or {}).items() if k != KEPT}
    raw = json.dumps([people, chosen, phase.format, phase.group_count, phase.seeding], sort_keys=True, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def seed(phase: Phase) -> str:
    """The seed the preview shows: the kept one while nothing it depends on changed, else a new one
    (kept from now on; the caller commits)."""
    return still_kept(phase) or _keep(phase, seeding.new_seed(), fingerprint(phase))


def still_kept(phase: Phase) -> str | None:
    """The kept seed while nothing it depends on changed (a read: nothing is written)."""
    kept = (phase.options or {}).get(KEPT) or {}
    return kept["seed"] if kept.get("for") == fingerprint(phase) and kept.get("seed") else None


def draw_again(phase: Phase, user=None) -> str:
    """A new draw on purpose (「組み合わせを引き直す」), logged with its seed."""
    _check_draft(phase)
    new = _keep(phase, seeding.new_seed(), fingerprint(phase))
    audit.record("phase.draw_again", user, phase.event_id, phase=phase.id, seed=new)
    return new


def check_shown(phase: Phase, shown: str | None, entry_list_drawn: bool) -> str:
    """The seed to start with: the one the page showed, when it is still the kept one (refused
    only when the phase places someone by the draw: otherwise no seed matters). A start sent
    without a shown draw (no preview read: a script, a test) starts with the kept one.
    entry_list_drawn: the event's model says the phase's start draws its entry list."""
    current = seed(phase)
    if shown is not None and shown != current and _draws(phase, entry_list_drawn):
        raise ServiceError("draw.changed", N_("The draw changed since that page was shown (the entrants or the "
                                              "settings changed, or it was drawn again): read the pairings "
                                              "below and start again."))
    return current


def _draws(phase: Phase, entry_list_drawn: bool) -> bool:
    """The phase's start places unseeded entrants by the draw (a custom phase fed from the entry list)."""
    return entry_list_drawn and any(not e.seed and not e.dq for e in phase.event.entrants)


def _keep(phase: Phase, new: str, mark: str) -> str:
    phase.options = {**(phase.options or {}), KEPT: {"seed": new, "for": mark}}
    return new


def _check_draft(phase: Phase) -> None:
    if phase.status != "draft":
        raise ServiceError("phase.started", N_("This phase has already started."))
