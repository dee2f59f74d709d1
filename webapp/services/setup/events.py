"""Creating events and their phases."""
import re
import unicodedata

from ...extensions import db
from ...models import Event, MirrorLink, Phase
from ...tournament.errors import N_
from ...tournament.formats import FORMATS
from .. import ServiceError
from ..accounts import audit
from . import game_catalogue, setup_checks
from .rules import STANDARD


def slugify(name: str) -> str:
    """A URL slug: ASCII words kept, other scripts fall back to a number later."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:60]


def unique_slug(name: str) -> str:
    """A slug no other event uses, nor a mirror link keeps for the event a venue will push."""
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
    """A new event with no phases yet; no rule set given: the standard one for its entrants."""
    name = name.strip()
    if not name:
        raise ServiceError("event.no_name", N_("Give the event a name."))
    ruleset = ruleset or STANDARD.get(entrant_kind, "standard_1on1")
    setup_checks.check_event(entrant_kind, team_size, ruleset)
    slug = unique_slug(fields.pop("slug_hint", "") or name)
    event = Event(name=name, slug=slug, ruleset=ruleset,
                  entrant_kind=entrant_kind, team_size=team_size, **fields)
    db.session.add(event)
    game_catalogue.note_names(event)
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


def is_archived(event: Event) -> bool:
    return bool((event.settings or {}).get("archived"))


def set_archived(event: Event, archived: bool, user=None) -> None:
    """Archived events leave the desk's and the public lists; nothing else changes (and it can be undone)."""
    event.settings = {**(event.settings or {}), "archived": archived}
    audit.record("event.archive" if archived else "event.unarchive", user, event.id, name=event.name)


def delete_event(event: Event, typed_name: str, user=None) -> None:
    """Delete an event and everything in it, once its name is typed to confirm.

    The operation log keeps what phones sent (it has no foreign keys): the desk is offered
    the event's log export before this."""
    if typed_name.strip() != event.name:
        raise ServiceError("event.delete_confirm",
                           N_("Type the event's name exactly (%(name)s) to delete it."), name=event.name)
    audit.record("event.delete", user, None, name=event.name, slug=event.slug, event=event.id)
    from .event_removal import remove  # (here: the removal reads every table's keys)
    remove(event)
