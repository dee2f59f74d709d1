"""Creating events and their phases."""
import re
import unicodedata

from ..extensions import db
from ..models import Event, Phase
from ..tournament.errors import N_
from ..tournament.formats import FORMATS
from . import ServiceError, audit


def slugify(name: str) -> str:
    """A URL slug: ASCII words kept, other scripts fall back to a number later."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:60]


def unique_slug(name: str) -> str:
    """A slug no other event uses, nor a mirror link keeps for the event a venue will push."""
    from ..mirror.models import MirrorLink

    base = slugify(name)
    if len(base) < 3:  # a Japanese name leaves little ASCII: number it instead
        base = "event"
    slug, n = base, 1
    while db.session.query(Event.id).filter_by(slug=slug).first() or \
            db.session.query(MirrorLink.id).filter_by(slug=slug).first():
        n += 1
        slug = f"{base}-{n}"
    return slug


def create_event(name: str, ruleset: str, entrant_kind: str = "player", team_size: int = 1,
                 user=None, **fields) -> Event:
    """A new event with no phases yet."""
    name = name.strip()
    if not name:
        raise ServiceError("event.no_name", N_("Give the event a name."))
    slug = unique_slug(fields.pop("slug_hint", "") or name)
    event = Event(name=name, slug=slug, ruleset=ruleset,
                  entrant_kind=entrant_kind, team_size=team_size, **fields)
    db.session.add(event)
    db.session.flush()
    audit.record("event.create", user, event.id, name=name)
    return event


def add_phase(event: Event, name: str, format: str, match_type: str = "best_of", best_of: int = 3,
              group_count: int = 1, **options) -> Phase:
    """Append a phase to the event."""
    if format not in FORMATS:
        raise ServiceError("phase.format", N_("Unknown format: %(format)s."), format=format)
    phase = Phase(event=event, position=len(event.phases) + 1, name=name, format=format,
                  match_type=match_type, best_of=best_of, group_count=group_count, options=options)
    db.session.add(phase)
    return phase
