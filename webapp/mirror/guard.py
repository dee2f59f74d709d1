"""One writer per event at the desk: a desk change to an event run on another site is refused in
words (the rule itself, shared with the pipeline, is services/entries/access)."""
from ..extensions import db
from ..models import Entrant, Event, Phase
from ..services.entries.access import check_event_writer, event_of_match, read_only_events
from ..tournament.errors import RuleViolation
from ..web.i18n import translate_violation

_VIEW_EVENT = {
    "event_id": lambda i: i,
    "phase_id": lambda i: db.session.query(Phase.event_id).filter_by(id=i).scalar(),
    "entrant_id": lambda i: db.session.query(Entrant.event_id).filter_by(id=i).scalar(),
    "match_id": event_of_match,
    "slug": lambda s: db.session.query(Event.id).filter_by(slug=s).scalar(),  # a sign-up, a player's page
}


def refusal_for_view(view_args: dict) -> str | None:
    """The translated reason a desk change to this URL's event is refused here, else None."""
    if not read_only_events():
        return None
    for key, event_of in _VIEW_EVENT.items():
        if isinstance(view_args.get(key), int) or (key == "slug" and isinstance(view_args.get(key), str)):
            try:
                check_event_writer(event_of(view_args[key]))
            except RuleViolation as problem:
                return translate_violation(problem)
            return None
    return None
