"""Seeds copied from an earlier event's final placements: an entrant found there by name (or by
reading) gets a seed in the order of their place; one not found there is unseeded (drawn at the
start). The desk reads who gets which seed before anything changes."""
from __future__ import annotations

from dataclasses import dataclass

from ...extensions import db
from ...models import Entrant, Event
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from ..reads import standings
from .entrant_lists import normalize_name


@dataclass
class SeedCopy:
    """One entrant of the event: their place in the earlier event and the seed it gives."""

    entrant: Entrant
    place: int | None
    seed: int | None


def _key(text: str) -> str:
    return normalize_name(text or "").replace(" ", "").casefold()


def sources(event: Event) -> list[Event]:
    """Other events with a started phase (they have placements to copy), newest first."""
    started = db.select(Event).where(Event.id != event.id).order_by(Event.id.desc())
    return [e for e in db.session.scalars(started) if any(p.status != "draft" for p in e.phases)]


def plan(event: Event, source: Event) -> list[SeedCopy]:
    """Who would get which seed, best placed first; the unmatched last, unseeded."""
    by_name, by_reading = {}, {}
    for rank, _rank_to, entrant in standings.event_standings(source):
        by_name.setdefault(_key(entrant.name), rank)
        if entrant.reading:
            by_reading.setdefault(_key(entrant.reading), rank)
    found = []
    for entrant in event.entrants:
        place = by_name.get(_key(entrant.name))
        if place is None and entrant.reading:
            place = by_reading.get(_key(entrant.reading))
        found.append((place, entrant))
    matched = sorted((p, e.id, e) for p, e in found if p is not None)
    rows = [SeedCopy(e, p, n) for n, (p, _id, e) in enumerate(matched, start=1)]
    return rows + [SeedCopy(e, None, None) for p, e in sorted(found, key=lambda f: f[1].id) if p is None]


def apply(event: Event, source: Event, user=None) -> list[SeedCopy]:
    """Set the seeds as planned (logged); refused once a phase of the event has started."""
    if any(p.status != "draft" for p in event.phases):
        raise ServiceError("seeds.started", N_("A phase has started: seeds can no longer be copied."))
    rows = plan(event, source)
    for row in rows:
        row.entrant.seed = row.seed
    audit.record("seeds.copy", user, event.id, source=source.id,
                 seeds={r.entrant.id: r.seed for r in rows if r.seed})
    return rows
